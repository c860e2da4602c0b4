import { Inject, Injectable } from '@nestjs/common';
import { pageWindow, type ProjectRecord } from '@skillers/domain';
import {
  COLLECTIONS,
  type Filter,
  type RecordStore,
  recordBatches,
  type WriteOptions,
} from '@skillers/store';
import { NEWEST_FIRST } from '../common/newest-first';
import { RECORD_STORE } from '../core/tokens';

@Injectable()
export class ProjectRepository {
  constructor(@Inject(RECORD_STORE) private readonly store: RecordStore) {}

  private get projects() {
    return this.store.collection<ProjectRecord>(COLLECTIONS.projects);
  }

  insert(project: ProjectRecord, options?: WriteOptions) {
    return this.projects.insert(project, options);
  }

  /**
   * Records whose switch was last confirmed before `cutoff` (ISO-8601), with the records stored before the
   * confirmation date existed, which count as confirmed at their last edit.
   */
  async confirmedBefore(cutoff: string): Promise<ProjectRecord[]> {
    const [confirmed, edited] = await Promise.all([
      this.projects.find({ openConfirmedAt: { $lt: cutoff } }),
      this.projects.find({ updatedAt: { $lt: cutoff } }),
    ]);
    const byId = new Map([...confirmed, ...edited].map((record) => [record._id, record]));
    return [...byId.values()];
  }

  findById(id: string) {
    return this.projects.findById(id);
  }

  findByIds(ids: readonly string[]) {
    return ids.length === 0 ? Promise.resolve([]) : this.projects.find({ _id: { $in: ids } });
  }

  update(
    id: string,
    set: Partial<Omit<ProjectRecord, '_id'>>,
    unset: readonly (keyof ProjectRecord & string)[],
    options?: WriteOptions,
  ) {
    return this.projects.update(id, set, unset, options);
  }

  delete(id: string, options?: WriteOptions) {
    return this.projects.delete(id, options);
  }

  /** Newest first, one page; `ownerId` narrows it to one creator's projects. */
  async page(page: number, ownerId?: string): Promise<{ items: ProjectRecord[]; total: number }> {
    const filter: Filter = ownerId ? { ownerId } : {};
    const [items, total] = await Promise.all([
      this.projects.find(filter, { sort: NEWEST_FIRST, ...pageWindow(page) }),
      this.projects.count(filter),
    ]);
    return { items, total };
  }

  ownedBy(ownerId: string) {
    return this.projects.find({ ownerId }, { sort: NEWEST_FIRST });
  }

  async idsOwnedBy(ownerId: string): Promise<string[]> {
    return (await this.projects.find({ ownerId }, { sort: NEWEST_FIRST })).map((project) => project._id);
  }

  /** Every project, a batch at a time, so that a walk over all of them (weekly matches) never holds them all. */
  batches(): AsyncGenerator<ProjectRecord[]> {
    return recordBatches(this.projects);
  }
}
