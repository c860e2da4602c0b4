/** The lines and links of notifications are shared with the mail that carries them. */
export { notificationLink, notificationText } from '@skillers/domain';

/** Badges stop counting at 99, so they stay one small circle. */
export const badgeLabel = (count: number): string => (count > 99 ? '99+' : String(count));
