import { Body, Controller, HttpCode, Ip, Post, Put, UseGuards } from '@nestjs/common';
import {
  type ChangePasswordInput,
  changePasswordSchema,
  type ForgotPasswordInput,
  forgotPasswordSchema,
  type ResetPasswordInput,
  resetPasswordSchema,
} from '@skillers/domain';
import { CurrentUser } from '../auth/current-user.decorator';
import { JwtAuthGuard } from '../auth/jwt-auth.guard';
import { PerUserLimit } from '../auth/per-user-limit';
import type { AuthenticatedUser } from '../auth/token.service';
import { PerMinuteLimit } from '../common/per-minute-limit.decorator';
import { USER_LIMITS } from '../common/rate-limits';
import { ZodPipe } from '../common/zod-body.pipe';
import { PasswordService } from './password.service';

/** Reset attempts a minute from one client address: each costs an argon2 hash when the link is good. */
export const RESETS_PER_MINUTE = 20;

@Controller('auth')
export class PasswordResetController {
  constructor(private readonly passwords: PasswordService) {}

  @Post('forgot-password')
  @HttpCode(202)
  forgot(@Body(new ZodPipe(forgotPasswordSchema)) body: ForgotPasswordInput, @Ip() ip: string) {
    return this.passwords.forgot(body, ip);
  }

  @Post('reset-password')
  @HttpCode(200)
  @PerMinuteLimit(RESETS_PER_MINUTE)
  reset(@Body(new ZodPipe(resetPasswordSchema)) body: ResetPasswordInput) {
    return this.passwords.reset(body);
  }
}

@Controller('user')
@UseGuards(JwtAuthGuard)
export class PasswordChangeController {
  constructor(private readonly passwords: PasswordService) {}

  @Put('password')
  @PerUserLimit(USER_LIMITS.settings)
  change(
    @CurrentUser() user: AuthenticatedUser,
    @Body(new ZodPipe(changePasswordSchema)) body: ChangePasswordInput,
  ) {
    return this.passwords.change(user.id, body);
  }
}
