import { Inject, Injectable } from '@nestjs/common';
import type { HiddenItemRecord, HideableKind } from '@skillers/domain';
import { COLLECTIONS, DuplicateKeyError, type RecordStore, type StoredDocument } from '@skillers/store';
import { RECORD_STORE } from '../core/tokens';
import { RecordChangesService } from '../indexing/record-changes.service';
import { INDEXED_KINDS, TARGET_COLLECTIONS } from './report-targets';

/** What putting a hidden item back came to: the record back in place, or why not. */
export type RestoreOutcome =
  | { restored: StoredDocument }
  /** Nothing of that kind and id is hidden. */
  | 'not-hidden'
  /** Another record now holds one of its unique keys (the owner's newer profile). */
  | 'taken';

/**
 * Hides an item by moving its record into `hidden_items`: every listing, search result, detail page and
 * the feed then stop finding it with no flag to check, and for profiles and projects the usual index job
 * sees the record gone and drops the search document. The copy is written before the original is
 * deleted, so a crash between the two leaves the item visible (and a retry finishes it), never lost.
 * Restoring moves it back the same way round: the record first, then the hidden copy is removed.
 */
@Injectable()
export class ItemHider {
  constructor(
    @Inject(RECORD_STORE) private readonly store: RecordStore,
    private readonly changes: RecordChangesService,
  ) {}

  /** The record hidden, or null when the item no longer exists (deleted by its owner, or hidden already). */
  async hide(kind: HideableKind, id: string, reportId: string): Promise<StoredDocument | null> {
    const items = this.store.collection<StoredDocument>(TARGET_COLLECTIONS[kind]);
    const record = await items.findById(id);
    if (!record) return null;
    try {
      await this.store.collection<HiddenItemRecord>(COLLECTIONS.hiddenItems).insert({
        _id: id,
        kind,
        record: { ...record },
        reportId,
        hiddenAt: new Date().toISOString(),
      });
    } catch (error) {
      // A retry after a crash between the two writes: the copy is there already.
      if (!(error instanceof DuplicateKeyError)) throw error;
    }
    const indexed = INDEXED_KINDS[kind];
    // Profiles and projects leave the search index through the outbox, like an owner's delete.
    const change = indexed ? this.changes.removal(indexed, id) : undefined;
    await items.delete(id, change?.write);
    if (change) this.changes.written(change);
    return record;
  }

  async restore(kind: HideableKind, id: string): Promise<RestoreOutcome> {
    const hiddenItems = this.store.collection<HiddenItemRecord>(COLLECTIONS.hiddenItems);
    const hidden = await hiddenItems.findById(id);
    if (!hidden || hidden.kind !== kind) return 'not-hidden';
    const items = this.store.collection<StoredDocument>(TARGET_COLLECTIONS[kind]);
    const indexed = INDEXED_KINDS[kind];
    // Profiles and projects come back into the search index through the outbox, like an owner's edit.
    const change = indexed ? this.changes.change(indexed, id) : undefined;
    // A record back in the index is a change: stamped now, so a reindex running meanwhile (its replay reads
    // records by `updatedAt`) writes it into the new index, and its version outranks the removal.
    const record: StoredDocument = {
      ...hidden.record,
      _id: id,
      ...(indexed && { updatedAt: new Date().toISOString() }),
    };
    let inserted = true;
    try {
      await items.insert(record, change?.write);
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
      // Back already: a retry after a crash between the two writes, whose outbox entry was stored then.
      if (!(await items.findById(id))) return 'taken';
      inserted = false;
    }
    await hiddenItems.delete(id);
    if (change && inserted) this.changes.written(change);
    return { restored: record };
  }
}
