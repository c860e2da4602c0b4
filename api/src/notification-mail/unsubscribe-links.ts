import { Inject, Injectable } from '@nestjs/common';
import { NOTIFICATION_SETTING_GROUPS, type NotificationSettingGroup } from '@skillers/domain';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG, JWT_SECRET } from '../core/tokens';

/** The route under the API's prefix: `/api/unsubscribe?token=…`. */
export const UNSUBSCRIBE_ROUTE = 'unsubscribe';

/** What a link opts out of: the user, and the groups of the mail that carried it. */
export interface UnsubscribeGrant {
  userId: string;
  groups: NotificationSettingGroup[];
}

const payloadSchema = z.strictObject({
  u: z.string().min(1),
  g: z.array(z.enum(NOTIFICATION_SETTING_GROUPS)).min(1),
});

/**
 * Signed unsubscribe links, so a user opts out from the mail without signing in. The token names the user
 * and groups, signed with a key derived from the JWT secret for this one use; it does not expire, as a
 * mail's link must work as long as the mail is kept.
 */
@Injectable()
export class UnsubscribeLinks {
  private readonly key: Buffer;

  constructor(
    @Inject(JWT_SECRET) secret: string,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.key = createHmac('sha256', secret).update('notification-unsubscribe').digest();
  }

  urlFor(userId: string, groups: Iterable<NotificationSettingGroup>): string {
    const payload = Buffer.from(JSON.stringify({ u: userId, g: [...new Set(groups)] })).toString('base64url');
    return `${this.config.publicUrl}/api/${UNSUBSCRIBE_ROUTE}?token=${payload}.${this.signature(payload)}`;
  }

  /** The grant a token carries, or null when it was not signed here or was changed. */
  verify(token: string): UnsubscribeGrant | null {
    const [payload, signature] = token.split('.');
    const expected = Buffer.from(this.signature(payload ?? ''));
    const given = Buffer.from(signature ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    let parsed: unknown;
    try {
      parsed = JSON.parse(Buffer.from(payload, 'base64url').toString());
    } catch {
      return null;
    }
    const grant = payloadSchema.safeParse(parsed);
    return grant.success ? { userId: grant.data.u, groups: grant.data.g } : null;
  }

  private signature(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }
}
