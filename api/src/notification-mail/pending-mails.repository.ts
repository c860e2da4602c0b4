import { Inject, Injectable } from '@nestjs/common';
import type { NotificationRecord } from '@skillers/domain';
import { COLLECTIONS, DuplicateKeyError, type RecordStore } from '@skillers/store';
import { RECORD_STORE } from '../core/tokens';

/** A notification's mail waiting for its due time, keyed by the notification's id. */
export interface PendingMail {
  _id: string;
  userId: string;
  /** ISO time from which it may be sent. */
  dueAt: string;
  /** Sends tried and failed so far. */
  failures: number;
}

/** Mails due for sending are stored, so a restart sends what was waiting and nothing twice. */
@Injectable()
export class PendingMailsRepository {
  constructor(@Inject(RECORD_STORE) private readonly store: RecordStore) {}

  private get mails() {
    return this.store.collection<PendingMail>(COLLECTIONS.notificationMails);
  }

  /**
   * Waits a mail unless one already waits for the notification: a refreshed message notification keeps
   * its first due time, so the 10 minutes run from the first unread message.
   */
  async add(mail: PendingMail): Promise<void> {
    try {
      await this.mails.insert(mail);
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
    }
  }

  /** Puts a mail whose send failed back, for a later try. */
  async putBack(mail: PendingMail): Promise<void> {
    await this.mails.putMany([mail]);
  }

  /** Mails due by `now`, earliest first. */
  due(now: string, limit: number): Promise<PendingMail[]> {
    return this.mails.find({ dueAt: { $lt: now } }, { sort: [{ field: 'dueAt', direction: 'asc' }], limit });
  }

  /** Takes the mail for sending; true for exactly one caller, whichever process or sweep asks. */
  claim(id: string): Promise<boolean> {
    return this.mails.delete(id);
  }

  forget(userId: string): Promise<number> {
    return this.mails.deleteMany({ userId });
  }

  notification(id: string): Promise<NotificationRecord | null> {
    return this.store.collection<NotificationRecord>(COLLECTIONS.notifications).findById(id);
  }
}
