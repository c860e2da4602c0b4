import { Body, Controller, Post, UseGuards } from '@nestjs/common';
import { Throttle, ThrottlerGuard } from '@nestjs/throttler';
import { type PropositionInput, propositionSchema } from '@skillers/domain';
import { CurrentUser } from '../auth/current-user.decorator';
import { JwtAuthGuard } from '../auth/jwt-auth.guard';
import type { AuthenticatedUser } from '../auth/token.service';
import { ZodPipe } from '../common/zod-body.pipe';
import { PropositionService } from './proposition.service';

@Controller('proposition')
export class PropositionController {
  constructor(private readonly propositions: PropositionService) {}

  @Post()
  @UseGuards(JwtAuthGuard, ThrottlerGuard)
  @Throttle({ default: { limit: 30, ttl: 60_000 } })
  propose(
    @CurrentUser() user: AuthenticatedUser,
    @Body(new ZodPipe(propositionSchema)) body: PropositionInput,
  ) {
    return this.propositions.propose(user.id, body);
  }
}
