import { Body, Controller, HttpCode, Ip, Post, UseGuards } from '@nestjs/common';
import {
  type LabelSuggestionRequest,
  labelSuggestionRequestSchema,
  type SortRequest,
  sortRequestSchema,
} from '@skillers/domain';
import { CurrentUser } from '../auth/current-user.decorator';
import { OptionalJwtAuthGuard } from '../auth/jwt-auth.guard';
import type { AuthenticatedUser } from '../auth/token.service';
import { PerMinuteLimit } from '../common/per-minute-limit.decorator';
import { USER_LIMITS } from '../common/rate-limits';
import { PerUserLimit } from '../auth/per-user-limit';
import { withKnownFilterOptions } from '../common/known-options';
import { ZodPipe } from '../common/zod-body.pipe';
import { MlService } from './ml.service';
import { SortService } from './sort.service';

const sortRequest = withKnownFilterOptions(sortRequestSchema, 'filter');

/**
 * `/sort` and `/ml`, the one way into similarity: under the API base (`/api/sort`, which the web app calls
 * when a filter finds nothing, and `/api/ml`), and under `/embedder` as the embedder service answers them in
 * the cluster profile, so that both profiles take the same calls. One handler per route keeps the per-route
 * limits apart.
 */
@Controller()
export class SimilarityController {
  constructor(
    private readonly sorting: SortService,
    private readonly ml: MlService,
  ) {}

  @Post('sort')
  @HttpCode(200)
  @PerMinuteLimit(60)
  @PerUserLimit(USER_LIMITS.similarity)
  @UseGuards(OptionalJwtAuthGuard)
  sort(
    @Body(new ZodPipe(sortRequest)) body: SortRequest,
    @Ip() address: string,
    @CurrentUser() user?: AuthenticatedUser,
  ) {
    return this.sorting.sort(body, { userId: user?.id, address });
  }

  @Post('embedder/sort')
  @HttpCode(200)
  @PerMinuteLimit(60)
  @PerUserLimit(USER_LIMITS.similarity)
  sortAsEmbedder(@Body(new ZodPipe(sortRequest)) body: SortRequest, @Ip() address: string) {
    // The embedder service's call, for other services: recorded as a visitor's ranking.
    return this.sorting.sort(body, { address });
  }

  @Post('ml')
  @HttpCode(200)
  @PerMinuteLimit(60)
  @PerUserLimit(USER_LIMITS.similarity)
  suggest(@Body(new ZodPipe(labelSuggestionRequestSchema)) body: LabelSuggestionRequest) {
    return this.ml.suggest(body);
  }

  @Post('embedder/ml')
  @HttpCode(200)
  @PerMinuteLimit(60)
  @PerUserLimit(USER_LIMITS.similarity)
  suggestAsEmbedder(@Body(new ZodPipe(labelSuggestionRequestSchema)) body: LabelSuggestionRequest) {
    return this.ml.suggest(body);
  }
}
