import {
  type AdminStats,
  PAGE_MESSAGE,
  PROPOSABLE_FILTER_TYPES,
  type PropositionList,
  type ReindexEvent,
  type ReindexProgressEvent,
  type SearchKind,
} from '@skillers/domain';
import { REINDEX_LOCK_NAME, StoreLock } from '@skillers/indexing';
import { type JobQueue, RedisLock, type SharedLock } from '@skillers/queue';
import type { SearchIndex } from '@skillers/search';
import { SQLITE_FILE_NAME, SqliteRecordStore } from '@skillers/store';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { findRedisServer, startRedisServer } from '../../libs/queue/src/bullmq/redis-server.testing';
import { ADMIN_MESSAGES } from '../src/admin/admin.messages';
import { JOB_QUEUE, SEARCH_INDEX } from '../src/core/tokens';
import { withTableHidden } from './hidden-table';
import { createProject, type ErrorAnswer, UNKNOWN_ID } from './listing-fixtures';
import { readNdjson } from './ndjson';
import { seededDataDir } from './seeded-data-dir';
import { startTestApp, type TestApp, type TestUser } from './test-app';

const ADMIN_TOKEN = 'admin-token-for-tests-'.padEnd(48, '0');
const WRONG_TOKEN = 'admin-token-for-tests-'.padEnd(48, '1');

const postReindex = (api: TestApp, body: unknown = {}) =>
  fetch(`${api.baseUrl}/api/admin/reindex`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('admin API authentication', () => {
  let api: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    api = await startTestApp({ ADMIN_TOKEN });
    user = await api.signUp();
  });
  afterAll(() => api.close());

  it.each([
    ['GET', '/api/admin/stats'],
    ['POST', '/api/admin/reindex'],
    ['POST', '/api/admin/jobs/retry-failed'],
    ['GET', '/api/admin/propositions'],
    ['DELETE', `/api/admin/propositions/${UNKNOWN_ID}`],
  ])('refuses %s %s without a token', async (method, path) => {
    const response = await api.request<ErrorAnswer>(method, path);
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ statusCode: 401, message: ADMIN_MESSAGES.tokenMissing });
  });

  it('refuses a user JWT, a wrong token and another scheme, and takes the admin token', async () => {
    const asUser = await api.request<ErrorAnswer>('GET', '/api/admin/stats', { token: user.token });
    expect(asUser.status).toBe(401);
    expect(asUser.body.message).toBe(ADMIN_MESSAGES.tokenWrong);
    const wrong = await api.request<ErrorAnswer>('GET', '/api/admin/stats', { token: WRONG_TOKEN });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe(ADMIN_MESSAGES.tokenWrong);
    const basic = await api.request<ErrorAnswer>('GET', '/api/admin/stats', {
      headers: { authorization: `Basic ${ADMIN_TOKEN}` },
    });
    expect(basic.status).toBe(401);
    expect((await api.request('GET', '/api/admin/stats', { token: ADMIN_TOKEN })).status).toBe(200);
  });
});

describe('admin token kept in the data directory', () => {
  it('is generated private on first start when ADMIN_TOKEN is unset, and still valid after a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'skillers-admin-'));
    try {
      let api = await startTestApp({ DATA_DIR: dataDir });
      const file = join(dataDir, 'admin-token');
      const token = readFileSync(file, 'utf8').trim();
      expect(statSync(file).mode & 0o077).toBe(0);
      expect((await api.request('GET', '/api/admin/stats', { token })).status).toBe(200);
      await api.close();
      api = await startTestApp({ DATA_DIR: dataDir });
      expect((await api.request('GET', '/api/admin/stats', { token })).status).toBe(200);
      await api.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('admin API rate limit', () => {
  let api: TestApp;
  beforeAll(async () => {
    api = await startTestApp({ ADMIN_TOKEN });
  });
  afterAll(() => api.close());

  it('refuses every admin call from an address past 10 wrong tokens a minute, the right token included', async () => {
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await api.request('GET', '/api/admin/stats', { token: WRONG_TOKEN })).status).toBe(401);
    }
    const blocked = await api.request<ErrorAnswer & { retryAfterSeconds: number }>(
      'GET',
      '/api/admin/stats',
      {
        token: WRONG_TOKEN,
      },
    );
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(ADMIN_MESSAGES.tooManyFailures);
    expect(blocked.body.retryAfterSeconds).toBeGreaterThan(0);
    expect((await api.request('GET', '/api/admin/stats', { token: ADMIN_TOKEN })).status).toBe(429);
    expect((await api.request('GET', '/api/health')).status).toBe(200);
  });
});

describe('admin API', () => {
  const SEEDED = { projects: 1200, teammates: 1200 };
  let dataDir: string;
  let api: TestApp;
  let user: TestUser;

  const stats = async (): Promise<AdminStats> => {
    const response = await api.request<AdminStats>('GET', '/api/admin/stats', { token: ADMIN_TOKEN });
    expect(response.status).toBe(200);
    return response.body;
  };

  beforeAll(async () => {
    dataDir = await seededDataDir(SEEDED);
    // Short job retries, so a job uses every attempt within a test.
    api = await startTestApp({
      DATA_DIR: dataDir,
      ADMIN_TOKEN,
      JOB_ATTEMPTS: '5',
      JOB_BACKOFF_MS: '100',
      JOB_MAX_BACKOFF_MS: '400',
    });
    user = await api.signUp();
  }, 60_000);
  afterAll(async () => {
    await api.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('counts documents, records and jobs, and follows writes through the index pipeline', async () => {
    const before = await stats();
    expect(before).toMatchObject({
      index: { adapter: 'orama', documents: { project: 1200, teammate: 1200 } },
      store: { adapter: 'sqlite', projects: 1200, teammates: 1200, users: 1201 },
      queue: { adapter: 'in-process', waiting: 0, retrying: 0, active: 0, failed: 0 },
      failedJobs: [],
    });
    expect(before.index.version).toEqual(expect.any(Number));

    await createProject(api, user);
    // The write goes through the outbox and the index queue: on a loaded machine that takes over a second.
    await vi.waitFor(async () => expect((await stats()).index.documents.project).toBe(1201), {
      timeout: 10_000,
    });
    const after = await stats();
    expect(after.store.projects).toBe(1201);
    expect(after.queue?.completed).toBe((before.queue?.completed ?? 0) + 1);
  });

  it('streams a reindex as progress lines per kind, then done with the counts and the next version', async () => {
    const before = await stats();
    const response = await postReindex(api);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/x-ndjson');
    const events = await readNdjson<ReindexEvent>(response);

    const expected = { project: before.store.projects, teammate: before.store.teammates };
    expect(events.at(-1)).toEqual({
      type: 'done',
      counts: expected,
      ms: expect.any(Number),
      version: (before.index.version ?? 0) + 1,
    });
    const progress = events.slice(0, -1) as ReindexProgressEvent[];
    expect(progress.every((event) => event.type === 'progress')).toBe(true);
    for (const kind of ['project', 'teammate'] as const) {
      const done = progress.filter((event) => event.kind === kind).map((event) => event.done);
      expect(done).toEqual([0, 1000, expected[kind]]);
      expect(progress.filter((event) => event.kind === kind).every((e) => e.total === expected[kind])).toBe(
        true,
      );
    }
    expect((await stats()).index).toEqual({
      ...before.index,
      version: (before.index.version ?? 0) + 1,
      documents: expected,
    });
  });

  it('keeps the similarity vectors of the documents it rebuilds', async () => {
    const index = api.app.get<symbol, SearchIndex>(SEARCH_INDEX);
    const [project] = (
      await api.request<{ items: { _id: string }[] }>('POST', '/api/project/traditional_filtering_all', {
        body: { activeFilters: {} },
      })
    ).body.items;
    const before = await index.get(project._id);
    expect(before?.vector?.length).toBeGreaterThan(0);
    expect((await readNdjson<ReindexEvent>(await postReindex(api))).at(-1)?.type).toBe('done');
    expect((await index.get(project._id))?.vector).toEqual(before?.vector);
  });

  it('rebuilds one kind with --kind semantics and keeps the other kind searchable', async () => {
    const before = await stats();
    const response = await postReindex(api, { kind: 'teammate' });
    const events = await readNdjson<ReindexEvent>(response);
    const progressKinds = new Set(events.flatMap((event) => (event.type === 'progress' ? [event.kind] : [])));
    expect([...progressKinds]).toEqual(['teammate']);
    expect(events.at(-1)).toMatchObject({
      type: 'done',
      counts: { project: before.store.projects, teammate: before.store.teammates },
    });
    expect((await stats()).index.documents).toEqual(before.index.documents);
    const projects = await api.request<{ total: number }>('POST', '/api/project/traditional_filtering_all', {
      body: { activeFilters: {} },
    });
    expect(projects.body.total).toBe(before.store.projects);
  });

  it('keeps every search complete while a reindex runs: the same totals and pages, never partial or failed', async () => {
    const path: Record<SearchKind, string> = {
      project: '/api/project/traditional_filtering_all',
      teammate: '/api/teammate/traditional_filtering',
    };
    const firstIds = (kind: SearchKind, body: Record<string, unknown>) =>
      ((kind === 'project' ? body.items : body.teammates) as { _id: string }[]).map((item) => item._id);
    const search = async (kind: SearchKind, activeFilters: Record<string, unknown>) => {
      const response = await api.request('POST', path[kind], { body: { activeFilters } });
      return { status: response.status, total: response.body.total, ids: firstIds(kind, response.body) };
    };
    const unfiltered = await api.request<{ items: { toolsExperience: { tool: string }[] }[] }>(
      'POST',
      path.project,
      { body: { activeFilters: {} } },
    );
    const tool = unfiltered.body.items[0].toolsExperience[0].tool;
    const queries = [
      { kind: 'project', filters: {} },
      { kind: 'project', filters: { toolsExperience: [tool] } },
      { kind: 'teammate', filters: {} },
      { kind: 'teammate', filters: { toolsExperience: [tool] } },
    ] as const;
    const expected = await Promise.all(queries.map(({ kind, filters }) => search(kind, filters)));
    expect(expected.every(({ total }) => Number(total) > 0)).toBe(true);

    let phase: 'before' | 'during' | 'after' = 'before';
    const answers: { query: number; phase: string; status: number; total: unknown; ids: string[] }[] = [];
    const searchUntilDone = async (query: number) => {
      while (phase !== 'after') {
        const answer = await search(queries[query].kind, queries[query].filters);
        answers.push({ query, phase, ...answer });
      }
    };
    const searching = queries.flatMap((_, query) => [searchUntilDone(query), searchUntilDone(query)]);
    const events = await readNdjson<ReindexEvent>(await postReindex(api), (event) => {
      phase = event.type === 'progress' ? 'during' : 'after';
    });
    await Promise.all(searching);

    expect(events.at(-1)?.type).toBe('done');
    expect(answers.filter((answer) => answer.phase === 'during').length).toBeGreaterThan(0);
    for (const answer of answers) {
      expect(answer).toMatchObject({
        status: 200,
        total: expected[answer.query].total,
        ids: expected[answer.query].ids,
      });
    }
  });

  it('streams an error line when the rebuild fails, and leaves the live index as it was', async () => {
    const before = await stats();
    const events = await withTableHidden(dataDir, 'teammates', async () =>
      readNdjson<ReindexEvent>(await postReindex(api)),
    );
    expect(events.at(-1)).toEqual({ type: 'error', message: 'no such table: teammates' });
    expect(events.slice(0, -1).every((event) => event.type === 'progress')).toBe(true);
    expect((await stats()).index).toEqual(before.index);
    const retried = await readNdjson<ReindexEvent>(await postReindex(api));
    expect(retried.at(-1)).toMatchObject({ type: 'done', version: (before.index.version ?? 0) + 1 });
  });

  it('answers a second reindex with 409 while one runs, and takes one again once it is done', async () => {
    const first = await postReindex(api);
    expect(first.status).toBe(200);
    const second = await api.request<ErrorAnswer>('POST', '/api/admin/reindex', {
      token: ADMIN_TOKEN,
      body: {},
    });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(ADMIN_MESSAGES.reindexRunning);
    expect((await readNdjson<ReindexEvent>(first)).at(-1)?.type).toBe('done');
    const third = await postReindex(api, { kind: 'project' });
    expect(third.status).toBe(200);
    expect((await readNdjson<ReindexEvent>(third)).at(-1)?.type).toBe('done');
  });

  it.each([
    [{ kind: 'user' }, 'kind must be one of: project, teammate'],
    [{ kind: 5 }, 'kind must be one of: project, teammate'],
    [{ kind: 'project', batchSize: 10 }, 'Unknown field: batchSize'],
  ])('refuses the reindex body %j with 400', async (body, message) => {
    const response = await api.request<ErrorAnswer>('POST', '/api/admin/reindex', {
      token: ADMIN_TOKEN,
      body,
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
  });

  it('refuses a reindex body that is not JSON with 400', async () => {
    const response = await api.request<ErrorAnswer>('POST', '/api/admin/reindex', {
      token: ADMIN_TOKEN,
      rawBody: '{"kind":',
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('The request body is not valid JSON.');
  });

  it('lists jobs that used every attempt, and runs them again on retry-failed', async () => {
    const queue = api.app.get<symbol, JobQueue>(JOB_QUEUE);
    let storeDown = true;
    let runs = 0;
    queue.register('admin-spec-check', async () => {
      runs += 1;
      if (storeDown) throw new Error('store unreachable');
    });
    const startedAt = Date.now();
    const before = await stats();
    await queue.enqueue('admin-spec-check', {}, { jobId: 'check-1' });

    // Five attempts with the configured waits of 100, 200, 400 and 400 ms between them.
    await vi.waitFor(async () => expect((await stats()).queue?.failed).toBe(1), {
      timeout: 25_000,
      interval: 250,
    });
    const failed = await stats();
    expect(failed.failedJobs).toEqual([
      {
        name: 'admin-spec-check',
        jobId: 'check-1',
        error: 'store unreachable',
        attempts: 5,
        failedAt: expect.any(String),
      },
    ]);
    expect(Date.parse(failed.failedJobs[0].failedAt)).toBeGreaterThanOrEqual(startedAt);

    storeDown = false;
    const retry = await api.request('POST', '/api/admin/jobs/retry-failed', { token: ADMIN_TOKEN });
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual({ retried: 1 });
    await vi.waitFor(async () =>
      expect((await stats()).queue).toMatchObject({
        failed: 0,
        completed: (before.queue?.completed ?? 0) + 1,
      }),
    );
    expect((await stats()).failedJobs).toEqual([]);
    expect(runs).toBe(6);
  }, 40_000);

  describe('proposals', () => {
    let proposer: TestUser;
    const ids: Record<string, string> = {};
    const list = (query = '') =>
      api.request<PropositionList>('GET', `/api/admin/propositions${query}`, { token: ADMIN_TOKEN });

    beforeAll(async () => {
      proposer = await api.signUp();
      for (const [filterType, proposition] of [
        ['toolsExperience', 'Zig'],
        ['projectType', 'Co-operative'],
        ['toolsExperience', 'Odin'],
      ]) {
        const created = await api.request<{ proposition: { _id: string } }>('POST', '/api/proposition', {
          token: proposer.token,
          body: { filterType, proposition },
        });
        expect(created.status).toBe(201);
        ids[proposition] = created.body.proposition._id;
      }
    });

    it('lists stored proposals newest first with their proposer, by filter and by page', async () => {
      const all = await list();
      expect(all.status).toBe(200);
      expect(all.body).toMatchObject({ total: 3, pages: 1 });
      expect(all.body.propositions.map((item) => item.proposition)).toEqual(['Odin', 'Co-operative', 'Zig']);
      expect(all.body.propositions[0]).toEqual({
        _id: ids.Odin,
        proposition: 'Odin',
        filterType: 'toolsExperience',
        userId: proposer.id,
        username: proposer.username,
        createdAt: expect.any(String),
      });
      const tools = await list('?filterType=toolsExperience');
      expect(tools.body.propositions.map((item) => item._id)).toEqual([ids.Odin, ids.Zig]);
      expect(tools.body.total).toBe(2);
      const pastTheEnd = await list('?page=2');
      expect(pastTheEnd.body).toEqual({ propositions: [], total: 3, pages: 1 });
    });

    it.each([
      ['?filterType=colour', `filterType must be one of: ${PROPOSABLE_FILTER_TYPES.join(', ')}`],
      ['?page=0', PAGE_MESSAGE],
    ])('refuses the query %s with 400', async (query, message) => {
      const response = await api.request<ErrorAnswer>('GET', `/api/admin/propositions${query}`, {
        token: ADMIN_TOKEN,
      });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(message);
    });

    it('dismisses a proposal once: then 404, and 400 for a malformed id', async () => {
      const path = `/api/admin/propositions/${ids['Co-operative']}`;
      const dismissed = await api.request('DELETE', path, { token: ADMIN_TOKEN });
      expect(dismissed.status).toBe(200);
      expect(dismissed.body).toEqual({ dismissed: ids['Co-operative'] });
      expect((await list()).body.propositions.map((item) => item.proposition)).toEqual(['Odin', 'Zig']);
      const again = await api.request<ErrorAnswer>('DELETE', path, { token: ADMIN_TOKEN });
      expect(again.status).toBe(404);
      expect(again.body.message).toBe(ADMIN_MESSAGES.propositionNotFound);
      const malformed = await api.request<ErrorAnswer>('DELETE', '/api/admin/propositions/xyz', {
        token: ADMIN_TOKEN,
      });
      expect(malformed.status).toBe(400);
      expect(malformed.body.message).toBe('Malformed id');
    });
  });
});

describe('admin API: one reindex at a time across processes', () => {
  const redisBinary = findRedisServer();

  /** A reindex held by another process: through the same store, or the same Redis. */
  const refusedWhileHeldElsewhere = async (api: TestApp, other: SharedLock) => {
    const lease = await other.tryAcquire(REINDEX_LOCK_NAME);
    expect(lease?.held).toBe(true);
    const refused = await api.request<ErrorAnswer>('POST', '/api/admin/reindex', {
      token: ADMIN_TOKEN,
      body: {},
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(ADMIN_MESSAGES.reindexRunning);
    await lease!.release();
    const taken = await postReindex(api);
    expect(taken.status).toBe(200);
    expect((await readNdjson<ReindexEvent>(taken)).at(-1)?.type).toBe('done');
    // The finished reindex gave the lock back.
    const after = await other.tryAcquire(REINDEX_LOCK_NAME);
    expect(after?.held).toBe(true);
    await after!.release();
  };

  it('refuses a reindex while another process of the same store holds the lock (no Redis)', async () => {
    const api = await startTestApp({ ADMIN_TOKEN });
    const otherProcessStore = new SqliteRecordStore(join(api.dataDir, SQLITE_FILE_NAME));
    try {
      await refusedWhileHeldElsewhere(api, new StoreLock(otherProcessStore));
    } finally {
      await otherProcessStore.close();
      await api.close();
    }
  });

  it.skipIf(!redisBinary)('refuses a reindex while another process holds the lock in Redis', async () => {
    const redis = await startRedisServer(redisBinary as string);
    const api = await startTestApp({ ADMIN_TOKEN, REDIS_URL: redis.url });
    const otherProcessLock = new RedisLock(redis.url);
    try {
      await refusedWhileHeldElsewhere(api, otherProcessLock);
    } finally {
      await otherProcessLock.close();
      await api.close();
      await redis.stop();
    }
  });
});
