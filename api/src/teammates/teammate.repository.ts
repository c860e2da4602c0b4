import { Inject, Injectable } from '@nestjs/common';
import { pageWindow, type ProfileRecord } from '@skillers/domain';
import { COLLECTIONS, type RecordStore, type WriteOptions } from '@skillers/store';
import { NEWEST_FIRST } from '../common/newest-first';
import { RECORD_STORE } from '../core/tokens';

@Injectable()
export class TeammateRepository {
  constructor(@Inject(RECORD_STORE) private readonly store: RecordStore) {}

  private get teammates() {
    return this.store.collection<ProfileRecord>(COLLECTIONS.teammates);
  }

  /** Throws DuplicateKeyError on `ownerId` when the user already has a profile. */
  insert(teammate: ProfileRecord, options?: WriteOptions) {
    return this.teammates.insert(teammate, options);
  }

  /**
   * Records whose switch was last confirmed before `cutoff` (ISO-8601), with the records stored before the
   * confirmation date existed, which count as confirmed at their last edit.
   */
  async confirmedBefore(cutoff: string): Promise<ProfileRecord[]> {
    const [confirmed, edited] = await Promise.all([
      this.teammates.find({ openConfirmedAt: { $lt: cutoff } }),
      this.teammates.find({ updatedAt: { $lt: cutoff } }),
    ]);
    const byId = new Map([...confirmed, ...edited].map((record) => [record._id, record]));
    return [...byId.values()];
  }

  findById(id: string) {
    return this.teammates.findById(id);
  }

  findByOwner(ownerId: string) {
    return this.teammates.findOne({ ownerId });
  }

  findByIds(ids: readonly string[]) {
    return ids.length === 0 ? Promise.resolve([]) : this.teammates.find({ _id: { $in: ids } });
  }

  update(
    id: string,
    set: Partial<Omit<ProfileRecord, '_id'>>,
    unset: readonly (keyof ProfileRecord & string)[],
    options?: WriteOptions,
  ) {
    return this.teammates.update(id, set, unset, options);
  }

  async page(page: number): Promise<{ items: ProfileRecord[]; total: number }> {
    const [items, total] = await Promise.all([
      this.teammates.find({}, { sort: NEWEST_FIRST, ...pageWindow(page) }),
      this.teammates.count({}),
    ]);
    return { items, total };
  }
}
