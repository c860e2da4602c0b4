import { Controller, Get, UseGuards } from '@nestjs/common';
import { CurrentUser } from '../auth/current-user.decorator';
import { JwtAuthGuard } from '../auth/jwt-auth.guard';
import type { AuthenticatedUser } from '../auth/token.service';
import { TeammateService } from './teammate.service';

@Controller('user')
@UseGuards(JwtAuthGuard)
export class MyTeammateController {
  constructor(private readonly teammates: TeammateService) {}

  /** The caller's own profile, or null: having none yet is an ordinary state. */
  @Get('myTeammate')
  mine(@CurrentUser() user: AuthenticatedUser) {
    return this.teammates.mine(user.id);
  }
}
