import { SEARCH_KINDS, type SearchDocument } from '@skillers/domain';
import type { GetManyOptions } from '@skillers/search';
import type { RecordStore } from '@skillers/store';
import { setTimeout as sleep, setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { type DocumentEmbedder, embeddingText } from './document-vectors';
import { recordsOf } from './indexed-records';

/**
 * What the backfill needs of the index: a read, and a change that reads and writes each document in one step
 * (the embedded index's `updateMany`), so an edit indexed while a vector was computed is never overwritten.
 */
export interface VectorBackfillIndex {
  getMany(ids: readonly string[], options?: GetManyOptions): Promise<(SearchDocument | null)[]>;
  updateMany(
    ids: readonly string[],
    change: (held: SearchDocument) => SearchDocument | undefined,
  ): Promise<number>;
}

export interface VectorBackfillProgress {
  /** Indexed documents looked at so far. */
  checked: number;
  /** Vectors set so far. */
  embedded: number;
  /** Records in the store when the backfill started. */
  total: number;
  elapsedMs: number;
}

export interface VectorBackfillOptions {
  embedder: DocumentEmbedder;
  /** Records read from the store at a time. */
  batchSize?: number;
  /** Texts embedded at a time: a stop waits for at most one such batch. */
  embedBatchSize?: number;
  /** Stops the backfill between two embedding batches. */
  signal?: AbortSignal;
  /** Tries per batch when the embedder fails, the pause between them, then the backfill stops. */
  attempts?: number;
  retryDelayMs?: number;
  onRetry?: (error: unknown, attempt: number) => void;
  /** Called after each embedding batch and once at the end. */
  onProgress?: (progress: VectorBackfillProgress) => void;
}

export interface VectorBackfillResult extends VectorBackfillProgress {
  /** Vectors computed for a text the document no longer had when they were ready (an edit came first). */
  outdated: number;
  /** Why the backfill ended before the last record: stopped by the signal, or the embedder kept failing. */
  stopped?: 'aborted' | 'embedder failed';
  error?: unknown;
}

export const BACKFILL_BATCH_SIZE = 1000;
export const BACKFILL_EMBED_BATCH_SIZE = 64;
export const BACKFILL_ATTEMPTS = 5;
export const BACKFILL_RETRY_DELAY_MS = 30_000;

class Stopped extends Error {
  constructor(
    readonly reason: NonNullable<VectorBackfillResult['stopped']>,
    readonly error?: unknown,
  ) {
    super(reason);
  }
}

/**
 * Gives every indexed document without a vector of the embedder's model one: walks the store a batch at a
 * time (newest id first, paged by id so that deletions meanwhile skip nothing), embeds the texts the index
 * holds, and sets each vector only on a document that still has that text and still lacks a vector.
 * Documents indexed meanwhile by the index job got their vector there. Resolves when done or stopped.
 */
export const backfillVectors = async (
  store: RecordStore,
  index: VectorBackfillIndex,
  {
    embedder,
    batchSize = BACKFILL_BATCH_SIZE,
    embedBatchSize = BACKFILL_EMBED_BATCH_SIZE,
    signal,
    attempts = BACKFILL_ATTEMPTS,
    retryDelayMs = BACKFILL_RETRY_DELAY_MS,
    onRetry,
    onProgress,
  }: VectorBackfillOptions,
): Promise<VectorBackfillResult> => {
  const model = embedder.modelId;
  const lacksVector = (doc: SearchDocument) => doc.vectorModel !== model;
  const started = Date.now();
  const counts = await Promise.all(SEARCH_KINDS.map((kind) => recordsOf(store, kind).count({})));
  const result: VectorBackfillResult = {
    checked: 0,
    embedded: 0,
    outdated: 0,
    total: counts.reduce((sum, count) => sum + count, 0),
    elapsedMs: 0,
  };
  const report = () => {
    result.elapsedMs = Date.now() - started;
    onProgress?.({
      checked: result.checked,
      embedded: result.embedded,
      total: result.total,
      elapsedMs: result.elapsedMs,
    });
  };

  const embed = async (texts: string[]): Promise<(number[] | undefined)[]> => {
    for (let attempt = 1; ; attempt += 1) {
      if (signal?.aborted) throw new Stopped('aborted');
      try {
        return await embedder.embed(texts);
      } catch (error) {
        if (attempt >= attempts) throw new Stopped('embedder failed', error);
        onRetry?.(error, attempt);
        try {
          await sleep(retryDelayMs, undefined, { signal });
        } catch {
          throw new Stopped('aborted');
        }
      }
    }
  };

  const fill = async (held: SearchDocument[]) => {
    for (let from = 0; from < held.length; from += embedBatchSize) {
      const chunk = held.slice(from, from + embedBatchSize);
      const texts = chunk.map(embeddingText);
      const vectors = await embed(texts);
      const byId = new Map(chunk.map((doc, at) => [doc.id, { text: texts[at], vector: vectors[at] }]));
      const set = await index.updateMany([...byId.keys()], (current) => {
        const computed = byId.get(current.id);
        if (!computed?.vector || !lacksVector(current) || embeddingText(current) !== computed.text)
          return undefined;
        return { ...current, vector: computed.vector, vectorModel: model };
      });
      result.embedded += set;
      result.outdated += chunk.length - set;
      report();
    }
  };

  try {
    for (const kind of SEARCH_KINDS) {
      const records = recordsOf(store, kind);
      for (let before: string | undefined; ;) {
        if (signal?.aborted) throw new Stopped('aborted');
        const batch = await records.find(before === undefined ? {} : { _id: { $lt: before } }, {
          sort: [{ field: '_id', direction: 'desc' }],
          limit: batchSize,
        });
        if (batch.length === 0) break;
        before = batch[batch.length - 1]._id;
        const held = await index.getMany(
          batch.map((record) => record._id),
          { vectors: false },
        );
        result.checked += held.filter((doc) => doc !== null).length;
        await fill(held.filter((doc): doc is SearchDocument => doc !== null && lacksVector(doc)));
        // The embedded store and index answer synchronously: searches get their turn between batches.
        await yieldToEventLoop();
      }
    }
  } catch (error) {
    if (!(error instanceof Stopped)) throw error;
    result.stopped = error.reason;
    if (error.error !== undefined) result.error = error.error;
  }
  report();
  return result;
};
