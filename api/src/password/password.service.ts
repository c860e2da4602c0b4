import { BadRequestException, Inject, Injectable, Logger } from '@nestjs/common';
import {
  AUTH_MESSAGES,
  type ChangePasswordInput,
  type ForgotPasswordInput,
  type ResetPasswordInput,
  type UserRecord,
} from '@skillers/domain';
import { newId } from '@skillers/store';
import { createHash, randomBytes } from 'node:crypto';
import { LiveAccounts } from '../auth/live-accounts';
import { PasswordHasher } from '../auth/password-hasher';
import { TokenService } from '../auth/token.service';
import { UsersRepository } from '../auth/users.repository';
import { RateLimits, type RateLimitRule } from '../common/rate-limits';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../core/tokens';
import { MAIL_SENDER, type MailSender } from '../mail/mail-sender';
import { PasswordResetsRepository } from './password-resets.repository';

/** How long a mailed reset link works. */
export const RESET_TOKEN_TTL_MS = 30 * 60 * 1000;
/** The web app's page that reads `?token=` and asks for the new password. */
export const RESET_PAGE_PATH = '/reset-password';

/** Reset mails asked for one address, whoever asks: an inbox is not flooded, and guessing is slow. */
export const RESET_REQUESTS_PER_EMAIL: RateLimitRule = {
  name: 'password-reset-email',
  points: 5,
  windowSeconds: 60 * 60,
  scaled: false,
  message: AUTH_MESSAGES.tooManyResetRequests,
};
/** Reset mails asked from one client address, for any addresses. */
export const RESET_REQUESTS_PER_IP: RateLimitRule = {
  name: 'password-reset-ip',
  points: 20,
  windowSeconds: 60 * 60,
  scaled: true,
  message: AUTH_MESSAGES.tooManyResetRequests,
};

const hashOf = (token: string): string => createHash('sha256').update(token).digest('base64url');

const invalidLink = () =>
  new BadRequestException({ message: AUTH_MESSAGES.resetLinkInvalid, field: 'token' });

@Injectable()
export class PasswordService {
  private readonly logger = new Logger(PasswordService.name);

  constructor(
    private readonly users: UsersRepository,
    private readonly resets: PasswordResetsRepository,
    private readonly hasher: PasswordHasher,
    private readonly tokens: TokenService,
    private readonly accounts: LiveAccounts,
    private readonly limits: RateLimits,
    @Inject(MAIL_SENDER) private readonly mail: MailSender,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Mails a reset link when an account uses the address. The answer and the work before it are the same
   * either way (a token made, hashed and stored), and the mail is composed after the answer has gone, so
   * neither the body nor the time tells whether the address has an account.
   */
  async forgot(input: ForgotPasswordInput, ip: string): Promise<{ message: string }> {
    await this.limits.consume(RESET_REQUESTS_PER_EMAIL, `email:${input.email}`);
    await this.limits.consume(RESET_REQUESTS_PER_IP, `ip:${ip}`);
    const user = await this.users.findByEmail(input.email);
    const token = randomBytes(32).toString('base64url');
    const now = Date.now();
    const reset = {
      _id: hashOf(token),
      userId: user?._id ?? newId(),
      expiresAt: new Date(now + RESET_TOKEN_TTL_MS).toISOString(),
      createdAt: new Date(now).toISOString(),
    };
    // Stored either way, so both answers cost the same writes; a reset naming no account is never mailed.
    await this.resets.replace(reset);
    if (user) this.mailLink(user, token);
    return { message: AUTH_MESSAGES.resetMailSent };
  }

  /** Sets the new password once per link; every session of the account ends. */
  async reset(input: ResetPasswordInput): Promise<{ message: string }> {
    const tokenHash = hashOf(input.token);
    const reset = await this.resets.findByHash(tokenHash);
    if (!reset || Date.parse(reset.expiresAt) <= Date.now()) throw invalidLink();
    if (!(await this.resets.claim(tokenHash))) throw invalidLink();
    const user = await this.users.findById(reset.userId);
    if (!user) throw invalidLink();
    await this.setPassword(user, input.password);
    return { message: AUTH_MESSAGES.passwordReset };
  }

  /**
   * Changes the password of a signed-in user who knows the current one. Every other session ends; the
   * caller's goes on with the fresh token of the answer.
   */
  async change(userId: string, input: ChangePasswordInput): Promise<{ message: string; token: string }> {
    const user = await this.users.findById(userId);
    if (!user) throw new BadRequestException({ message: AUTH_MESSAGES.userNotFound });
    if (!(await this.hasher.verify(user.passwordHash, input.currentPassword)))
      throw new BadRequestException({
        message: AUTH_MESSAGES.wrongCurrentPassword,
        field: 'currentPassword',
      });
    const updated = await this.setPassword(user, input.newPassword);
    return {
      message: AUTH_MESSAGES.passwordChanged,
      token: await this.tokens.sign({
        id: updated._id,
        username: updated.username,
        tokenVersion: updated.tokenVersion,
      }),
    };
  }

  /** Stores the new hash and raises the token version, which refuses every token signed before. */
  private async setPassword(user: UserRecord, password: string): Promise<UserRecord> {
    const updated = await this.users.update(user._id, {
      passwordHash: await this.hasher.hash(password),
      tokenVersion: (user.tokenVersion ?? 0) + 1,
    });
    this.accounts.forget(user._id);
    if (!updated) throw invalidLink();
    return updated;
  }

  private mailLink(user: UserRecord, token: string): void {
    const link = `${this.config.publicUrl}${RESET_PAGE_PATH}?token=${token}`;
    // After the answer has gone: composing the mail must not make a known address slower to answer.
    setImmediate(() => this.send(user, link));
  }

  private send(user: UserRecord, link: string): void {
    this.mail
      .send({
        to: user.email,
        subject: 'Choose a new password',
        paragraphs: [
          `Hello ${user.username},`,
          'Someone, probably you, asked to choose a new password for your account. The link works once, ' +
            'for 30 minutes. If you did not ask, ignore this mail: your password stays as it is.',
        ],
        action: { label: 'Choose a new password', url: link },
      })
      .catch((error: Error) => this.logger.error(`The password reset mail was not sent: ${error.message}`));
  }
}
