import { Inject, Injectable } from '@nestjs/common';
import {
  EMAIL_VERIFICATION_MESSAGES,
  isEmailVerified,
  TRUST_MESSAGES,
  UNVERIFIED_FIRST_CONTACTS_PER_DAY,
} from '@skillers/domain';
import { UsersRepository } from '../auth/users.repository';
import { assertUnderDailyCap } from '../common/rate-limits';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../core/tokens';
import { ChatRepository } from './chat.repository';

/**
 * At most FIRST_CONTACTS_PER_DAY new conversations per user in any 24 hours. It counts the stored
 * conversations the user started, so the limit holds across restarts and api processes; replies, which
 * never create a conversation, are never counted. An account whose address is not confirmed yet gets
 * UNVERIFIED_FIRST_CONTACTS_PER_DAY at most, so a throwaway address buys few cold contacts.
 */
@Injectable()
export class FirstContactLimit {
  /** Per user, the end of the latest `startExclusive` work queued in this process. */
  private readonly pending = new Map<string, Promise<unknown>>();

  constructor(
    private readonly chats: ChatRepository,
    private readonly users: UsersRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Runs `start` (the count and the conversation's creation) one at a time per user in this process, so
   * first messages sent at once cannot all pass the same count.
   */
  async startExclusive<T>(userId: string, start: () => Promise<T>): Promise<T> {
    const run = (this.pending.get(userId) ?? Promise.resolve()).then(start);
    const settled = run.catch(() => undefined);
    this.pending.set(userId, settled);
    try {
      return await run;
    } finally {
      if (this.pending.get(userId) === settled) this.pending.delete(userId);
    }
  }

  async assertMayStart(userId: string, now = Date.now()): Promise<void> {
    const user = await this.users.findById(userId);
    const verified = !user || isEmailVerified(user);
    const perDay = verified
      ? this.config.firstContactsPerDay
      : Math.min(UNVERIFIED_FIRST_CONTACTS_PER_DAY, this.config.firstContactsPerDay);
    assertUnderDailyCap(
      await this.chats.startedBy(userId, perDay),
      perDay,
      verified
        ? TRUST_MESSAGES.tooManyFirstContacts(perDay)
        : EMAIL_VERIFICATION_MESSAGES.tooManyFirstContacts(perDay),
      now,
    );
  }
}
