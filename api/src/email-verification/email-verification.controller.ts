import { Body, Controller, HttpCode, Ip, Post, UseGuards } from '@nestjs/common';
import { type VerifyEmailInput, verifyEmailSchema } from '@skillers/domain';
import { CurrentUser } from '../auth/current-user.decorator';
import { JwtAuthGuard } from '../auth/jwt-auth.guard';
import type { AuthenticatedUser } from '../auth/token.service';
import { PerMinuteLimit } from '../common/per-minute-limit.decorator';
import { ZodPipe } from '../common/zod-body.pipe';
import { EmailVerificationService } from './email-verification.service';

/** Confirmation attempts a minute from one client address: tokens are not to be guessed in bulk. */
export const VERIFICATIONS_PER_MINUTE = 20;

/** Opening the mailed link needs no session: the token alone names the account, as on another device. */
@Controller('auth')
export class EmailVerificationController {
  constructor(private readonly verification: EmailVerificationService) {}

  @Post('verify-email')
  @HttpCode(200)
  @PerMinuteLimit(VERIFICATIONS_PER_MINUTE)
  verify(@Body(new ZodPipe(verifyEmailSchema)) body: VerifyEmailInput) {
    return this.verification.verify(body);
  }
}

@Controller('user')
@UseGuards(JwtAuthGuard)
export class VerificationMailController {
  constructor(private readonly verification: EmailVerificationService) {}

  @Post('verification-email')
  @HttpCode(202)
  resend(@CurrentUser() user: AuthenticatedUser, @Ip() ip: string) {
    return this.verification.resend(user.id, ip);
  }
}
