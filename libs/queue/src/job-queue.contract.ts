import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { JobQueueOptions } from './job-queue.options';
import type { JobQueue } from './job-queue.port';

interface RecordRef {
  kind: 'project' | 'teammate';
  id: string;
  version?: number;
}

const gate = () => {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
};

/** Long enough for a queue that ignored a rule to show it: a third job starting, an early drain. */
const SETTLE_MS = 150;
const WAIT = { timeout: 5_000, interval: 10 };
const QUICK_RETRY = { attempts: 3, backoffMs: 1 };

/** Behaviour every JobQueue adapter must show; each adapter's spec file runs it against a real queue. */
export const describeJobQueueContract = (
  adapterName: JobQueue['adapter'],
  open: (options: JobQueueOptions) => Promise<JobQueue>,
) => {
  describe(`JobQueue contract: ${adapterName}`, () => {
    const opened: JobQueue[] = [];
    const openQueue = async (options: JobQueueOptions = { retry: QUICK_RETRY }) => {
      const queue = await open(options);
      opened.push(queue);
      return queue;
    };
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((queue) => queue.close()));
    });

    it('reports its adapter and readiness, and refuses work once closed', async () => {
      const queue = await openQueue();
      expect(queue.adapter).toBe(adapterName);
      expect(await queue.isReady()).toBe(true);
      await queue.close();
      expect(await queue.isReady()).toBe(false);
      await expect(queue.enqueue('index', {}, { jobId: 'project:1' })).rejects.toThrow(/closed/);
    });

    it('refuses a second handler for the same job name', async () => {
      const queue = await openQueue();
      queue.register('index', async () => undefined);
      expect(() => queue.register('index', async () => undefined)).toThrow(/already has a handler/);
    });

    it('runs the handler with the payload on attempt 1, only once started', async () => {
      const queue = await openQueue();
      const calls: [RecordRef, number][] = [];
      queue.register<RecordRef>('index', async (payload, attempt) => {
        calls.push([payload, attempt]);
      });
      await queue.enqueue<RecordRef>('index', { kind: 'project', id: 'p1' }, { jobId: 'project:p1' });
      await sleep(SETTLE_MS);
      expect(calls).toEqual([]);
      expect(await queue.stats()).toEqual({ waiting: 1, retrying: 0, active: 0, failed: 0, completed: 0 });

      await queue.start();
      await queue.drain();
      expect(calls).toEqual([[{ kind: 'project', id: 'p1' }, 1]]);
      expect(await queue.stats()).toEqual({ waiting: 0, retrying: 0, active: 0, failed: 0, completed: 1 });
    });

    it('runs jobs with different ids, and the same id under different job names', async () => {
      const queue = await openQueue();
      const runs: string[] = [];
      queue.register<RecordRef>('index', async ({ id }) => void runs.push(`index ${id}`));
      queue.register<RecordRef>('remove', async ({ id }) => void runs.push(`remove ${id}`));
      await queue.start();
      await queue.enqueue<RecordRef>('index', { kind: 'project', id: 'p1' }, { jobId: 'project:p1' });
      await queue.enqueue<RecordRef>('index', { kind: 'project', id: 'p2' }, { jobId: 'project:p2' });
      await queue.enqueue<RecordRef>('remove', { kind: 'project', id: 'p1' }, { jobId: 'project:p1' });
      await queue.drain();
      expect(runs.sort()).toEqual(['index p1', 'index p2', 'remove p1']);
    });

    it('coalesces an id that is still waiting into one run with the first payload', async () => {
      const queue = await openQueue();
      const runs: RecordRef[] = [];
      queue.register<RecordRef>('index', async (payload) => void runs.push(payload));
      for (const version of [1, 2, 3]) {
        await queue.enqueue<RecordRef>(
          'index',
          { kind: 'project', id: 'p1', version },
          { jobId: 'project:p1' },
        );
      }
      await queue.enqueue<RecordRef>('index', { kind: 'teammate', id: 't1' }, { jobId: 'teammate:t1' });
      expect((await queue.stats()).waiting).toBe(2);

      await queue.start();
      await queue.drain();
      expect(runs).toHaveLength(2);
      expect(runs).toContainEqual({ kind: 'project', id: 'p1', version: 1 });
      expect(runs).toContainEqual({ kind: 'teammate', id: 't1' });
    });

    it('runs an id again when it is enqueued after its job finished', async () => {
      const queue = await openQueue();
      let runs = 0;
      queue.register('index', async () => void (runs += 1));
      await queue.start();
      await queue.enqueue('index', {}, { jobId: 'project:p1' });
      await queue.drain();
      await queue.enqueue('index', {}, { jobId: 'project:p1' });
      await queue.drain();
      expect(runs).toBe(2);
    });

    it('runs an id enqueued while its job runs exactly once more, afterwards, with the latest payload', async () => {
      // Two slots, so only the stable-id rule keeps the second run from overlapping the first.
      const queue = await openQueue({ concurrency: 2, retry: QUICK_RETRY });
      const firstRun = gate();
      const versions: number[] = [];
      let running = 0;
      let overlapped = false;
      queue.register<RecordRef>('index', async ({ version }) => {
        running += 1;
        overlapped ||= running > 1;
        versions.push(version ?? 0);
        if (version === 1) await firstRun.opened;
        running -= 1;
      });
      await queue.start();
      await queue.enqueue<RecordRef>(
        'index',
        { kind: 'project', id: 'p1', version: 1 },
        { jobId: 'project:p1' },
      );
      await vi.waitFor(() => expect(versions).toEqual([1]), WAIT);

      await queue.enqueue<RecordRef>(
        'index',
        { kind: 'project', id: 'p1', version: 2 },
        { jobId: 'project:p1' },
      );
      await queue.enqueue<RecordRef>(
        'index',
        { kind: 'project', id: 'p1', version: 3 },
        { jobId: 'project:p1' },
      );
      await sleep(SETTLE_MS);
      expect(versions).toEqual([1]);

      firstRun.open();
      await queue.drain();
      expect(versions).toEqual([1, 3]);
      expect(overlapped).toBe(false);
      expect((await queue.stats()).completed).toBe(2);
    });

    it('still runs the owed run when the running job fails for good', async () => {
      const queue = await openQueue({ retry: { attempts: 1, backoffMs: 1 } });
      const firstRun = gate();
      const versions: number[] = [];
      queue.register<RecordRef>('index', async ({ version }) => {
        versions.push(version ?? 0);
        if (version === 1) {
          await firstRun.opened;
          throw new Error('search index unavailable');
        }
      });
      await queue.start();
      await queue.enqueue<RecordRef>(
        'index',
        { kind: 'project', id: 'p1', version: 1 },
        { jobId: 'project:p1' },
      );
      await vi.waitFor(() => expect(versions).toEqual([1]), WAIT);
      await queue.enqueue<RecordRef>(
        'index',
        { kind: 'project', id: 'p1', version: 2 },
        { jobId: 'project:p1' },
      );
      firstRun.open();
      await queue.drain();
      expect(versions).toEqual([1, 2]);
      expect(await queue.stats()).toMatchObject({ failed: 1, completed: 1 });
    });

    it('retries a failing job with exponential backoff until it succeeds', async () => {
      const backoffMs = 40;
      const queue = await openQueue({ retry: { attempts: 4, backoffMs } });
      const attempts: number[] = [];
      const failedAt: number[] = [];
      const startedAt: number[] = [];
      queue.register('index', async (_payload, attempt) => {
        startedAt.push(performance.now());
        attempts.push(attempt);
        if (attempt < 3) {
          failedAt.push(performance.now());
          throw new Error(`attempt ${attempt} failed`);
        }
      });
      await queue.start();
      await queue.enqueue('index', {}, { jobId: 'project:p1' });
      await queue.drain();

      expect(attempts).toEqual([1, 2, 3]);
      // Timers may fire a millisecond early against this clock; the waits must still double.
      expect(startedAt[1] - failedAt[0]).toBeGreaterThanOrEqual(backoffMs - 2);
      expect(startedAt[2] - failedAt[1]).toBeGreaterThanOrEqual(2 * backoffMs - 2);
      expect(await queue.failed()).toEqual([]);
      expect(await queue.stats()).toEqual({ waiting: 0, retrying: 0, active: 0, failed: 0, completed: 1 });
    });

    it('does not add a run for an id enqueued while its job waits for a retry', async () => {
      const queue = await openQueue({ retry: { attempts: 2, backoffMs: 400 } });
      const attempts: number[] = [];
      queue.register('index', async (_payload, attempt) => {
        attempts.push(attempt);
        if (attempt === 1) throw new Error('store unavailable');
      });
      await queue.start();
      await queue.enqueue('index', {}, { jobId: 'project:p1' });
      await vi.waitFor(async () => {
        expect(attempts).toEqual([1]);
        expect(await queue.stats()).toMatchObject({ waiting: 1, retrying: 1, active: 0 });
      }, WAIT);

      await queue.enqueue('index', {}, { jobId: 'project:p1' });
      await queue.drain();
      expect(attempts).toEqual([1, 2]);
    });

    it('keeps a job that fails every attempt in the failed list, with its error and attempts', async () => {
      const queue = await openQueue({ retry: { attempts: 2, backoffMs: 1 } });
      let calls = 0;
      queue.register<RecordRef>('index', async () => {
        calls += 1;
        throw new Error('search index unavailable');
      });
      const before = Date.now();
      await queue.start();
      await queue.enqueue<RecordRef>('index', { kind: 'project', id: 'p1' }, { jobId: 'project:p1' });
      await queue.drain();

      expect(calls).toBe(2);
      const failures = await queue.failed();
      expect(failures).toEqual([
        {
          name: 'index',
          jobId: 'project:p1',
          payload: { kind: 'project', id: 'p1' },
          error: 'search index unavailable',
          attempts: 2,
          failedAt: expect.any(Date),
        },
      ]);
      expect(failures[0].failedAt.getTime()).toBeGreaterThanOrEqual(before);
      expect(await queue.stats()).toEqual({ waiting: 0, retrying: 0, active: 0, failed: 1, completed: 0 });
    });

    it('fails a job that has no handler, naming the job', async () => {
      const queue = await openQueue({ retry: { attempts: 1, backoffMs: 1 } });
      await queue.start();
      await queue.enqueue('reindex', {}, { jobId: 'all' });
      await queue.drain();
      expect(await queue.failed()).toMatchObject([
        { name: 'reindex', error: 'No handler is registered for job "reindex"', attempts: 1 },
      ]);
    });

    it('lists failures newest first, up to the limit', async () => {
      const queue = await openQueue({ retry: { attempts: 1, backoffMs: 1 } });
      queue.register<RecordRef>('index', async ({ id }) => {
        throw new Error(`cannot index ${id}`);
      });
      await queue.start();
      for (const id of ['p1', 'p2', 'p3']) {
        await queue.enqueue<RecordRef>('index', { kind: 'project', id }, { jobId: `project:${id}` });
        await queue.drain();
      }
      expect((await queue.failed(2)).map((failure) => failure.error)).toEqual([
        'cannot index p3',
        'cannot index p2',
      ]);
      expect(await queue.failed()).toHaveLength(3);
    });

    it('runs a failed id again when it is enqueued, and keeps the failure listed', async () => {
      const queue = await openQueue({ retry: { attempts: 1, backoffMs: 1 } });
      let healthy = false;
      let successes = 0;
      queue.register('index', async () => {
        if (!healthy) throw new Error('store unavailable');
        successes += 1;
      });
      await queue.start();
      await queue.enqueue('index', {}, { jobId: 'project:p1' });
      await queue.drain();
      healthy = true;
      await queue.enqueue('index', {}, { jobId: 'project:p1' });
      await queue.drain();
      expect(successes).toBe(1);
      expect(await queue.stats()).toMatchObject({ failed: 1, completed: 1 });
    });

    it('retryFailed() runs every failed job again and empties the failed list', async () => {
      const queue = await openQueue({ retry: { attempts: 1, backoffMs: 1 } });
      let healthy = false;
      const indexed: string[] = [];
      queue.register<RecordRef>('index', async ({ id }, attempt) => {
        if (!healthy) throw new Error('store unavailable');
        indexed.push(`${id} on attempt ${attempt}`);
      });
      await queue.start();
      await queue.enqueue<RecordRef>('index', { kind: 'project', id: 'p1' }, { jobId: 'project:p1' });
      await queue.enqueue<RecordRef>('index', { kind: 'project', id: 'p2' }, { jobId: 'project:p2' });
      await queue.drain();
      expect(await queue.failed()).toHaveLength(2);

      healthy = true;
      expect(await queue.retryFailed()).toBe(2);
      await queue.drain();
      expect(indexed.sort()).toEqual(['p1 on attempt 1', 'p2 on attempt 1']);
      expect(await queue.failed()).toEqual([]);
      expect(await queue.stats()).toMatchObject({ failed: 0, completed: 2 });
      expect(await queue.retryFailed()).toBe(0);
    });

    it('drain() waits for the running job', async () => {
      const queue = await openQueue();
      const release = gate();
      let started = false;
      queue.register('index', async () => {
        started = true;
        await release.opened;
      });
      await queue.start();
      await queue.enqueue('index', {}, { jobId: 'project:p1' });
      await vi.waitFor(() => expect(started).toBe(true), WAIT);

      let drained = false;
      const draining = queue.drain().then(() => (drained = true));
      await sleep(SETTLE_MS);
      expect(drained).toBe(false);
      expect((await queue.stats()).active).toBe(1);

      release.open();
      await draining;
      expect(await queue.stats()).toEqual({ waiting: 0, retrying: 0, active: 0, failed: 0, completed: 1 });
    });

    it.each([
      { concurrency: undefined, expected: 1 },
      { concurrency: 3, expected: 3 },
    ])(
      'runs at most $expected jobs at a time when concurrency is $concurrency',
      async ({ concurrency, expected }) => {
        const queue = await openQueue({ concurrency, retry: QUICK_RETRY });
        const release = gate();
        const done: string[] = [];
        let running = 0;
        let most = 0;
        queue.register<string>('index', async (id) => {
          running += 1;
          most = Math.max(most, running);
          await release.opened;
          running -= 1;
          done.push(id);
        });
        const ids = ['p1', 'p2', 'p3', 'p4', 'p5'];
        for (const id of ids) await queue.enqueue('index', id, { jobId: id });
        await queue.start();
        await vi.waitFor(() => expect(running).toBe(expected), WAIT);
        await sleep(SETTLE_MS);
        expect(running).toBe(expected);

        release.open();
        await queue.drain();
        expect(most).toBe(expected);
        expect(done.sort()).toEqual(ids);
      },
    );
  });
};
