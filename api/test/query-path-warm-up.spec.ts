import { WARM_UP_QUERIES_PER_KIND } from '@skillers/search';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryPathWarmUp } from '../src/indexing/query-path-warm-up.state';
import { SnapshotCheck } from '../src/indexing/snapshot-check.state';
import { createProject } from './listing-fixtures';
import { startTestApp, type TestApp } from './test-app';

describe('readiness after a start: the query path warmed, the snapshot checked', () => {
  let api: TestApp | undefined;
  let dataDir: string | undefined;
  afterEach(async () => {
    await api?.close();
    api = undefined;
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    dataDir = undefined;
  });

  it(
    'runs synthetic queries of each kind the index holds once it is loaded',
    { timeout: 60_000 },
    async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'skillers-warm-up-'));
      const first = await startTestApp({ DATA_DIR: dataDir });
      const idle = first.app.get(QueryPathWarmUp);
      await vi.waitFor(() => expect(idle.pending()).toBe(false));
      // An empty index has nothing to warm.
      expect(idle.warmedQueries).toBe(0);
      await createProject(first, await first.signUp(), { projectName: 'Warm start' });
      await vi.waitFor(async () => {
        const found = await first.request<{ total: number }>(
          'POST',
          '/api/project/traditional_filtering_all',
          {
            body: { activeFilters: {} },
          },
        );
        expect(found.body.total).toBe(1);
      });
      await first.close();

      api = await startTestApp({ DATA_DIR: dataDir });
      const warmUp = api.app.get(QueryPathWarmUp);
      await vi.waitFor(() => expect(warmUp.pending()).toBe(false), { timeout: 20_000 });
      expect(warmUp.warmedQueries).toBe(WARM_UP_QUERIES_PER_KIND);
    },
  );

  it('keeps /api/ready at no while it runs', { timeout: 30_000 }, async () => {
    api = await startTestApp();
    const app = api;
    const warmUp = app.app.get(QueryPathWarmUp);
    await vi.waitFor(() => expect(warmUp.pending()).toBe(false));
    let finish = (_queries: number) => {};
    warmUp.start(() => new Promise<number>((resolve) => (finish = resolve)));

    const warming = await app.request<{ status: string; notReady: string[] }>('GET', '/api/ready');
    expect(warming.status).toBe(503);
    expect(warming.body.notReady).toContain('query path warm');
    finish(7);
    await vi.waitFor(async () => expect((await app.request('GET', '/api/ready')).status).toBe(200));
    expect(warmUp.warmedQueries).toBe(7);
  });

  it(
    'keeps /api/ready at no while the snapshot is checked after the start',
    { timeout: 30_000 },
    async () => {
      api = await startTestApp();
      const app = api;
      await vi.waitFor(async () => expect((await app.request('GET', '/api/ready')).status).toBe(200));
      const check = app.app.get(SnapshotCheck);
      check.begin();
      const checking = await app.request<{ notReady: string[] }>('GET', '/api/ready');
      expect(checking.status).toBe(503);
      expect(checking.body.notReady).toEqual(['index checked']);
      check.end();
      expect((await app.request('GET', '/api/ready')).status).toBe(200);
    },
  );
});
