import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  type DismissedProposition,
  pageCount,
  pageWindow,
  type PropositionList,
  type PropositionRecord,
  type UserRecord,
} from '@skillers/domain';
import { COLLECTIONS, type Filter, type RecordStore } from '@skillers/store';
import { NEWEST_FIRST } from '../common/newest-first';
import { RECORD_STORE } from '../core/tokens';
import { ADMIN_MESSAGES } from './admin.messages';

/** Review of the filter options users proposed: read them, and dismiss the ones dealt with. */
@Injectable()
export class AdminPropositionsService {
  constructor(@Inject(RECORD_STORE) private readonly store: RecordStore) {}

  private get propositions() {
    return this.store.collection<PropositionRecord>(COLLECTIONS.propositions);
  }

  async list(page: number, filterType?: string): Promise<PropositionList> {
    const filter: Filter = filterType ? { filterType } : {};
    const [total, records] = await Promise.all([
      this.propositions.count(filter),
      this.propositions.find(filter, { sort: NEWEST_FIRST, ...pageWindow(page) }),
    ]);
    const proposers = await this.store
      .collection<UserRecord>(COLLECTIONS.users)
      .find({ _id: { $in: [...new Set(records.map((record) => record.userId))] } });
    const usernames = new Map(proposers.map((user) => [user._id, user.username]));
    return {
      propositions: records.map((record) => ({ ...record, username: usernames.get(record.userId) ?? null })),
      total,
      pages: pageCount(total),
    };
  }

  async dismiss(id: string): Promise<DismissedProposition> {
    if (!(await this.propositions.delete(id)))
      throw new NotFoundException(ADMIN_MESSAGES.propositionNotFound);
    return { dismissed: id };
  }
}
