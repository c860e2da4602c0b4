import { Inject, Injectable } from '@nestjs/common';
import { pageWindow, type ProfileRecord } from '@skillers/domain';
import { COLLECTIONS, type RecordStore, recordBatches, type WriteOptions } from '@skillers/store';
import { NEWEST_FIRST } from '../common/newest-first';
import { RECORD_STORE } from '../core/tokens';

@Injectable()
export class ProfileRepository {
  constructor(@Inject(RECORD_STORE) private readonly store: RecordStore) {}

  private get profiles() {
    return this.store.collection<ProfileRecord>(COLLECTIONS.teammates);
  }

  /** Throws DuplicateKeyError on `ownerId` when the user already has a profile. */
  insert(profile: ProfileRecord, options?: WriteOptions) {
    return this.profiles.insert(profile, options);
  }

  /**
   * Records whose switch was last confirmed before `cutoff` (ISO-8601), with the records stored before the
   * confirmation date existed, which count as confirmed at their last edit.
   */
  async confirmedBefore(cutoff: string): Promise<ProfileRecord[]> {
    const [confirmed, edited] = await Promise.all([
      this.profiles.find({ openConfirmedAt: { $lt: cutoff } }),
      this.profiles.find({ updatedAt: { $lt: cutoff } }),
    ]);
    const byId = new Map([...confirmed, ...edited].map((record) => [record._id, record]));
    return [...byId.values()];
  }

  findById(id: string) {
    return this.profiles.findById(id);
  }

  findByOwner(ownerId: string) {
    return this.profiles.findOne({ ownerId });
  }

  findByIds(ids: readonly string[]) {
    return ids.length === 0 ? Promise.resolve([]) : this.profiles.find({ _id: { $in: ids } });
  }

  update(
    id: string,
    set: Partial<Omit<ProfileRecord, '_id'>>,
    unset: readonly (keyof ProfileRecord & string)[],
    options?: WriteOptions,
  ) {
    return this.profiles.update(id, set, unset, options);
  }

  async page(page: number): Promise<{ items: ProfileRecord[]; total: number }> {
    const [items, total] = await Promise.all([
      this.profiles.find({}, { sort: NEWEST_FIRST, ...pageWindow(page) }),
      this.profiles.count({}),
    ]);
    return { items, total };
  }

  /** Every profile, a batch at a time, so that a walk over all of them (weekly matches) never holds them all. */
  batches(): AsyncGenerator<ProfileRecord[]> {
    return recordBatches(this.profiles);
  }
}
