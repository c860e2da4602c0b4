import { Inject, Injectable } from '@nestjs/common';
import type { NotificationRecord } from '@skillers/domain';
import type { PendingNotificationMail as PendingMail } from '@skillers/indexing';
import { COLLECTIONS, type RecordStore } from '@skillers/store';
import { RECORD_STORE } from '../core/tokens';

/**
 * The mails `scheduleNotificationMails` stored, so a restart sends what was waiting and nothing twice.
 */
@Injectable()
export class PendingMailsRepository {
  constructor(@Inject(RECORD_STORE) private readonly store: RecordStore) {}

  private get mails() {
    return this.store.collection<PendingMail>(COLLECTIONS.notificationMails);
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
