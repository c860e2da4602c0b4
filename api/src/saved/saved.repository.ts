import { Inject, Injectable } from '@nestjs/common';
import { LIST_PAGE_SIZE, pageWindow, type SavedKind, type SavedRecord } from '@skillers/domain';
import { COLLECTIONS, DuplicateKeyError, newId, type RecordStore } from '@skillers/store';
import { NEWEST_FIRST } from '../common/newest-first';
import { RECORD_STORE } from '../core/tokens';

@Injectable()
export class SavedRepository {
  constructor(@Inject(RECORD_STORE) private readonly store: RecordStore) {}

  private get saved() {
    return this.store.collection<SavedRecord>(COLLECTIONS.saved);
  }

  /** Saving twice keeps one entry: the store's unique index turns the second into a no-op. */
  async save(userId: string, kind: SavedKind, itemId: string): Promise<void> {
    try {
      await this.saved.insert({ _id: newId(), userId, kind, itemId, createdAt: new Date().toISOString() });
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
    }
  }

  forget(userId: string, kind: SavedKind, itemId: string) {
    return this.saved.deleteMany({ userId, kind, itemId });
  }

  /** Drops every user's entry for an item that no longer exists. */
  forgetItem(kind: SavedKind, itemId: string) {
    return this.saved.deleteMany({ kind, itemId });
  }

  /** Which of these items the user has saved. */
  async savedAmong(userId: string, kind: SavedKind, itemIds: readonly string[]): Promise<Set<string>> {
    if (itemIds.length === 0) return new Set();
    const entries = await this.saved.find({ userId, kind, itemId: { $in: itemIds } });
    return new Set(entries.map((entry) => entry.itemId));
  }

  async itemIds(userId: string, kind: SavedKind): Promise<string[]> {
    return (await this.saved.find({ userId, kind }, { sort: NEWEST_FIRST })).map((entry) => entry.itemId);
  }

  /** Most recently saved first. */
  async page(
    userId: string,
    kind: SavedKind,
    page: number,
  ): Promise<{ entries: SavedRecord[]; total: number }> {
    const [entries, total] = await Promise.all([
      this.saved.find({ userId, kind }, { sort: NEWEST_FIRST, ...pageWindow(page, LIST_PAGE_SIZE) }),
      this.saved.count({ userId, kind }),
    ]);
    return { entries, total };
  }

  removeEntries(ids: readonly string[]) {
    return ids.length === 0 ? Promise.resolve(0) : this.saved.deleteMany({ _id: { $in: ids } });
  }
}
