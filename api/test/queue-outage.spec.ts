import { ADMIN_TOKEN_FILE, type AdminStats } from '@skillers/domain';
import { SQLITE_FILE_NAME } from '@skillers/store';
import Database from 'better-sqlite3';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  findRedisServer,
  REDIS_SERVER_MISSING,
  type RestartableRedisServer,
  startRedisServer,
} from '../../libs/queue/src/bullmq/redis-server.testing';
import { BUILT_SERVER, call, exited, type Running, signUpOn, startServer, stopServer } from './built-server';
import { projectBody, profileBody } from './listing-fixtures';

const redisBinary = findRedisServer();
if (!redisBinary) console.warn(REDIS_SERVER_MISSING);

const PASSWORD = 'queue-outage-password';
/** Members writing during the outage before the kill, and after the restart. */
const MEMBERS_BEFORE_KILL = 24;
const MEMBERS_AFTER_RESTART = 30;
/** Each member creates a profile and this many projects, then edits every one of them. */
const PROJECTS_PER_MEMBER = 4;
/** The first server is killed once this many writes of the outage have been acknowledged. */
const ACKNOWLEDGED_BEFORE_KILL = 120;
const CONCURRENT_CLIENTS = 4;
/** The bound for a request while Redis is down: answered, not waiting for the queue. */
const ANSWER_BOUND_MS = 1_000;
const CREATED_TOOL = { project: 'React', teammate: 'Figma' } as const;
const EDITED_TOOL = 'Kotlin';

type Kind = 'project' | 'teammate';

interface Member {
  name: string;
  token: string;
}

/** Every write answered with a 2xx, by record. */
interface Written {
  kind: Kind;
  writes: number;
  edited: boolean;
}

const describeOutage = redisBinary ? describe : describe.skip;

describeOutage('index changes through a Redis outage (embedded store, BullMQ on a real Redis)', () => {
  let redis: RestartableRedisServer;
  let dataDir: string;
  let server: Running | undefined;
  const written = new Map<string, Written>();
  /** Records with an edit sent but never answered: the kill may have landed before or after its commit. */
  const editsInFlight = new Set<string>();
  const slowOrFailed: string[] = [];
  let slowest = 0;

  const storeFile = () => join(dataDir, SQLITE_FILE_NAME);

  /** Pending index changes per record, read from the SQLite file as another process would. */
  const outboxByRecord = (): Map<string, number> => {
    const db = new Database(storeFile(), { readonly: true, fileMustExist: true });
    try {
      const rows = db.prepare('SELECT doc FROM index_outbox').all() as { doc: string }[];
      const counts = new Map<string, number>();
      for (const { doc } of rows) {
        const { recordId } = JSON.parse(doc) as { recordId: string };
        counts.set(recordId, (counts.get(recordId) ?? 0) + 1);
      }
      return counts;
    } finally {
      db.close();
    }
  };

  const signUp = async (baseUrl: string, name: string): Promise<Member> => ({
    name,
    token: (await signUpOn(baseUrl, name, PASSWORD)).token,
  });

  /**
   * Each member creates a profile and projects, then edits each of them, a few members at a time. Every
   * answer is timed; `onAcknowledged` may kill the server, after which the remaining requests fail and the
   * clients stop.
   */
  const writeAll = async (baseUrl: string, members: readonly Member[], onAcknowledged = () => undefined) => {
    let stopped = false;
    const timed = async <T>(label: string, method: string, path: string, body: unknown, token: string) => {
      const started = performance.now();
      let answer;
      try {
        answer = await call<T>(baseUrl, method, path, body, token);
      } catch (error) {
        // Refused or reset by the kill: never acknowledged.
        stopped = true;
        throw error;
      }
      const ms = performance.now() - started;
      slowest = Math.max(slowest, ms);
      if (answer.status >= 300 || ms >= ANSWER_BOUND_MS) {
        slowOrFailed.push(`${label}: ${answer.status} in ${Math.round(ms)} ms`);
      }
      return answer;
    };
    const acknowledge = (id: string, kind: Kind, edited: boolean) => {
      const record = written.get(id) ?? { kind, writes: 0, edited: false };
      written.set(id, { kind, writes: record.writes + 1, edited: record.edited || edited });
      onAcknowledged();
    };
    const writeMember = async ({ name, token }: Member) => {
      const profile = await timed<{ teammate: { _id: string } }>(
        `${name} creates a profile`,
        'POST',
        '/api/teammate',
        profileBody({ nickname: name, toolsExperience: [{ tool: CREATED_TOOL.teammate, mep: 4 }] }),
        token,
      );
      acknowledge(profile.body.teammate._id, 'teammate', false);
      const projects: string[] = [];
      for (let n = 0; n < PROJECTS_PER_MEMBER && !stopped; n += 1) {
        const created = await timed<{ project: { _id: string } }>(
          `${name} creates project ${n}`,
          'POST',
          '/api/project',
          projectBody({
            projectName: `${name} project ${n}`,
            toolsExperience: [{ tool: CREATED_TOOL.project, mep: 3 }],
          }),
          token,
        );
        acknowledge(created.body.project._id, 'project', false);
        projects.push(created.body.project._id);
      }
      if (stopped) return;
      editsInFlight.add(profile.body.teammate._id);
      await timed(
        `${name} edits the profile`,
        'PUT',
        '/api/teammate/editTeammate',
        profileBody({ nickname: name, toolsExperience: [{ tool: EDITED_TOOL, mep: 2 }] }),
        token,
      );
      acknowledge(profile.body.teammate._id, 'teammate', true);
      editsInFlight.delete(profile.body.teammate._id);
      for (const id of projects) {
        if (stopped) return;
        editsInFlight.add(id);
        await timed(
          `${name} edits project ${id}`,
          'PUT',
          `/api/project/editProject/${id}`,
          projectBody({ projectName: `${name} edited`, toolsExperience: [{ tool: EDITED_TOOL, mep: 1 }] }),
          token,
        );
        acknowledge(id, 'project', true);
        editsInFlight.delete(id);
      }
    };
    const queue = [...members];
    const client = async () => {
      for (let member = queue.shift(); member && !stopped; member = queue.shift()) await writeMember(member);
    };
    const outcomes = await Promise.allSettled(Array.from({ length: CONCURRENT_CLIENTS }, client));
    const unexpected = outcomes.find(
      (outcome) => outcome.status === 'rejected' && !String(outcome.reason).includes('fetch failed'),
    );
    if (unexpected?.status === 'rejected') throw unexpected.reason;
  };

  const signUpAll = async (baseUrl: string, prefix: string, count: number) => {
    const members: Member[] = [];
    for (let n = 0; n < count; n += 1) members.push(await signUp(baseUrl, `${prefix}${n}`));
    return members;
  };

  /** Every record acknowledged so far has at least one pending change per acknowledged write. */
  const expectEveryWritePending = (ids: readonly string[]) => {
    const pending = outboxByRecord();
    const missing = ids.filter((id) => (pending.get(id) ?? 0) < written.get(id)!.writes);
    expect(missing).toEqual([]);
  };

  beforeAll(async () => {
    if (!existsSync(BUILT_SERVER)) {
      throw new Error(`${BUILT_SERVER} is missing: run "npm run build:server" first (npm test does).`);
    }
    redis = await startRedisServer(redisBinary as string, { appendOnly: true });
    dataDir = mkdtempSync(join(tmpdir(), 'skillers-outage-'));
  });

  afterAll(async () => {
    await stopServer(server);
    await redis?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers every write while Redis is down and keeps each change pending through a kill', async () => {
    server = await startServer(dataDir, { REDIS_URL: redis.url });
    const first = server;
    const before = await signUpAll(first.baseUrl, 'early', MEMBERS_BEFORE_KILL);
    await redis.pause();

    let acknowledged = 0;
    await writeAll(first.baseUrl, before, () => {
      acknowledged += 1;
      if (acknowledged === ACKNOWLEDGED_BEFORE_KILL) first.child.kill('SIGKILL');
    });
    await exited(first);
    expect(first.child.signalCode).toBe('SIGKILL');
    expect(acknowledged).toBeGreaterThanOrEqual(ACKNOWLEDGED_BEFORE_KILL);
    // Nothing could reach Redis: every acknowledged write left its change in the store, kill or not.
    expectEveryWritePending([...written.keys()]);
    expect(slowOrFailed).toEqual([]);
  }, 120_000);

  it('answers every write of a restarted server while Redis is down again', async () => {
    await redis.resume();
    server = await startServer(dataDir, { REDIS_URL: redis.url });
    const later = await signUpAll(server.baseUrl, 'late', MEMBERS_AFTER_RESTART);
    await redis.pause();
    const earlier = new Set(written.keys());

    await writeAll(server.baseUrl, later);
    const afterRestart = [...written.keys()].filter((id) => !earlier.has(id));
    expect(afterRestart).toHaveLength(MEMBERS_AFTER_RESTART * (1 + PROJECTS_PER_MEMBER));
    expectEveryWritePending(afterRestart);
    expect(slowOrFailed).toEqual([]);
    const editedRecords = [...written.values()].filter((record) => record.edited).length;
    expect(editedRecords).toBeGreaterThanOrEqual(200);
  }, 120_000);

  it('indexes every acknowledged change once Redis is back', async () => {
    await redis.resume();
    const { baseUrl } = server!;
    await expect.poll(() => outboxByRecord().size, { timeout: 60_000, interval: 200 }).toBe(0);
    const adminToken = readFileSync(join(dataDir, ADMIN_TOKEN_FILE), 'utf8').trim();
    const stats = async () =>
      (await call<AdminStats>(baseUrl, 'GET', '/api/admin/stats', undefined, adminToken)).body;
    await expect
      .poll(
        async () => {
          const { queue } = await stats();
          return queue && queue.waiting + queue.active;
        },
        { timeout: 60_000, interval: 200 },
      )
      .toBe(0);
    const { index, store } = await stats();
    expect(index.documents).toEqual({ project: store.projects, teammate: store.teammates });

    const found = async (kind: Kind, tool: string): Promise<Set<string>> => {
      const ids = new Set<string>();
      for (let page = 1; ; page += 1) {
        const answer =
          kind === 'project'
            ? await call<{ items: { _id: string }[]; total: number }>(
                baseUrl,
                'POST',
                '/api/project/traditional_filtering_all',
                {
                  activeFilters: { toolsExperience: [tool] },
                  page,
                },
              )
            : await call<{ teammates: { _id: string }[]; total: number }>(
                baseUrl,
                'POST',
                '/api/teammate/traditional_filtering',
                {
                  activeFilters: { toolsExperience: [tool] },
                  page,
                },
              );
        expect(answer.status).toBe(200);
        const body = answer.body as {
          items?: { _id: string }[];
          teammates?: { _id: string }[];
          total: number;
        };
        const items = body.items ?? body.teammates ?? [];
        for (const item of items) ids.add(item._id);
        if (items.length === 0 || ids.size >= body.total) return ids;
      }
    };
    for (const kind of ['project', 'teammate'] as const) {
      const records = [...written].filter(([, record]) => record.kind === kind);
      const edited = await found(kind, EDITED_TOOL);
      const unedited = await found(kind, CREATED_TOOL[kind]);
      // Each edit replaced the tool: the index holds every record in its last acknowledged state.
      expect(records.filter(([id, record]) => record.edited && !edited.has(id)).map(([id]) => id)).toEqual(
        [],
      );
      expect(records.filter(([id, record]) => record.edited && unedited.has(id)).map(([id]) => id)).toEqual(
        [],
      );
      const neverEdited = records.filter(([id, record]) => !record.edited && !editsInFlight.has(id));
      expect(neverEdited.filter(([id]) => !unedited.has(id)).map(([id]) => id)).toEqual([]);
      // An edit cut off by the kill was never acknowledged: either state may have been kept, but exactly one.
      const cutOff = records.filter(([id, record]) => !record.edited && editsInFlight.has(id));
      expect(cutOff.filter(([id]) => edited.has(id) === unedited.has(id)).map(([id]) => id)).toEqual([]);
    }
    console.log(
      `Queue outage: ${written.size} records written while Redis was down (${[...written.values()].filter((r) => r.edited).length} edited), ` +
        `slowest answer ${Math.round(slowest)} ms; all indexed after Redis came back.`,
    );
  }, 120_000);
});
