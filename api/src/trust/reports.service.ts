import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { type ReportInput, type ReportRecord, TRUST_MESSAGES } from '@skillers/domain';
import { DuplicateKeyError, newId } from '@skillers/store';
import { ReportTargets } from './report-targets';
import { ReportsRepository } from './reports.repository';

@Injectable()
export class ReportsService {
  constructor(
    private readonly targets: ReportTargets,
    private readonly repository: ReportsRepository,
  ) {}

  /**
   * Queues a report for the admins. The item must exist and be visible to the reporter (another pair's
   * conversation answers like a missing one), must not be the reporter's own, and is reported once per user.
   */
  async report(reporterId: string, input: ReportInput): Promise<{ message: string; reportId: string }> {
    const target = await this.targets.find(input.targetKind, input.targetId);
    if (!target?.visibleTo(reporterId)) throw new NotFoundException(TRUST_MESSAGES.reportTargetNotFound);
    if (input.targetKind !== 'conversation' && target.owners.includes(reporterId))
      throw new BadRequestException(TRUST_MESSAGES.cannotReportYourself);
    const report: ReportRecord = {
      _id: newId(),
      reporterId,
      targetKind: input.targetKind,
      targetId: input.targetId,
      reason: input.reason,
      text: input.text,
      status: 'open',
      createdAt: new Date().toISOString(),
    };
    try {
      await this.repository.reports.insert(report);
    } catch (error) {
      if (error instanceof DuplicateKeyError) throw new ConflictException(TRUST_MESSAGES.alreadyReported);
      throw error;
    }
    return { message: TRUST_MESSAGES.reported, reportId: report._id };
  }
}
