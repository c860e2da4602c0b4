import type { ProjectRecord } from '@skillers/domain';
import { BullMqJobQueue, InProcessJobQueue, type JobQueue } from '@skillers/queue';
import { COLLECTIONS, SqliteRecordStore } from '@skillers/store';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { findRedisServer, startRedisServer } from '../../queue/src/bullmq/redis-server.testing';
import { INDEX_RECORD_JOB, type IndexRecordPayload } from './index-record.job';
import { indexChange, type OutboxEntry } from './index-outbox';
import { OutboxRelay } from './outbox-relay';
import { projectRecord as project } from './record-fixtures.testing';

const redisBinary = findRedisServer();

describe('outbox relay', () => {
  let folder: string;
  let store: SqliteRecordStore;
  let relay: OutboxRelay | undefined;
  const projects = () => store.collection<ProjectRecord>(COLLECTIONS.projects);
  const outbox = () => store.collection<OutboxEntry>(COLLECTIONS.indexOutbox);

  /** A create as the API makes it: the record and its outbox entry in one write, then handed over. */
  const create = async (record: ProjectRecord, relayTo?: OutboxRelay) => {
    const change = indexChange('project', record._id);
    await projects().insert(record, change.write);
    relayTo?.handOver(change.entry);
  };

  const recordingQueue = () => {
    const queue = new InProcessJobQueue();
    const runs: IndexRecordPayload[] = [];
    queue.register<IndexRecordPayload>(INDEX_RECORD_JOB, async (payload) => void runs.push(payload));
    return { queue, runs };
  };

  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'skillers-outbox-'));
    store = new SqliteRecordStore(join(folder, 'skillers.sqlite'));
  });
  afterEach(async () => {
    await relay?.stop();
    relay = undefined;
    await store.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('enqueues what it is handed, one job per record, and empties the outbox', async () => {
    const { queue, runs } = recordingQueue();
    relay = new OutboxRelay(store, queue);
    relay.start();
    const a = project('A');
    const b = project('B');
    await create(a, relay);
    await create(b, relay);
    const edit = indexChange('project', a._id);
    await projects().update(a._id, { projectName: 'A2' }, [], edit.write);
    relay.handOver(edit.entry);
    await relay.settled();
    await queue.start();
    await queue.drain();
    expect(runs.map((run) => run.id).sort()).toEqual([a._id, b._id].sort());
    expect(await outbox().count({})).toBe(0);
    await queue.close();
  });

  it('relays at start what an earlier process wrote but never enqueued, after the grace period', async () => {
    const crashed = project('written before a crash');
    await create(crashed);
    const { queue, runs } = recordingQueue();
    relay = new OutboxRelay(store, queue, { graceMs: 60_000, sweepMs: 50 });
    relay.start();
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Young entries may belong to a MongoDB write still under way: left alone until they are old enough.
    expect(await outbox().count({})).toBe(1);
    await relay.stop();

    relay = new OutboxRelay(store, queue, { graceMs: 0, sweepMs: 50 });
    relay.start();
    await relay.settled();
    await queue.start();
    await queue.drain();
    expect(runs).toEqual([{ kind: 'project', id: crashed._id }]);
    await queue.close();
  });

  describe.skipIf(!redisBinary)('with BullMQ on a Redis that goes down', () => {
    it('keeps every change in the store while Redis is down and enqueues them all once it is back', async () => {
      const redis = await startRedisServer(redisBinary as string, { appendOnly: true });
      const lines: string[] = [];
      const queue: JobQueue = new BullMqJobQueue({ redisUrl: redis.url, onError: () => undefined });
      try {
        await vi.waitFor(async () => expect(await queue.isReady()).toBe(true));
        relay = new OutboxRelay(store, queue, {
          backoffMs: 50,
          maxBackoffMs: 200,
          log: (l) => lines.push(l),
        });
        relay.start();
        await redis.pause();
        const records = Array.from({ length: 20 }, (_, i) => project(`written while Redis is down ${i}`));
        for (const record of records) await create(record, relay);
        await vi.waitFor(() => expect(lines).toHaveLength(1), { timeout: 5_000 });
        expect(lines[0]).toMatch(/^Index changes wait in the store's outbox: /);
        expect(await outbox().count({})).toBe(20);

        await redis.resume();
        await relay.settled();
        expect((await queue.stats()).waiting).toBe(20);
        expect(lines[1]).toMatch(/takes index changes again/);
      } finally {
        await relay?.stop();
        await queue.close();
        await redis.stop();
      }
    }, 30_000);
  });
});
