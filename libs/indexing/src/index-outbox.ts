import type { SearchKind } from '@skillers/domain';
import { COLLECTIONS, type CompanionDocument, newId, type WriteOptions } from '@skillers/store';

/** A change to a project or profile that the index has yet to hear about, stored with the record's write. */
export interface OutboxEntry {
  _id: string;
  kind: SearchKind;
  recordId: string;
  /** When the change was written (ISO 8601), so the relay takes the oldest first. */
  at: string;
}

/** A deleted project or profile, so that a reindex running at the time can leave it out. */
export interface RecordDeletion {
  _id: string;
  kind: SearchKind;
  recordId: string;
  deletedAt: string;
}

/** What a write of a record stores beside it (`write`), and the entry to hand to the relay once it is done. */
export interface IndexChange {
  entry: OutboxEntry;
  write: WriteOptions;
}

/**
 * The outbox entry for a create, edit or delete of a record, plus a deletion record for a delete. Passed as
 * the write's companions, they are durable whenever the write is (see `WriteOptions`).
 */
export const indexChange = (
  kind: SearchKind,
  recordId: string,
  { deleted = false }: { deleted?: boolean } = {},
): IndexChange => {
  const at = new Date().toISOString();
  const entry: OutboxEntry = { _id: newId(), kind, recordId, at };
  const companions: CompanionDocument[] = [{ collection: COLLECTIONS.indexOutbox, doc: entry }];
  if (deleted) {
    const deletion: RecordDeletion = { _id: newId(), kind, recordId, deletedAt: at };
    companions.push({ collection: COLLECTIONS.recordDeletions, doc: deletion });
  }
  return { entry, write: { with: companions } };
};
