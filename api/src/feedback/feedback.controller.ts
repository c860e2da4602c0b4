import { Body, Controller, Post, UseGuards } from '@nestjs/common';
import { type FeedbackInput, feedbackSchema } from '@skillers/domain';
import { CurrentUser } from '../auth/current-user.decorator';
import { OptionalJwtAuthGuard } from '../auth/jwt-auth.guard';
import type { AuthenticatedUser } from '../auth/token.service';
import { ZodPipe } from '../common/zod-body.pipe';
import { FeedbackService } from './feedback.service';
import { PerMinuteLimit } from '../common/per-minute-limit.decorator';

@Controller('feedback')
export class FeedbackController {
  constructor(private readonly feedback: FeedbackService) {}

  @Post()
  @UseGuards(OptionalJwtAuthGuard)
  @PerMinuteLimit(10)
  send(@Body(new ZodPipe(feedbackSchema)) body: FeedbackInput, @CurrentUser() user?: AuthenticatedUser) {
    return this.feedback.record(body, user?.id);
  }
}
