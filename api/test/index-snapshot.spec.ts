import type { ProjectRecord, ProjectView } from '@skillers/domain';
import { COLLECTIONS, newId, SQLITE_FILE_NAME, SqliteRecordStore } from '@skillers/store';
import { mkdtempSync, rmSync, statSync, truncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { INDEX_SNAPSHOT_FILE } from '../src/search/index-worker.service';
import { createProject } from './listing-fixtures';
import { startTestApp, type TestApp } from './test-app';

const dataDir = mkdtempSync(join(tmpdir(), 'skillers-api-snapshot-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const snapshotFile = join(dataDir, INDEX_SNAPSHOT_FILE);

const projectNames = async (api: TestApp): Promise<string[]> => {
  const answer = await api.request<{ items: ProjectView[] }>(
    'POST',
    '/api/project/traditional_filtering_all',
    {
      body: { activeFilters: {}, filtering_restriction: 'min_1_match' },
    },
  );
  expect(answer.status).toBe(200);
  return answer.body.items.map((project) => project.projectName).sort();
};

/**
 * Waits until the vectors the start-up build did not find in the vector cache are set in the background: the
 * index is saved only then (a snapshot lacking them would be turned down at the next start).
 */
const vectorsFilled = (api: TestApp) =>
  vi.waitFor(
    async () => {
      const health = await api.request<{ ports: { search: { detail?: string } } }>('GET', '/api/health');
      expect(health.body.ports.search.detail).toBeUndefined();
    },
    { timeout: 15_000, interval: 100 },
  );

/** When the snapshot file was last replaced: a start that rebuilds the index saves it again. */
const savedAt = () => statSync(snapshotFile).mtimeMs;

describe('the embedded index across restarts', () => {
  it('is saved at shutdown, loaded at start, and rebuilt when the store changed or the file is damaged', async () => {
    const first = await startTestApp({ DATA_DIR: dataDir });
    const owner = await first.signUp();
    await createProject(first, owner, { projectName: 'Farm app' });
    await vi.waitFor(async () => expect(await projectNames(first)).toEqual(['Farm app']), { timeout: 2000 });
    await first.close();
    // Created after the start's build, so only the save at shutdown holds it.
    const atShutdown = savedAt();

    const second = await startTestApp({ DATA_DIR: dataDir });
    expect(await projectNames(second)).toEqual(['Farm app']);
    await second.close();
    expect(savedAt()).toBe(atShutdown);

    // Written while the server is down (as another process, or a crash after the write, would leave it).
    const store = new SqliteRecordStore(join(dataDir, SQLITE_FILE_NAME));
    const projects = store.collection<ProjectRecord>(COLLECTIONS.projects);
    const [stored] = await projects.find({});
    await projects.insert({ ...stored, _id: newId(), projectName: 'Written while down' });
    await store.close();

    const third = await startTestApp({ DATA_DIR: dataDir });
    expect(await projectNames(third)).toEqual(['Farm app', 'Written while down']);
    await vectorsFilled(third);
    await third.close();
    const rebuiltAt = savedAt();
    expect(rebuiltAt).not.toBe(atShutdown);

    truncateSync(snapshotFile, 100);
    const fourth = await startTestApp({ DATA_DIR: dataDir });
    expect(await projectNames(fourth)).toEqual(['Farm app', 'Written while down']);
    await fourth.close();
    expect(savedAt()).not.toBe(rebuiltAt);
    expect(statSync(snapshotFile).size).toBeGreaterThan(100);
  });
});
