import {
  type NotificationRecord,
  notificationLink,
  notificationText,
  type UserRecord,
} from '@skillers/domain';
import type { OutgoingMail } from '../mail/mail-sender';

/** Subjects stay within what a mail client shows in its list. */
const SUBJECT_LENGTH = 70;

const cut = (text: string, length: number) => (text.length > length ? `${text.slice(0, length - 1)}…` : text);

/** The mail about one notification: its line as the bell shows it, and a button to where the bell leads. */
export const instantMail = (
  notification: NotificationRecord,
  recipient: Pick<UserRecord, 'email' | 'username'>,
  publicUrl: string,
  unsubscribeUrl: string,
): OutgoingMail => {
  const line = notificationText(notification);
  return {
    to: recipient.email,
    subject: cut(line, SUBJECT_LENGTH),
    paragraphs: [`Hello ${recipient.username},`, line],
    action: {
      label: notification.kind === 'message' ? 'Open the conversation' : 'Open it',
      url: `${publicUrl}${notificationLink(notification)}`,
    },
    unsubscribeUrl,
  };
};

/** The day's notifications in one mail, newest first, each as the bell shows it. */
export const digestMail = (
  notifications: readonly NotificationRecord[],
  recipient: Pick<UserRecord, 'email' | 'username'>,
  day: string,
  publicUrl: string,
  unsubscribeUrl: string,
): OutgoingMail => ({
  to: recipient.email,
  subject: `Your day: ${notifications.length} ${notifications.length === 1 ? 'notification' : 'notifications'}`,
  paragraphs: [
    `Hello ${recipient.username},`,
    `What happened for you on ${day} (UTC):`,
    ...notifications.map((notification) => `• ${notificationText(notification)}`),
  ],
  action: { label: 'Open Skillers', url: publicUrl },
  unsubscribeUrl,
});
