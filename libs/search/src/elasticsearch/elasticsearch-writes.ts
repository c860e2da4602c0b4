import type { Client, estypes } from '@elastic/elasticsearch';
import { SEARCH_KINDS, type SearchDocument, type SearchKind } from '@skillers/domain';
import { PartialWriteError } from '../search-index.port';
import { type IndexedSource, toSource } from './elasticsearch-mapping';

/** One line of a bulk request: an action, or the source that follows an index action. */
type BulkLine = estypes.BulkOperationContainer | IndexedSource;

/** Concrete index names of one generation (or the aliases), by kind. */
export type IndexNames = Record<SearchKind, string>;

/**
 * The record's version as an external one: Elasticsearch applies the write only when it is at least the
 * held document's (`external_gte`: the same state may be written again, say with a vector added).
 */
const externalVersion = (doc: SearchDocument): Partial<estypes.BulkIndexOperation> =>
  doc.version === undefined ? {} : { version: doc.version, version_type: 'external_gte' };

/** A write refused because the index holds a newer version of the document: the newer state stands. */
const isNewerHeld = (result: estypes.BulkResponseItem): boolean =>
  result.status === 409 && result.error?.type === 'version_conflict_engine_exception';

/** Each document goes to its kind's index and out of the other one, in case its kind changed. */
export const upsertOperations = (docs: readonly SearchDocument[], names: IndexNames): BulkLine[] =>
  docs.flatMap((doc) => [
    ...SEARCH_KINDS.filter((kind) => kind !== doc.kind).map((kind) => ({
      delete: { _index: names[kind], _id: doc.id },
    })),
    { index: { _index: names[doc.kind], _id: doc.id, ...externalVersion(doc) } },
    toSource(doc),
  ]);

export const removeOperations = (ids: readonly string[], names: IndexNames): BulkLine[] =>
  ids.flatMap((id) => SEARCH_KINDS.map((kind) => ({ delete: { _index: names[kind], _id: id } })));

/** Sends the lines in one bulk request; a failed document fails the write with its id. */
export const bulkWrite = async (
  client: Client,
  operations: BulkLine[],
  refresh: estypes.Refresh,
): Promise<void> => {
  if (operations.length === 0) return;
  const response = await client.bulk({ operations, refresh });
  // Deleting an id the index does not hold is not a failure: removals do not know the kind. Nor is a
  // version conflict: the index holds a newer state of the document than this write.
  const failures = response.items
    .flatMap((item) => Object.values(item))
    .filter((result) => result?.error && !isNewerHeld(result));
  if (failures.length > 0) {
    const first = failures[0]?.error;
    throw new PartialWriteError(
      `Search index write failed for ${failures.length} document(s): ${first?.type}: ${first?.reason}`,
      [...new Set(failures.flatMap((result) => (result?._id ? [result._id] : [])))],
    );
  }
};
