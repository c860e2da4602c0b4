import type { SearchDocument, SearchKind } from '@skillers/domain';
import type { JobHandler } from '@skillers/queue';
import type { SearchIndexWriter } from '@skillers/search';
import type { RecordStore } from '@skillers/store';
import { type DocumentEmbedder, withVectors } from './document-vectors';
import { recordsOf } from './indexed-records';
import { searchDocumentFor } from './search-document.mapper';

/** One job for creates, edits and deletes: the handler reads the record's current state. */
export const INDEX_RECORD_JOB = 'index-record';

export interface IndexRecordPayload {
  kind: SearchKind;
  id: string;
}

/** Stable per record, so a burst of edits to one record is indexed once, after the last of them. */
export const indexRecordJobId = ({ kind, id }: IndexRecordPayload): string => `${kind}:${id}`;

/**
 * Brings the index in line with the store for one record: upsert it, with its vector when an embedder is
 * given and can embed, or remove it if it is gone.
 */
export const indexRecordHandler =
  (
    store: RecordStore,
    index: SearchIndexWriter,
    embedder?: DocumentEmbedder,
    /** Called when the embedder cannot embed; the record is then indexed without a vector. */
    onEmbedFailure?: (error: unknown) => void,
    /** Called with the document once written: saved-search alerts. */
    onIndexed?: (doc: SearchDocument) => Promise<void>,
  ): JobHandler<IndexRecordPayload> =>
  async ({ kind, id }) => {
    const record = await recordsOf(store, kind).findById(id);
    if (record) {
      const docs = await withVectors([searchDocumentFor(kind, record)], embedder, [], onEmbedFailure);
      await index.upsert(docs);
      await onIndexed?.(docs[0]);
    } else await index.remove([id]);
  };
