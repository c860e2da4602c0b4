import {
  BadRequestException,
  ConflictException,
  Injectable,
  Logger,
  NotFoundException,
} from '@nestjs/common';
import {
  type AdminReportList,
  HIDEABLE_KINDS,
  type HideableKind,
  pageCount,
  pageWindow,
  type ReportRecord,
  type ReportStatus,
  readStoredReport,
  TRUST_MESSAGES,
} from '@skillers/domain';
import type { Filter } from '@skillers/store';
import { NEWEST_FIRST } from '../common/newest-first';
import { StoredRows } from '../common/stored-rows';
import { ItemHider } from '../trust/item-hider';
import { ReportsRepository } from '../trust/reports.repository';
import { UsersRepository } from '../auth/users.repository';
import { ModerationNotices } from './moderation-notices';
import { ReportedItems } from './reported-items';

export interface ResolvedReport {
  message: string;
  report: ReportRecord;
}

const isHideable = (kind: string): kind is HideableKind =>
  (HIDEABLE_KINDS as readonly string[]).includes(kind);

/** The report queue: read it, hide a reported item or put it back, or dismiss a report. */
@Injectable()
export class AdminReportsService {
  /** The queue leaves out a stored report that no longer reads rather than failing. */
  private readonly storedReports = new StoredRows(
    readStoredReport,
    'report',
    new Logger(AdminReportsService.name),
  );

  constructor(
    private readonly repository: ReportsRepository,
    private readonly users: UsersRepository,
    private readonly hider: ItemHider,
    private readonly items: ReportedItems,
    private readonly notices: ModerationNotices,
  ) {}

  async list(page: number, status?: ReportStatus): Promise<AdminReportList> {
    const filter: Filter = status ? { status } : {};
    const [total, rows] = await Promise.all([
      this.repository.reports.count(filter),
      this.repository.reports.find(filter, { sort: NEWEST_FIRST, ...pageWindow(page) }),
    ]);
    const records = this.storedReports.readable(rows);
    const [reporters, items] = await Promise.all([
      this.users.findByIds([...new Set(records.map((record) => record.reporterId))]),
      this.items.describe(records),
    ]);
    const usernames = new Map(reporters.map((user) => [user._id, user.username]));
    return {
      reports: records.map((record, index) => ({
        ...record,
        reporterUsername: usernames.get(record.reporterId) ?? null,
        item: items[index],
      })),
      total,
      pages: pageCount(total),
    };
  }

  /**
   * Hides the reported item, tells its owner, and closes every open report about it. Hiding an item that is
   * already gone still closes the report, so the queue empties either way.
   */
  async hide(reportId: string): Promise<ResolvedReport> {
    const report = await this.existing(reportId);
    if (!isHideable(report.targetKind)) throw new BadRequestException(TRUST_MESSAGES.cannotHideConversation);
    const hidden = await this.hider.hide(report.targetKind, report.targetId, report._id);
    if (hidden) await this.notices.tell('item_hidden', report.targetKind, hidden);
    const resolvedAt = new Date().toISOString();
    const open = await this.repository.reports.find({
      targetKind: report.targetKind,
      targetId: report.targetId,
    });
    await Promise.all(
      open
        .filter((other) => other.status === 'open' || other._id === report._id)
        .map((other) => this.repository.reports.update(other._id, { status: 'hidden', resolvedAt })),
    );
    return {
      message: hidden ? TRUST_MESSAGES.itemHidden : TRUST_MESSAGES.itemAlreadyGone,
      report: { ...report, status: 'hidden', resolvedAt },
    };
  }

  /**
   * Puts a hidden item back where it was, as it was, and turns the reports that hid it into dismissed ones:
   * the item was judged acceptable after all. Its owner's saved lists, likes and comments find it again.
   * The owner is told, as they were told of the hide.
   */
  async restore(reportId: string): Promise<ResolvedReport> {
    const report = await this.existing(reportId);
    if (report.status !== 'hidden' || !isHideable(report.targetKind)) {
      throw new ConflictException(TRUST_MESSAGES.itemNotHidden);
    }
    const outcome = await this.hider.restore(report.targetKind, report.targetId);
    if (outcome === 'not-hidden') throw new ConflictException(TRUST_MESSAGES.itemNotHidden);
    if (outcome === 'taken') throw new ConflictException(TRUST_MESSAGES.profileTakenSince);
    await this.notices.tell('item_restored', report.targetKind, outcome.restored);
    const resolvedAt = new Date().toISOString();
    const about = await this.repository.reports.find({
      targetKind: report.targetKind,
      targetId: report.targetId,
      status: 'hidden',
    });
    await Promise.all(
      about.map((other) => this.repository.reports.update(other._id, { status: 'dismissed', resolvedAt })),
    );
    return {
      message: TRUST_MESSAGES.itemRestored,
      report: { ...report, status: 'dismissed', resolvedAt },
    };
  }

  async dismiss(reportId: string): Promise<ResolvedReport> {
    const report = await this.existing(reportId);
    const resolvedAt = new Date().toISOString();
    await this.repository.reports.update(report._id, { status: 'dismissed', resolvedAt });
    return {
      message: TRUST_MESSAGES.reportDismissed,
      report: { ...report, status: 'dismissed', resolvedAt },
    };
  }

  private async existing(reportId: string): Promise<ReportRecord> {
    const report = await this.repository.reports.findById(reportId);
    if (!report) throw new NotFoundException(TRUST_MESSAGES.reportNotFound);
    return report;
  }
}
