import { z } from 'zod';
import type { NotificationKind } from './notifications';

/** The groups of notifications a user chooses a delivery for. */
export const NOTIFICATION_SETTING_GROUPS = [
  'messages',
  'alertMatches',
  'likesAndComments',
  'moderation',
] as const;
export type NotificationSettingGroup = (typeof NOTIFICATION_SETTING_GROUPS)[number];

/** Each group's name on screen and in mail. */
export const NOTIFICATION_GROUP_LABELS: Record<NotificationSettingGroup, string> = {
  messages: 'Messages',
  alertMatches: 'Saved search alerts',
  likesAndComments: 'Likes and comments',
  moderation: 'Moderation',
};

/** In the app only, an email right away, or one daily digest email. */
export const NOTIFICATION_DELIVERIES = ['in-app', 'email', 'digest'] as const;
export type NotificationDelivery = (typeof NOTIFICATION_DELIVERIES)[number];

export type NotificationSettings = Record<NotificationSettingGroup, NotificationDelivery>;

/** Until a user chooses, everything stays in the app: nobody is emailed without asking for it. */
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  messages: 'in-app',
  alertMatches: 'in-app',
  likesAndComments: 'in-app',
  moderation: 'in-app',
};

/** Which group each kind of notification belongs to. */
export const NOTIFICATION_GROUP_OF: Record<NotificationKind, NotificationSettingGroup> = {
  message: 'messages',
  saved_search: 'alertMatches',
  open_lapsed: 'alertMatches',
  like: 'likesAndComments',
  comment: 'likesAndComments',
  item_hidden: 'moderation',
  item_restored: 'moderation',
  invitation: 'messages',
  join_request: 'messages',
  invitation_accepted: 'messages',
  invitation_declined: 'messages',
  // New matches are alerts about records, as saved searches' are.
  weekly_matches: 'alertMatches',
};

export const NOTIFICATION_SETTINGS_MESSAGES = {
  saved: 'Notification settings saved',
  delivery: `Each choice must be one of: ${NOTIFICATION_DELIVERIES.join(', ')}`,
} as const;

const delivery = z.enum(NOTIFICATION_DELIVERIES, { error: NOTIFICATION_SETTINGS_MESSAGES.delivery });

/** The settings are sent whole: one delivery for every group. */
export const notificationSettingsSchema = z.strictObject({
  messages: delivery,
  alertMatches: delivery,
  likesAndComments: delivery,
  moderation: delivery,
});
