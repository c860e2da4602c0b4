import { Body, Controller, Post, UseGuards } from '@nestjs/common';
import { type ReportInput, reportSchema } from '@skillers/domain';
import { CurrentUser } from '../auth/current-user.decorator';
import { JwtAuthGuard } from '../auth/jwt-auth.guard';
import type { AuthenticatedUser } from '../auth/token.service';
import { PerMinuteLimit } from '../common/per-minute-limit.decorator';
import { USER_LIMITS } from '../common/rate-limits';
import { PerUserLimit } from '../auth/per-user-limit';
import { ZodPipe } from '../common/zod-body.pipe';
import { ReportsService } from './reports.service';

@Controller('reports')
@UseGuards(JwtAuthGuard)
export class ReportsController {
  constructor(private readonly reports: ReportsService) {}

  /** A report flood is refused with 429 per user (and per address), before anything is stored. */
  @Post()
  @PerMinuteLimit(60)
  @PerUserLimit(USER_LIMITS.reports)
  report(@CurrentUser() user: AuthenticatedUser, @Body(new ZodPipe(reportSchema)) body: ReportInput) {
    return this.reports.report(user.id, body);
  }
}
