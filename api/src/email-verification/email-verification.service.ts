import { BadRequestException, ConflictException, Inject, Injectable, Logger } from '@nestjs/common';
import {
  EMAIL_VERIFICATION_MESSAGES,
  isEmailVerified,
  type UserRecord,
  type VerifyEmailInput,
} from '@skillers/domain';
import { createHash, randomBytes } from 'node:crypto';
import { UsersRepository } from '../auth/users.repository';
import { RateLimits, type RateLimitRule } from '../common/rate-limits';
import type { AppConfig } from '../config/app-config';
import { AppEvents } from '../core/events/app-events.service';
import { APP_CONFIG } from '../core/tokens';
import { MAIL_SENDER, type MailSender } from '../mail/mail-sender';
import { EmailVerificationsRepository } from './email-verifications.repository';

/** How long a mailed confirmation link works: long enough for a weekend away from the inbox. */
export const VERIFICATION_TOKEN_TTL_MS = 48 * 60 * 60 * 1000;
/** The web app's page that reads `?token=` and confirms the address. */
export const VERIFY_PAGE_PATH = '/verify-email';

/** Confirmation mails one account asks for again: its inbox is not flooded. */
export const VERIFICATION_REQUESTS_PER_ACCOUNT: RateLimitRule = {
  name: 'email-verification-account',
  points: 5,
  windowSeconds: 60 * 60,
  scaled: false,
  message: EMAIL_VERIFICATION_MESSAGES.tooManyRequests,
};
/** Confirmation mails asked for from one client address, for any accounts. */
export const VERIFICATION_REQUESTS_PER_IP: RateLimitRule = {
  name: 'email-verification-ip',
  points: 20,
  windowSeconds: 60 * 60,
  scaled: true,
  message: EMAIL_VERIFICATION_MESSAGES.tooManyRequests,
};

const hashOf = (token: string): string => createHash('sha256').update(token).digest('base64url');

const invalidLink = () =>
  new BadRequestException({ message: EMAIL_VERIFICATION_MESSAGES.linkInvalid, field: 'token' });

type Recipient = Pick<UserRecord, 'username' | 'email'> & { userId: string };

/**
 * Confirming the address of an account: a single-use link (32 random bytes, stored hashed, 48 hours, ended
 * by a newer one) mailed on sign-up, on an email change and on request.
 */
@Injectable()
export class EmailVerificationService {
  private readonly logger = new Logger(EmailVerificationService.name);

  constructor(
    private readonly users: UsersRepository,
    private readonly verifications: EmailVerificationsRepository,
    private readonly limits: RateLimits,
    events: AppEvents,
    @Inject(MAIL_SENDER) private readonly mail: MailSender,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    events.subscribe('email.unverified', (recipient) => this.mailLink(recipient));
  }

  /** Confirms the address the link was mailed to, once per link, if the account still uses it. */
  async verify(input: VerifyEmailInput): Promise<{ message: string }> {
    const tokenHash = hashOf(input.token);
    const verification = await this.verifications.findByHash(tokenHash);
    if (!verification || Date.parse(verification.expiresAt) <= Date.now()) throw invalidLink();
    if (!(await this.verifications.claim(tokenHash))) throw invalidLink();
    const user = await this.users.findById(verification.userId);
    // A link mailed to an address the owner has since changed confirms nothing.
    if (user?.email !== verification.email) throw invalidLink();
    await this.users.update(user._id, {}, ['emailVerified']);
    return { message: EMAIL_VERIFICATION_MESSAGES.verified };
  }

  /** Mails a fresh link to the signed-in user's unconfirmed address; the earlier link stops working. */
  async resend(userId: string, ip: string): Promise<{ message: string }> {
    const user = await this.users.findById(userId);
    if (!user || isEmailVerified(user))
      throw new ConflictException({ message: EMAIL_VERIFICATION_MESSAGES.alreadyVerified });
    await this.limits.consume(VERIFICATION_REQUESTS_PER_ACCOUNT, `user:${userId}`);
    await this.limits.consume(VERIFICATION_REQUESTS_PER_IP, `ip:${ip}`);
    await this.mailLink({ userId, username: user.username, email: user.email });
    return { message: EMAIL_VERIFICATION_MESSAGES.mailSent };
  }

  /** Stores the new link's hash, then mails the link after the answer has gone. */
  private async mailLink(recipient: Recipient): Promise<void> {
    const token = randomBytes(32).toString('base64url');
    const now = Date.now();
    await this.verifications.replace({
      _id: hashOf(token),
      userId: recipient.userId,
      email: recipient.email,
      expiresAt: new Date(now + VERIFICATION_TOKEN_TTL_MS).toISOString(),
      createdAt: new Date(now).toISOString(),
    });
    const link = `${this.config.publicUrl}${VERIFY_PAGE_PATH}?token=${token}`;
    setImmediate(() => this.send(recipient, link));
  }

  private send(recipient: Recipient, link: string): void {
    this.mail
      .send({
        to: recipient.email,
        subject: 'Confirm your email address',
        paragraphs: [
          `Hello ${recipient.username},`,
          'Please confirm that this address is yours, so that the people you contact know it is real. ' +
            'The link works once, for 48 hours. If you did not sign up, ignore this mail.',
        ],
        action: { label: 'Confirm my email address', url: link },
      })
      .catch((error: Error) => this.logger.error(`The confirmation mail was not sent: ${error.message}`));
  }
}
