import {
  Controller,
  Get,
  Inject,
  Logger,
  Query,
  ServiceUnavailableException,
  UseGuards,
} from '@nestjs/common';
import type { AdminAnalyticsReport } from '@skillers/domain';
import { ZodPipe } from '../common/zod-body.pipe';
import { INVITATION_ANALYTICS, type InvitationAnalyticsReader } from '../analytics/invitation-analytics';
import { SEARCH_ANALYTICS, type SearchAnalyticsReader } from '../analytics/search-analytics';
import { ADMIN_MESSAGES } from './admin.messages';
import { type AnalyticsQuery, analyticsQuerySchema } from './admin-request.schemas';
import { AdminTokenGuard } from './admin-token.guard';

/**
 * Search analytics for the admin page: the recorded search and click events, and the invitations sent and
 * answered, aggregated per range.
 */
@Controller('admin/analytics')
@UseGuards(AdminTokenGuard)
export class AdminAnalyticsController {
  private readonly logger = new Logger(AdminAnalyticsController.name);

  constructor(
    @Inject(SEARCH_ANALYTICS) private readonly analytics: SearchAnalyticsReader,
    @Inject(INVITATION_ANALYTICS) private readonly invitations: InvitationAnalyticsReader,
  ) {}

  /** An events store that cannot be read (a cluster down, a folder gone) is a 503, with the cause logged. */
  @Get()
  async report(
    @Query(new ZodPipe(analyticsQuerySchema)) range: AnalyticsQuery,
  ): Promise<AdminAnalyticsReport> {
    try {
      const [search, invitations] = await Promise.all([
        this.analytics.report(range),
        this.invitations.report(range),
      ]);
      return { ...search, invitations };
    } catch (error) {
      this.logger.error(error instanceof Error ? error.stack : error);
      throw new ServiceUnavailableException(ADMIN_MESSAGES.analyticsUnavailable);
    }
  }
}
