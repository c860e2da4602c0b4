import { z } from 'zod';

export const UNSUBSCRIBE_MESSAGES = {
  invalidLink: 'This unsubscribe link is not valid. Change your notification settings in Settings instead.',
  oneClickBody: 'Send List-Unsubscribe=One-Click to unsubscribe.',
  unsubscribed: 'Unsubscribed: these notifications now stay in the app.',
} as const;

/** A signed token: the payload and its HMAC-SHA256, both base64url, joined by a dot. */
export const UNSUBSCRIBE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{1,512}\.[A-Za-z0-9_-]{43}$/;

export const unsubscribeQuerySchema = z.strictObject({
  token: z
    .string({ error: UNSUBSCRIBE_MESSAGES.invalidLink })
    .regex(UNSUBSCRIBE_TOKEN_PATTERN, UNSUBSCRIBE_MESSAGES.invalidLink),
});
export type UnsubscribeQuery = z.infer<typeof unsubscribeQuerySchema>;

/** RFC 8058's one-click body, as a mail provider posts it (a form field). */
export const oneClickBodySchema = z.object({
  'List-Unsubscribe': z.literal('One-Click', { error: UNSUBSCRIBE_MESSAGES.oneClickBody }),
});
