import { Inject, Injectable } from '@nestjs/common';
import type { HiddenItemRecord, ReportedItem, ReportRecord, ReportTargetKind } from '@skillers/domain';
import { COLLECTIONS, type RecordStore } from '@skillers/store';
import { RECORD_STORE } from '../core/tokens';
import { TARGET_COLLECTIONS } from '../trust/report-targets';
import { UsersRepository } from '../auth/users.repository';
import { type AnyItem, cut, itemFacts } from './item-facts';

/** A title is one line in the queue; the excerpt holds the rest. */
const TITLE_LENGTH = 80;
const EXCERPT_LENGTH = 500;

const keyOf = (kind: string, id: string) => `${kind}:${id}`;

/**
 * The items a page of reports is about, read in one query per kind (and one for the hidden ones and one for
 * their owners), so the moderator judges the item and not only the report about it.
 */
@Injectable()
export class ReportedItems {
  constructor(
    @Inject(RECORD_STORE) private readonly store: RecordStore,
    private readonly users: UsersRepository,
  ) {}

  /** The item of each report, in the reports' order. */
  async describe(reports: readonly ReportRecord[]): Promise<ReportedItem[]> {
    const found = new Map<string, { record: AnyItem; state: ReportedItem['state'] }>();
    const idsByKind = new Map<ReportTargetKind, Set<string>>();
    for (const { targetKind, targetId } of reports) {
      idsByKind.set(targetKind, (idsByKind.get(targetKind) ?? new Set()).add(targetId));
    }
    await Promise.all(
      [...idsByKind].map(async ([kind, ids]) => {
        const records = await this.store
          .collection<AnyItem>(TARGET_COLLECTIONS[kind])
          .find({ _id: { $in: [...ids] } });
        for (const record of records) found.set(keyOf(kind, record._id), { record, state: 'visible' });
      }),
    );
    const missing = reports.filter(({ targetKind, targetId }) => !found.has(keyOf(targetKind, targetId)));
    if (missing.length > 0) {
      const hidden = await this.store
        .collection<HiddenItemRecord>(COLLECTIONS.hiddenItems)
        .find({ _id: { $in: [...new Set(missing.map(({ targetId }) => targetId))] } });
      for (const item of hidden) {
        found.set(keyOf(item.kind, item._id), { record: item.record as unknown as AnyItem, state: 'hidden' });
      }
    }

    const described = reports.map((report) => {
      const item = found.get(keyOf(report.targetKind, report.targetId));
      return { report, item, facts: item && itemFacts(report.targetKind, item.record) };
    });
    const userIds = new Set(described.flatMap(({ facts: known }) => known?.userIds ?? []));
    const users = await this.users.findByIds([...userIds]);
    const username = new Map(users.map((user) => [user._id, user.username]));

    return described.map(({ report, item, facts: known }): ReportedItem => {
      if (!item || !known)
        return { title: `${report.targetKind} ${report.targetId}`, by: null, state: 'gone' };
      const nameOf = (id: string | undefined) => (id === undefined ? null : (username.get(id) ?? null));
      const participants = known.userIds.map((id) => nameOf(id) ?? '(account deleted)');
      return {
        title:
          report.targetKind === 'conversation'
            ? `Conversation between ${participants.join(' and ')}`
            : cut(known.title, TITLE_LENGTH),
        ...(known.excerpt ? { excerpt: cut(known.excerpt, EXCERPT_LENGTH) } : {}),
        by: known.authorName ?? nameOf(known.byId),
        state: item.state,
      };
    });
  }
}
