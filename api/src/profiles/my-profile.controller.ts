import { Controller, Get, UseGuards } from '@nestjs/common';
import { CurrentUser } from '../auth/current-user.decorator';
import { JwtAuthGuard } from '../auth/jwt-auth.guard';
import type { AuthenticatedUser } from '../auth/token.service';
import { ProfileService } from './profile.service';

@Controller('user')
@UseGuards(JwtAuthGuard)
export class MyProfileController {
  constructor(private readonly profiles: ProfileService) {}

  /** The caller's own profile, or null: having none yet is an ordinary state. */
  @Get('myTeammate')
  mine(@CurrentUser() user: AuthenticatedUser) {
    return this.profiles.mine(user.id);
  }
}
