import { setImmediate as nextTurn } from 'node:timers/promises';
interface Pending {
  texts: readonly string[];
  vectors: number[][];
  filled: number;
  resolve: (vectors: number[][]) => void;
  reject: (error: unknown) => void;
}

/** Runs one batch of texts; resolves to their vectors in order. */
export type BatchRunner = (texts: string[]) => Promise<number[][]>;

export const DEFAULT_MAX_BATCH = 64;

/**
 * Coalesces concurrent `embed` calls into batches of at most `maxBatch` texts, run one at a time: the
 * model runs much faster on one batch of 64 than on 64 single texts, and requests arriving while a batch
 * runs wait for the next one instead of competing for the CPU. TransformersEmbedder runs batches in a worker
 * thread; a runner that works on the calling thread (onnxruntime-node answers from `process.nextTick`) would
 * hold the event loop through a chain of batches, so the loop still gets a turn between batches.
 */
export class MicroBatcher {
  private readonly queue: Pending[] = [];
  private running = false;

  constructor(
    private readonly run: BatchRunner,
    private readonly maxBatch = DEFAULT_MAX_BATCH,
  ) {}

  submit(texts: readonly string[]): Promise<number[][]> {
    if (texts.length === 0) return Promise.resolve([]);
    return new Promise((resolve, reject) => {
      this.queue.push({ texts, vectors: new Array(texts.length), filled: 0, resolve, reject });
      // Waiting one turn lets the calls made in the same tick join the first batch.
      if (!this.running) {
        this.running = true;
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const slices = this.nextBatch();
      const texts = slices.flatMap(({ entry, start, end }) => entry.texts.slice(start, end));
      try {
        const vectors = await this.run(texts);
        let offset = 0;
        for (const { entry, start, end } of slices) {
          for (let index = start; index < end; index++) entry.vectors[index] = vectors[offset++];
          entry.filled += end - start;
          if (entry.filled === entry.texts.length) entry.resolve(entry.vectors);
        }
      } catch (error) {
        for (const { entry } of slices) {
          const at = this.queue.indexOf(entry);
          if (at >= 0) this.queue.splice(at, 1);
          entry.reject(error);
        }
      }
      if (this.queue.length > 0) await nextTurn();
    }
    this.running = false;
  }

  /** Takes up to `maxBatch` texts from the front of the queue, splitting a large request across batches. */
  private nextBatch(): { entry: Pending; start: number; end: number }[] {
    const slices: { entry: Pending; start: number; end: number }[] = [];
    let room = this.maxBatch;
    while (room > 0 && this.queue.length > 0) {
      const entry = this.queue[0];
      // The batches run one at a time, so everything before `filled` is done and nothing after it is taken.
      const start = entry.filled;
      const end = Math.min(entry.texts.length, start + room);
      slices.push({ entry, start, end });
      room -= end - start;
      if (end === entry.texts.length) this.queue.shift();
      else break;
    }
    return slices;
  }
}
