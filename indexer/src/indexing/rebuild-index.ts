import { SEARCH_KINDS, type SearchKind } from '@skillers/domain';
import type { SearchIndex } from '@skillers/search';
import type { RecordStore } from '@skillers/store';
import { recordsOf } from './indexed-records';
import { searchDocumentFor } from './search-document.mapper';

export interface RebuildProgress {
  kind: SearchKind;
  done: number;
  total: number;
}

export interface RebuildOptions {
  batchSize?: number;
  onProgress?: (progress: RebuildProgress) => void;
}

export const REBUILD_BATCH_SIZE = 1000;

/**
 * Builds a fresh generation of the index from every record in the store and swaps it in at once:
 * searches keep answering from the old generation until the new one is complete.
 */
export const rebuildIndex = async (
  store: RecordStore,
  index: SearchIndex,
  { batchSize = REBUILD_BATCH_SIZE, onProgress }: RebuildOptions = {},
): Promise<Record<SearchKind, number>> => {
  const generation = await index.createGeneration();
  const counts = { project: 0, teammate: 0 };
  try {
    for (const kind of SEARCH_KINDS) {
      const records = recordsOf(store, kind);
      const total = await records.count({});
      onProgress?.({ kind, done: 0, total });
      for (let skip = 0; ; skip += batchSize) {
        const batch = await records.find(
          {},
          { sort: [{ field: '_id', direction: 'asc' }], skip, limit: batchSize },
        );
        if (batch.length === 0) break;
        await generation.upsert(batch.map((record) => searchDocumentFor(kind, record)));
        counts[kind] += batch.length;
        onProgress?.({ kind, done: counts[kind], total: Math.max(total, counts[kind]) });
      }
    }
    await generation.swap();
  } catch (error) {
    await generation.discard();
    throw error;
  }
  return counts;
};
