import { Controller, Get, Inject, Query, UseGuards } from '@nestjs/common';
import { ZodPipe } from '../common/zod-body.pipe';
import {
  SEARCH_ANALYTICS,
  type SearchAnalyticsReader,
  type SearchAnalyticsReport,
} from '../search/search-events/search-analytics';
import { type AnalyticsQuery, analyticsQuerySchema } from './admin-request.schemas';
import { AdminTokenGuard } from './admin-token.guard';

/** Search analytics for the admin page: the recorded search and click events, aggregated per range. */
@Controller('admin/analytics')
@UseGuards(AdminTokenGuard)
export class AdminAnalyticsController {
  constructor(@Inject(SEARCH_ANALYTICS) private readonly analytics: SearchAnalyticsReader) {}

  @Get()
  report(@Query(new ZodPipe(analyticsQuerySchema)) range: AnalyticsQuery): Promise<SearchAnalyticsReport> {
    return this.analytics.report(range);
  }
}
