import { Body, Controller, HttpCode, Ip, Post } from '@nestjs/common';
import { type LoginInput, loginSchema, type SignupInput, signupSchema } from '@skillers/domain';
import { ZodPipe } from '../common/zod-body.pipe';
import { AuthService } from './auth.service';
import { PerMinuteLimit } from '../common/per-minute-limit.decorator';

/** Sign-ups allowed a minute from one client address. */
export const SIGNUPS_PER_MINUTE = 20;
/**
 * Login attempts, successful or not, allowed a minute from one client address: each one costs an
 * argon2 hash. Failures have their own, stricter count per address and per account.
 */
export const LOGINS_PER_MINUTE = 60;

@Controller('auth')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Post('signup')
  @PerMinuteLimit(SIGNUPS_PER_MINUTE)
  signup(@Body(new ZodPipe(signupSchema)) body: SignupInput) {
    return this.auth.signup(body);
  }

  @Post('login')
  @HttpCode(200)
  @PerMinuteLimit(LOGINS_PER_MINUTE)
  login(@Body(new ZodPipe(loginSchema)) body: LoginInput, @Ip() ip: string) {
    return this.auth.login(body, ip);
  }
}
