import { describe, expect, it, vi } from 'vitest';
import { describeJobQueueContract } from '../job-queue.contract';
import { InProcessJobQueue } from './in-process.job-queue';

describeJobQueueContract('in-process', async (options) => new InProcessJobQueue(options));

describe('InProcessJobQueue', () => {
  it('refuses settings that would stall or spin the queue', () => {
    expect(() => new InProcessJobQueue({ concurrency: 0 })).toThrow(RangeError);
    expect(() => new InProcessJobQueue({ concurrency: 1.5 })).toThrow(/concurrency/);
    expect(() => new InProcessJobQueue({ retry: { attempts: 0, backoffMs: 10 } })).toThrow(/attempts/);
    expect(() => new InProcessJobQueue({ retry: { attempts: 3, backoffMs: -1 } })).toThrow(/backoff/);
  });

  it('lets timers and messages through between the jobs of a long backlog', async () => {
    const queue = new InProcessJobQueue();
    const events: string[] = [];
    // Synchronous work, as the embedded store and index do it: 50 jobs of 0.2 ms outlast a 0 ms timer.
    queue.register<number>('index', async (n) => {
      const until = performance.now() + 0.2;
      while (performance.now() < until);
      events.push(`job ${n}`);
    });
    for (let n = 0; n < 50; n++) await queue.enqueue('index', n, { jobId: `j${n}` });
    setTimeout(() => events.push('timer'), 0);
    await queue.start();
    await queue.drain();
    const timerAt = events.indexOf('timer');
    expect(timerAt).toBeGreaterThan(0);
    expect(timerAt).toBeLessThan(events.length - 1);
  });

  it('on close, waits for the running job and drops the waiting ones', async () => {
    const queue = new InProcessJobQueue();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const finished: string[] = [];
    queue.register<string>('index', async (id) => {
      if (id === 'p1') await released;
      finished.push(id);
    });
    await queue.start();
    await queue.enqueue('index', 'p1', { jobId: 'p1' });
    await queue.enqueue('index', 'p2', { jobId: 'p2' });
    await vi.waitFor(async () => expect((await queue.stats()).active).toBe(1));

    let closed = false;
    const closing = queue.close().then(() => (closed = true));
    await Promise.resolve();
    expect(closed).toBe(false);
    release();
    await closing;
    expect(finished).toEqual(['p1']);
    await queue.drain();
    expect(await queue.stats()).toMatchObject({ waiting: 0, active: 0 });
  });

  it('on close, cancels a pending retry', async () => {
    const queue = new InProcessJobQueue({ retry: { attempts: 2, backoffMs: 60_000 } });
    let attempts = 0;
    queue.register('index', async () => {
      attempts += 1;
      throw new Error('store unavailable');
    });
    await queue.start();
    await queue.enqueue('index', {}, { jobId: 'p1' });
    await vi.waitFor(async () => expect(await queue.stats()).toMatchObject({ waiting: 1, active: 0 }));
    await queue.close();
    expect(attempts).toBe(1);
    expect(await queue.stats()).toMatchObject({ waiting: 0, active: 0 });
  });
});
