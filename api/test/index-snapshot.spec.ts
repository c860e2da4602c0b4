import type { ProjectRecord, ProjectView } from '@skillers/domain';
import { COLLECTIONS, newId, SQLITE_FILE_NAME, SqliteRecordStore } from '@skillers/store';
import { mkdtempSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { INDEX_SNAPSHOT_FILE } from '../src/indexing/index-worker.service';
import { createProject, projectBody } from './listing-fixtures';
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
    await vi.waitFor(async () => expect(await projectNames(first)).toEqual(['Farm app']), {
      timeout: 10_000,
    });
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

  it('builds the index again from the store when a section checked after the start is damaged', async () => {
    const ownDir = mkdtempSync(join(dataDir, 'damaged-'));
    const ownFile = join(ownDir, INDEX_SNAPSHOT_FILE);
    const first = await startTestApp({ DATA_DIR: ownDir });
    await createProject(first, await first.signUp(), { projectName: 'Orchard planner' });
    await vi.waitFor(async () => expect(await projectNames(first)).toEqual(['Orchard planner']));
    await first.close();
    // The search texts are read where the file holds them and checked once the server answers.
    const bytes = readFileSync(ownFile);
    bytes[bytes.lastIndexOf('Orchard planner')] ^= 0xff;
    writeFileSync(ownFile, bytes);
    const damagedAt = statSync(ownFile).mtimeMs;

    const second = await startTestApp({ DATA_DIR: ownDir });
    expect(await projectNames(second)).toEqual(['Orchard planner']);
    // Built again and saved over the damaged file.
    await vi.waitFor(() => expect(statSync(ownFile).mtimeMs).not.toBe(damagedAt), { timeout: 15_000 });
    expect(await projectNames(second)).toEqual(['Orchard planner']);
    // Ready again once the index is built again.
    await vi.waitFor(async () => expect((await second.request('GET', '/api/ready')).status).toBe(200), {
      timeout: 15_000,
    });
    await second.close();
    expect(readFileSync(ownFile).includes('Orchard planner')).toBe(true);
  });

  it('answers free text after a restart as before it, texts written, removed and rewritten included', async () => {
    const textDir = mkdtempSync(join(dataDir, 'text-'));
    const textFile = join(textDir, INDEX_SNAPSHOT_FILE);
    /** The ranked names and the words each holds, for queries whose BM25 decides the order. */
    const ranked = async (api: TestApp) => {
      const answers: string[][] = [];
      for (const text of ['solar farm', 'farm', 'plan', 'weather data solar']) {
        const answer = await api.request<{ items: (ProjectView & { why: { text?: string[] } })[] }>(
          'POST',
          '/api/project/traditional_filtering_all',
          { body: { activeFilters: {}, filtering_restriction: 'min_1_match', text } },
        );
        expect(answer.status).toBe(200);
        answers.push(
          answer.body.items.map((item) => `${item.projectName}: ${item.why.text?.join(',') ?? ''}`),
        );
      }
      return answers;
    };
    const first = await startTestApp({ DATA_DIR: textDir });
    const owner = await first.signUp();
    const descriptions = [
      'Solar panels for farms',
      'Solar roof planner with farm weather data and a long list of other words',
      'Farm data platform',
      'Weather station network',
      'Solar farm monitoring',
      'Planner for solar installers',
    ];
    const created: ProjectRecord[] = [];
    for (const [n, description] of descriptions.entries())
      created.push(await createProject(first, owner, { projectName: `Project ${n}`, description }));
    const removed = await first.request('DELETE', '/api/user/myProjects', {
      token: owner.token,
      body: { project_id: created[1]._id },
    });
    expect(removed.status).toBe(200);
    const edited = await first.request('PUT', `/api/project/editProject/${created[3]._id}`, {
      token: owner.token,
      body: projectBody({ projectName: 'Project 3', description: 'Weather data for solar farm planners' }),
    });
    expect(edited.status).toBe(200);
    await vi.waitFor(
      async () => {
        expect(await projectNames(first)).toHaveLength(5);
        expect((await ranked(first))[1]).toContain('Project 3: farm');
      },
      { timeout: 10_000 },
    );

    const before = await ranked(first);
    expect(before[0][0]).toMatch(/^Project [04]: /);
    await first.close();
    const atShutdown = statSync(textFile).mtimeMs;

    const second = await startTestApp({ DATA_DIR: textDir });
    expect(await ranked(second)).toEqual(before);
    await second.close();
    // Loaded, not rebuilt: a rebuild would have saved the file again.
    expect(statSync(textFile).mtimeMs).toBe(atShutdown);
  });
});
