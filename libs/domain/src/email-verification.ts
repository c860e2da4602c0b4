import { z } from 'zod';
import type { UserRecord } from './entities';
import { RESET_TOKEN_PATTERN } from './validation/auth.schema';

/** New conversations a day for an account whose address is not confirmed yet, whatever the general limit. */
export const UNVERIFIED_FIRST_CONTACTS_PER_DAY = 3;

/** Texts of confirming one's email address. */
export const EMAIL_VERIFICATION_MESSAGES = {
  verified: 'Thank you, your email address is confirmed.',
  linkInvalid:
    'This confirmation link is invalid, was already used or has expired. Please ask for a new one.',
  mailSent: 'A new confirmation link is on its way to your email address. It works for 48 hours.',
  alreadyVerified: 'Your email address is already confirmed.',
  tooManyRequests: 'Too many confirmation mails were asked for. Please wait a while and try again.',
  tooManyFirstContacts: (perDay: number) =>
    `Please confirm your email address to start more than ${perDay} new conversations a day. ` +
    'Replies to existing conversations are not limited.',
} as const;

/**
 * A confirmation link mailed: stored under the SHA-256 of the token, never the token itself, with the
 * address it was sent to, so a link mailed before the address changed cannot confirm the new one.
 */
export interface EmailVerificationRecord {
  /** base64url SHA-256 of the token. */
  _id: string;
  userId: string;
  email: string;
  expiresAt: string;
  createdAt: string;
}

/**
 * Only sign-up and an email change store `emailVerified: false`; accounts made before confirmation existed,
 * and the demo seed's, have no flag and count as confirmed: nothing was ever mailed to them to confirm.
 */
export const isEmailVerified = (user: Pick<UserRecord, 'emailVerified'>): boolean =>
  user.emailVerified !== false;

/** The token of a confirmation link: 32 random bytes in base64url, like a reset token. */
export const verifyEmailSchema = z.strictObject({
  token: z
    .string({ error: EMAIL_VERIFICATION_MESSAGES.linkInvalid })
    .regex(RESET_TOKEN_PATTERN, EMAIL_VERIFICATION_MESSAGES.linkInvalid),
});

export type VerifyEmailInput = z.infer<typeof verifyEmailSchema>;
