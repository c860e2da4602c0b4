import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadTimeoutError, withTimeout } from './lazy-with-timeout';

describe('withTimeout', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits 120 seconds for a chunk by default', () => {
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
  });

  it('resolves with the loaded module when it arrives in time', async () => {
    const loading = withTimeout(
      () => new Promise<string>((resolve) => setTimeout(() => resolve('module'), 119_000)),
    );
    await vi.advanceTimersByTimeAsync(119_000);
    await expect(loading).resolves.toBe('module');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('rejects once the limit passes without an answer', async () => {
    const loading = withTimeout(() => new Promise<never>(() => undefined));
    const outcome = loading.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    let settled = false;
    void outcome.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(ChunkLoadTimeoutError);
    expect((error as Error).message).toBe('The page took longer than 120 seconds to load.');
  });

  it('passes a failed load on unchanged and stops its timer', async () => {
    const failure = new Error('Failed to fetch dynamically imported module');
    await expect(withTimeout(() => Promise.reject(failure), 1_000)).rejects.toBe(failure);
    expect(vi.getTimerCount()).toBe(0);
  });
});
