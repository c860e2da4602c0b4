import { describe, expect, it } from 'vitest';
import { MicroBatcher } from './micro-batcher';

describe('MicroBatcher', () => {
  it('coalesces calls made together into batches of at most the limit, each answered in order', async () => {
    const batches: string[][] = [];
    const batcher = new MicroBatcher(async (texts) => {
      batches.push(texts);
      return texts.map((text) => [Number(text)]);
    }, 4);
    const numbers = (from: number, count: number) =>
      Array.from({ length: count }, (_, n) => String(from + n));

    const answers = await Promise.all([
      batcher.submit(numbers(0, 3)),
      batcher.submit(numbers(3, 6)),
      batcher.submit(['9']),
    ]);

    expect(batches.map((batch) => batch.length)).toEqual([4, 4, 2]);
    expect(answers).toEqual([[[0], [1], [2]], [[3], [4], [5], [6], [7], [8]], [[9]]]);
  });

  it('gives the event loop a turn between batches, as a server needs while it embeds many texts', async () => {
    // Like onnxruntime-node: each batch is answered from process.nextTick, which runs before any I/O.
    let batchesRun = 0;
    const batcher = new MicroBatcher(
      (texts) =>
        new Promise((resolve) =>
          process.nextTick(() => {
            batchesRun += 1;
            resolve(texts.map(() => [batchesRun]));
          }),
        ),
      2,
    );
    const ranBefore: number[] = [];
    const embedding = batcher.submit(Array.from({ length: 10 }, (_, n) => String(n)));
    // A callback of the loop's check phase, as I/O callbacks are: it must not wait for all five batches.
    setImmediate(() => ranBefore.push(batchesRun));
    const vectors = await embedding;
    expect(vectors.map(([batch]) => batch)).toEqual([1, 1, 2, 2, 3, 3, 4, 4, 5, 5]);
    expect(ranBefore).toHaveLength(1);
    expect(ranBefore[0]).toBeLessThan(5);
  });

  it('rejects the calls of a failed batch and keeps serving later ones', async () => {
    let fail = true;
    const batcher = new MicroBatcher(async (texts) => {
      if (fail) throw new Error('model crashed');
      return texts.map(() => [1]);
    });
    await expect(batcher.submit(['a'])).rejects.toThrow('model crashed');
    fail = false;
    expect(await batcher.submit(['b'])).toEqual([[1]]);
  });
});
