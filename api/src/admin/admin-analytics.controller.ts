import {
  Controller,
  Get,
  Inject,
  Logger,
  Query,
  ServiceUnavailableException,
  UseGuards,
} from '@nestjs/common';
import { ZodPipe } from '../common/zod-body.pipe';
import {
  SEARCH_ANALYTICS,
  type SearchAnalyticsReader,
  type SearchAnalyticsReport,
} from '../analytics/search-analytics';
import { ADMIN_MESSAGES } from './admin.messages';
import { type AnalyticsQuery, analyticsQuerySchema } from './admin-request.schemas';
import { AdminTokenGuard } from './admin-token.guard';

/** Search analytics for the admin page: the recorded search and click events, aggregated per range. */
@Controller('admin/analytics')
@UseGuards(AdminTokenGuard)
export class AdminAnalyticsController {
  private readonly logger = new Logger(AdminAnalyticsController.name);

  constructor(@Inject(SEARCH_ANALYTICS) private readonly analytics: SearchAnalyticsReader) {}

  /** An events store that cannot be read (a cluster down, a folder gone) is a 503, with the cause logged. */
  @Get()
  async report(
    @Query(new ZodPipe(analyticsQuerySchema)) range: AnalyticsQuery,
  ): Promise<SearchAnalyticsReport> {
    try {
      return await this.analytics.report(range);
    } catch (error) {
      this.logger.error(error instanceof Error ? error.stack : error);
      throw new ServiceUnavailableException(ADMIN_MESSAGES.analyticsUnavailable);
    }
  }
}
