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
  };
};
