import { Body, Controller, Post, UseGuards } from '@nestjs/common';
import { type PropositionInput, propositionSchema } from '@skillers/domain';
import { CurrentUser } from '../auth/current-user.decorator';
import { JwtAuthGuard } from '../auth/jwt-auth.guard';
import type { AuthenticatedUser } from '../auth/token.service';
import { ZodPipe } from '../common/zod-body.pipe';
import { PropositionService } from './proposition.service';
import { PerMinuteLimit } from '../common/per-minute-limit.decorator';

@Controller('proposition')
export class PropositionController {
  constructor(private readonly propositions: PropositionService) {}

  @Post()
  @UseGuards(JwtAuthGuard)
  @PerMinuteLimit(30)
  propose(
    @CurrentUser() user: AuthenticatedUser,
    @Body(new ZodPipe(propositionSchema)) body: PropositionInput,
  ) {
    return this.propositions.propose(user.id, body);
  }
}
