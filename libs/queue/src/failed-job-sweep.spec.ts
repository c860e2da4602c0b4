import { describe, expect, it } from 'vitest';
import { FailedJobSweep } from './failed-job-sweep';
import { InProcessJobQueue } from './in-process/in-process.job-queue';
import { DEFAULT_RETRY_POLICY, resolveJobQueueOptions, retryDelayMs } from './job-queue.options';

describe('retry policy', () => {
  it('doubles the wait from the first backoff up to the cap', () => {
    const policy = { attempts: 8, backoffMs: 100, maxBackoffMs: 500 };
    expect([1, 2, 3, 4, 5].map((retry) => retryDelayMs(policy, retry))).toEqual([100, 200, 400, 500, 500]);
  });

  it('keeps a job trying for minutes by default, so it outlasts a restart of the index', () => {
    const policy = resolveJobQueueOptions().retry;
    expect(policy).toEqual(DEFAULT_RETRY_POLICY);
    const waits = Array.from({ length: policy.attempts - 1 }, (_, at) => retryDelayMs(policy, at + 1));
    expect(Math.max(...waits)).toBe(60_000);
    expect(waits.reduce((sum, wait) => sum + wait, 0)).toBe(363_000);
  });

  it('refuses a cap below the first backoff', () => {
    expect(() =>
      resolveJobQueueOptions({ retry: { attempts: 3, backoffMs: 100, maxBackoffMs: 50 } }),
    ).toThrow(/cap/);
  });
});

describe('FailedJobSweep', () => {
  it('retries failed jobs only once what they need answers again', async () => {
    const queue = new InProcessJobQueue({ retry: { attempts: 1, backoffMs: 0 } });
    let up = false;
    const done: string[] = [];
    queue.register<string>('index', async (id) => {
      if (!up) throw new Error('index down');
      done.push(id);
    });
    await queue.start();
    await queue.enqueue('index', 'a', { jobId: 'a' });
    await queue.enqueue('index', 'b', { jobId: 'b' });
    await queue.drain();
    const sweep = new FailedJobSweep(queue, { ready: () => Promise.resolve(up) });
    expect(await sweep.sweep()).toBe(0);
    expect((await queue.stats()).failed).toBe(2);
    up = true;
    expect(await sweep.sweep()).toBe(2);
    await queue.drain();
    expect(done.sort()).toEqual(['a', 'b']);
    expect(await queue.stats()).toMatchObject({ failed: 0, completed: 2 });
    expect(await sweep.sweep()).toBe(0);
    await queue.close();
  });
});
