import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { type LabelSuggestionRequest, labelSuggestionRequestSchema } from '@skillers/domain';
import { PerMinuteLimit } from '../common/per-minute-limit.decorator';
import { PerUserLimit, USER_LIMITS } from '../common/rate-limits';
import { ZodPipe } from '../common/zod-body.pipe';
import { MlService } from './ml.service';

/** `/api/ml`: free text to the filter labels it names or means. */
@Controller()
export class MlController {
  constructor(private readonly ml: MlService) {}

  @Post('ml')
  @HttpCode(200)
  @PerMinuteLimit(60)
  @PerUserLimit(USER_LIMITS.similarity)
  suggest(@Body(new ZodPipe(labelSuggestionRequestSchema)) body: LabelSuggestionRequest) {
    return this.ml.suggest(body);
  }
}
