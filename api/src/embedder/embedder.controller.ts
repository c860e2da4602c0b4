import { BadRequestException, Body, Controller, Get, HttpCode, Inject, Post, Res } from '@nestjs/common';
import {
  ANONYMOUS_EMBED_TEXTS_MAX,
  ANONYMOUS_EMBED_TEXTS_MESSAGE,
  type EmbedRequest,
  publicEmbedRequestSchema,
} from '@skillers/domain';
import { type Embedder, EmbedderUnavailableError } from '@skillers/embedding';
import type { Response } from 'express';
import { PerMinuteLimit } from '../common/per-minute-limit.decorator';
import { CurrentUser } from '../auth/current-user.decorator';
import type { AuthenticatedUser } from '../auth/token.service';
import { ANONYMOUS_EMBED_LIMIT, USER_LIMITS } from '../common/rate-limits';
import { PerUserLimit, PerVisitorLimit } from '../auth/per-user-limit';
import { ZodPipe } from '../common/zod-body.pipe';
import { EMBEDDER } from '../core/embedder.tokens';

/**
 * The embedder service's routes, mounted under `/embedder` in the single process so that both profiles
 * answer the same calls (in the cluster profile the service answers them itself); its `/sort` and `/ml` are
 * served by the similarity module.
 */
@Controller('embedder')
export class EmbedderController {
  constructor(@Inject(EMBEDDER) private readonly embedder: Embedder) {}

  /**
   * The model runs in a worker thread, so embedding never stalls other requests; the caps bound how much
   * of that worker one caller takes. Visitors get small calls and a small allowance per address.
   */
  @Post('embed')
  @HttpCode(200)
  @PerMinuteLimit(600)
  @PerUserLimit(USER_LIMITS.embeds)
  @PerVisitorLimit(ANONYMOUS_EMBED_LIMIT)
  async embed(
    @Body(new ZodPipe(publicEmbedRequestSchema)) { texts }: EmbedRequest,
    @Res({ passthrough: true }) res: Response,
    @CurrentUser() user?: AuthenticatedUser,
  ) {
    if (!user && texts.length > ANONYMOUS_EMBED_TEXTS_MAX) {
      throw new BadRequestException({
        message: ANONYMOUS_EMBED_TEXTS_MESSAGE,
        errors: [{ field: 'texts', message: ANONYMOUS_EMBED_TEXTS_MESSAGE }],
      });
    }
    try {
      const vectors = await this.embedder.embed(texts);
      return { vectors, model: this.embedder.modelId, dimension: this.embedder.dimension() };
    } catch (error) {
      if (!(error instanceof EmbedderUnavailableError)) throw error;
      res.status(503);
      return { statusCode: 503, message: error.message };
    }
  }

  @Get('health')
  async health(@Res({ passthrough: true }) res: Response) {
    const { model, dimension, ready, error } = await this.embedder.status();
    if (!ready) res.status(503);
    return { model, dimension: dimension ?? null, ready, ...(error !== undefined && { error }) };
  }
}
