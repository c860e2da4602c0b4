import {
  DEFAULT_NOTIFICATION_SETTINGS,
  NOTIFICATION_GROUP_OF,
  type NotificationRecord,
  type NotificationSettings,
} from '@skillers/domain';
import { COLLECTIONS, DuplicateKeyError, type RecordStore } from '@skillers/store';

/** A message is mailed only when its recipient has not read it within this time. */
export const UNREAD_MESSAGE_WAIT_MS = 10 * 60 * 1000;

/** A notification's mail waiting for its due time, keyed by the notification's id. */
export interface PendingNotificationMail {
  _id: string;
  userId: string;
  /** ISO time from which it may be sent. */
  dueAt: string;
  /** Sends tried and failed so far. */
  failures: number;
}

/**
 * Stores a mail to send for each notification whose user wants its group by email: due now, or after 10
 * minutes for a message. Whoever stores notifications calls it (the api, the alerts of the embedded thread
 * or of the indexer), and the api sends what is due. A mail already waiting for a notification keeps its
 * due time: a message notification refreshed by a later message is mailed 10 minutes after the first.
 * Resolves to the mails stored.
 */
export const scheduleNotificationMails = async (
  store: RecordStore,
  records: readonly NotificationRecord[],
  now = Date.now(),
): Promise<PendingNotificationMail[]> => {
  const settings = store.collection<NotificationSettings & { _id: string }>(COLLECTIONS.notificationSettings);
  const mails = store.collection<PendingNotificationMail>(COLLECTIONS.notificationMails);
  const scheduled: PendingNotificationMail[] = [];
  for (const record of records) {
    const chosen = { ...DEFAULT_NOTIFICATION_SETTINGS, ...(await settings.findById(record.userId)) };
    if (chosen[NOTIFICATION_GROUP_OF[record.kind]] !== 'email') continue;
    const wait = record.kind === 'message' ? UNREAD_MESSAGE_WAIT_MS : 0;
    const mail = {
      _id: record._id,
      userId: record.userId,
      dueAt: new Date(now + wait).toISOString(),
      failures: 0,
    };
    try {
      scheduled.push(await mails.insert(mail));
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
    }
  }
  return scheduled;
};
