import { SEARCH_KINDS, type SearchKind } from '@skillers/domain';
import type { SearchIndex, SearchIndexGeneration } from '@skillers/search';
import type { RecordStore } from '@skillers/store';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { type DocumentEmbedder, withVectors } from './document-vectors';
import { recordsOf } from './indexed-records';
import { searchDocumentFor } from './search-document.mapper';

export interface RebuildProgress {
  kind: SearchKind;
  done: number;
  total: number;
}

export interface RebuildOptions {
  batchSize?: number;
  /**
   * The kinds to rebuild and report progress for (default: every kind). A generation replaces the whole
   * index, so the other kinds are carried over into it from the store too, without progress reports.
   */
  kinds?: readonly SearchKind[];
  onProgress?: (progress: RebuildProgress) => void;
  /**
   * Embeds each document for similarity search. Vectors the live index already holds for the same model
   * and text are kept, so a rebuild embeds only new, changed and never-embedded records.
   */
  embedder?: DocumentEmbedder;
  /** Called once per batch the embedder could not embed; those documents are indexed without a vector. */
  onEmbedFailure?: (error: unknown) => void;
}

export const REBUILD_BATCH_SIZE = 1000;

/** Writes every stored record of one kind into the generation, a batch at a time; resolves to the count. */
const copyKind = async (
  store: RecordStore,
  live: SearchIndex,
  generation: SearchIndexGeneration,
  kind: SearchKind,
  {
    batchSize,
    embedder,
    onEmbedFailure,
  }: { batchSize: number } & Pick<RebuildOptions, 'embedder' | 'onEmbedFailure'>,
  report?: (done: number, total: number) => void,
): Promise<number> => {
  const records = recordsOf(store, kind);
  const total = await records.count({});
  report?.(0, total);
  let done = 0;
  for (let skip = 0; ; skip += batchSize) {
    const batch = await records.find(
      {},
      { sort: [{ field: '_id', direction: 'asc' }], skip, limit: batchSize },
    );
    if (batch.length === 0) break;
    const docs = batch.map((record) => searchDocumentFor(kind, record));
    const previous = embedder ? await live.getMany(docs.map((doc) => doc.id)) : [];
    await generation.upsert(await withVectors(docs, embedder, previous, onEmbedFailure));
    done += batch.length;
    report?.(done, Math.max(total, done));
    // The embedded store and index answer synchronously: without this, a rebuild inside the API process
    // would hold every search until it finished instead of letting them through between batches.
    await yieldToEventLoop();
  }
  return done;
};

/**
 * Builds a fresh generation of the index from every record in the store and swaps it in at once:
 * searches keep answering from the old generation until the new one is complete.
 */
export const rebuildIndex = async (
  store: RecordStore,
  index: SearchIndex,
  {
    batchSize = REBUILD_BATCH_SIZE,
    kinds = SEARCH_KINDS,
    onProgress,
    embedder,
    onEmbedFailure,
  }: RebuildOptions = {},
): Promise<Record<SearchKind, number>> => {
  const generation = await index.createGeneration();
  const counts = { project: 0, teammate: 0 };
  try {
    for (const kind of SEARCH_KINDS) {
      const report = kinds.includes(kind)
        ? (done: number, total: number) => onProgress?.({ kind, done, total })
        : undefined;
      counts[kind] = await copyKind(
        store,
        index,
        generation,
        kind,
        { batchSize, embedder, onEmbedFailure },
        report,
      );
    }
    await generation.swap();
  } catch (error) {
    await generation.discard();
    throw error;
  }
  return counts;
};
