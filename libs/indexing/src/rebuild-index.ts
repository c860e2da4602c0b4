import { SEARCH_KINDS, type SearchKind } from '@skillers/domain';
import type { Lease } from '@skillers/queue';
import type { SearchIndex, SearchIndexGeneration } from '@skillers/search';
import { type RecordStore, recordBatches } from '@skillers/store';
import { type DocumentEmbedder, withVectors } from './document-vectors';
import { recordsOf } from './indexed-records';
import { dropOldDeletions, REPLAY_MARGIN_MS, replayChanges, WrittenStates } from './replay-changes';
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
  /**
   * Whether vectors the live index holds are kept (default true); false when the live index cannot be
   * trusted (a snapshot section found damaged after its load), so that each vector comes from the embedder.
   */
  reuseLiveVectors?: boolean;
  /** Called once per batch the embedder could not embed; those documents are indexed without a vector. */
  onEmbedFailure?: (error: unknown) => void;
  /**
   * Replays the records changed and deleted while the build ran (default true): other processes write
   * only into the live index meanwhile. Off only where no other process writes (the embedded index at
   * start, before the worker runs).
   */
  replay?: boolean;
  /** The reindex lock held for this build: the swap is refused once it was lost to another reindex. */
  lease?: Lease;
  /**
   * Told of each stored record no search document can be built from (a bad row: a restore, a bug): it is
   * left out of the index rather than stopping the build, and with it the start.
   */
  onUnreadable?: (kind: SearchKind, id: string, error: unknown) => void;
}

export const REBUILD_BATCH_SIZE = 1000;

/**
 * Writes every stored record of one kind into the generation, a batch at a time; resolves to the count.
 * `total`: how many the store held when the rebuild began, for the progress reports.
 */
const copyKind = async (
  store: RecordStore,
  live: SearchIndex,
  generation: SearchIndexGeneration,
  kind: SearchKind,
  {
    batchSize,
    embedder,
    onEmbedFailure,
    written,
    total,
    onUnreadable,
    reuseLiveVectors = true,
  }: { batchSize: number; written: WrittenStates; total: number } & Pick<
    RebuildOptions,
    'embedder' | 'onEmbedFailure' | 'onUnreadable' | 'reuseLiveVectors'
  >,
  report?: (done: number, total: number) => void,
): Promise<number> => {
  const records = recordsOf(store, kind);
  report?.(0, total);
  let done = 0;
  // Keyset paging (`recordBatches`): skipping past the records read before costs a walk over them per
  // batch, some 100 ms per batch at a million records. Each batch waits a turn of the event loop, so that a
  // rebuild inside the API process lets searches through between two.
  for await (const batch of recordBatches(records, batchSize)) {
    const docs = batch.flatMap((record) => {
      try {
        return [searchDocumentFor(kind, record)];
      } catch (error) {
        onUnreadable?.(kind, String(record._id), error);
        return [];
      }
    });
    written.note(batch);
    const previous = embedder && reuseLiveVectors ? await live.getMany(docs.map((doc) => doc.id)) : [];
    await generation.upsert(await withVectors(docs, embedder, previous, onEmbedFailure));
    done += docs.length;
    report?.(done, Math.max(total, done));
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
    replay = true,
    lease,
    onUnreadable,
    reuseLiveVectors,
  }: RebuildOptions = {},
): Promise<Record<SearchKind, number>> => {
  const since = (startedAt: number) => new Date(startedAt - REPLAY_MARGIN_MS).toISOString();
  const buildStartedAt = Date.now();
  const written = new WrittenStates(since(buildStartedAt));
  // Counted first, so that an index in memory makes room for them all at once (and for the progress).
  const expected = { project: 0, teammate: 0 };
  for (const kind of SEARCH_KINDS) expected[kind] = await recordsOf(store, kind).count({});
  const generation = await index.createGeneration(expected);
  const counts = { project: 0, teammate: 0 };
  let replayStartedAt = buildStartedAt;
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
        {
          batchSize,
          embedder,
          onEmbedFailure,
          onUnreadable,
          reuseLiveVectors,
          written,
          total: expected[kind],
        },
        report,
      );
    }
    replayStartedAt = Date.now();
    if (replay)
      await replayChanges(store, index, generation, since(buildStartedAt), {
        embedder,
        onEmbedFailure,
        written,
      });
    if (lease && !lease.held) {
      throw new Error('The reindex lock was lost (not renewed in time), so this build is not swapped in');
    }
    await generation.swap();
  } catch (error) {
    await generation.discard();
    throw error;
  }
  if (replay) {
    // Changes indexed into the old generation between the replay and the swap were dropped with it.
    await replayChanges(store, index, index, since(replayStartedAt), { embedder, onEmbedFailure, written });
    await dropOldDeletions(store);
  }
  return counts;
};
