import { afterEach, describe, expect, it } from 'vitest';
import { QuietRetry } from './quiet-retry';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('QuietRetry', () => {
  let retry: QuietRetry | undefined;
  afterEach(() => retry?.stop());

  it('runs once, at the first check that finds no change since the one before', async () => {
    let changes = 0;
    const runs: number[] = [];
    retry = new QuietRetry(
      () => changes,
      60,
      () => runs.push(changes),
    );
    retry.schedule();
    retry.schedule();
    // Writes keep coming faster than the checks (a late timer fires after the earlier-due writer): no run.
    const writer = setInterval(() => changes++, 5);
    await sleep(300);
    clearInterval(writer);
    expect(runs).toEqual([]);
    const last = changes;
    await sleep(300);
    expect(runs).toEqual([last]);
    await sleep(150);
    expect(runs).toEqual([last]);
  });

  it('runs again after each new schedule, and nothing once stopped', async () => {
    let runs = 0;
    retry = new QuietRetry(
      () => 0,
      20,
      () => runs++,
    );
    retry.schedule();
    await sleep(100);
    retry.schedule();
    await sleep(100);
    expect(runs).toBe(2);
    retry.schedule();
    retry.stop();
    retry.schedule();
    await sleep(100);
    expect(runs).toBe(2);
  });
});
