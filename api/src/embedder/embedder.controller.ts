import { Body, Controller, Get, HttpCode, Inject, Post, Res } from '@nestjs/common';
import {
  type EmbedRequest,
  embedRequestSchema,
  type LabelSuggestionRequest,
  labelSuggestionRequestSchema,
  type SortRequest,
  sortRequestSchema,
} from '@skillers/domain';
import { type Embedder, EmbedderUnavailableError } from '@skillers/embedding';
import type { Response } from 'express';
import { PerMinuteLimit } from '../common/per-minute-limit.decorator';
import { PerUserLimit, USER_LIMITS } from '../common/rate-limits';
import { ZodPipe } from '../common/zod-body.pipe';
import { MlService } from '../search/ml.service';
import { SortService } from '../search/sort.service';
import { EMBEDDER } from './embedder.tokens';

/**
 * The embedder service's routes, mounted under `/embedder` in the single process so that both profiles
 * answer the same calls (in the cluster profile the service answers them itself).
 */
@Controller('embedder')
export class EmbedderController {
  constructor(
    @Inject(EMBEDDER) private readonly embedder: Embedder,
    private readonly sorting: SortService,
    private readonly ml: MlService,
  ) {}

  @Post('embed')
  @HttpCode(200)
  @PerMinuteLimit(600)
  async embed(
    @Body(new ZodPipe(embedRequestSchema)) { texts }: EmbedRequest,
    @Res({ passthrough: true }) res: Response,
  ) {
    try {
      const vectors = await this.embedder.embed(texts);
      return { vectors, model: this.embedder.modelId, dimension: this.embedder.dimension() };
    } catch (error) {
      if (!(error instanceof EmbedderUnavailableError)) throw error;
      res.status(503);
      return { statusCode: 503, message: error.message };
    }
  }

  @Post('sort')
  @HttpCode(200)
  @PerMinuteLimit(60)
  @PerUserLimit(USER_LIMITS.similarity)
  sort(@Body(new ZodPipe(sortRequestSchema)) body: SortRequest) {
    return this.sorting.sort(body);
  }

  @Post('ml')
  @HttpCode(200)
  @PerMinuteLimit(60)
  @PerUserLimit(USER_LIMITS.similarity)
  suggest(@Body(new ZodPipe(labelSuggestionRequestSchema)) body: LabelSuggestionRequest) {
    return this.ml.suggest(body);
  }

  @Get('health')
  async health(@Res({ passthrough: true }) res: Response) {
    const { model, dimension, ready, error } = await this.embedder.status();
    if (!ready) res.status(503);
    return { model, dimension: dimension ?? null, ready, ...(error !== undefined && { error }) };
  }
}
