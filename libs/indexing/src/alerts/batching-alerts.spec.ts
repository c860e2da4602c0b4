import type { SearchDocument } from '@skillers/domain';
import { describe, expect, it } from 'vitest';
import { BatchingAlerts } from './batching-alerts';

const doc = (id: string) => ({ id }) as SearchDocument;

describe('batching alerts', () => {
  it('hands records added together to one call, and a full batch at once', async () => {
    const calls: string[][] = [];
    const batches = new BatchingAlerts(async (docs) => void calls.push(docs.map((d) => d.id)), {
      maxBatch: 3,
      maxWaitMs: 20,
    });
    await Promise.all(['a', 'b', 'c', 'd'].map((id) => batches.add(doc(id))));
    expect(calls).toEqual([['a', 'b', 'c'], ['d']]);
  });

  it('lets records join the next batch for as long as the running one takes (group commit)', async () => {
    const calls: string[][] = [];
    const releases: (() => void)[] = [];
    const batches = new BatchingAlerts(
      (docs) => {
        calls.push(docs.map((d) => d.id));
        return new Promise<void>((resolve) => releases.push(resolve));
      },
      { maxBatch: 10, maxWaitMs: 1 },
    );
    const added = [batches.add(doc('a'))];
    const pause = () => new Promise((resolve) => setTimeout(resolve, 10));
    await pause();
    for (const id of ['b', 'c', 'd']) {
      added.push(batches.add(doc(id)));
      await pause();
    }
    expect(calls).toEqual([['a']]);
    releases.shift()!();
    await pause();
    expect(calls).toEqual([['a'], ['b', 'c', 'd']]);
    releases.shift()!();
    await Promise.all(added);
    expect(batches.idle).toBe(true);
  });

  it('rejects the records of a failed batch only, and drains what is pending', async () => {
    const calls: string[][] = [];
    const batches = new BatchingAlerts(
      async (docs) => {
        calls.push(docs.map((d) => d.id));
        if (docs.some((d) => d.id === 'bad')) throw new Error('store down');
      },
      { maxBatch: 2, maxWaitMs: 1_000 },
    );
    const failed = [batches.add(doc('bad')), batches.add(doc('x'))];
    await expect(failed[0]).rejects.toThrow('store down');
    await expect(failed[1]).rejects.toThrow('store down');
    const later = batches.add(doc('y'));
    await batches.drain();
    await expect(later).resolves.toBeUndefined();
    expect(calls).toEqual([['bad', 'x'], ['y']]);
  });

  it('is idle only when no record waits for its batch and no batch runs', async () => {
    let finish = () => {};
    const batches = new BatchingAlerts(() => new Promise<void>((resolve) => (finish = resolve)), {
      maxWaitMs: 1,
    });
    expect(batches.idle).toBe(true);
    const added = batches.add(doc('a'));
    expect(batches.idle).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(batches.idle).toBe(false);
    finish();
    await added;
    expect(batches.idle).toBe(true);
  });
});
