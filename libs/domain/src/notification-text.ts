import type { Notification } from './notifications';
import type { HideableKind } from './trust';

const MODERATED_KIND_NAMES: Record<HideableKind, string> = {
  project: 'project',
  profile: 'skiller profile',
  post: 'post',
  comment: 'comment',
};

const moderatedName = (notification: Notification): string => {
  const item = notification.moderated;
  return item ? `Your ${MODERATED_KIND_NAMES[item.kind]} “${item.name}”` : 'Your item';
};

const projectName = (notification: Notification): string =>
  notification.listing ? `“${notification.listing.name}”` : 'a project';

/** One line per event, naming who did what. */
export const notificationText = (notification: Notification): string => {
  const who = notification.actor.username;
  switch (notification.kind) {
    case 'message':
      return `${who} sent you a message${notification.text ? `: ${notification.text}` : ''}`;
    case 'like':
      return `${who} liked your post`;
    case 'comment':
      return `${who} commented on your post${notification.text ? `: ${notification.text}` : ''}`;
    case 'open_lapsed':
      return `${notification.listing?.name ?? 'Your listing'} is no longer shown as open to collaborate`;
    case 'item_hidden':
      return `${moderatedName(notification)} was hidden after a report. Write to us through Feedback if you think this is a mistake`;
    case 'item_restored':
      return `${moderatedName(notification)} is shown again: a review found nothing wrong`;
    case 'invitation':
      return `${who} invites you to join ${projectName(notification)}${notification.text ? `: ${notification.text}` : ''}`;
    case 'join_request':
      return `${who} asks to join ${projectName(notification)}${notification.text ? `: ${notification.text}` : ''}`;
    case 'invitation_accepted':
      return `${who} accepted your invitation about ${projectName(notification)}: your conversation is open`;
    case 'invitation_declined':
      return `${who} declined your invitation about ${projectName(notification)}`;
    case 'weekly_matches': {
      const names = (notification.matches ?? []).map((match) => match.name);
      return `New strong matches this week: ${names.join(', ')}`;
    }
    case 'saved_search':
      return `${who} published ${notification.recordKind === 'project' ? 'a project' : 'a skiller profile'} matching your saved search${notification.text ? ` “${notification.text}”` : ''}`;
  }
};

/**
 * Where a notification leads: the conversation (an accepted invitation's too), the invitations, the owner's
 * lapsed listing, the record that matched a saved search, the feedback form after a hide, the restored
 * item, or the feed for a post.
 */
export const notificationLink = (notification: Notification): string => {
  switch (notification.kind) {
    case 'message':
    case 'invitation_accepted':
      return `/conversations?friendId=${encodeURIComponent(notification.actor._id)}`;
    case 'invitation':
    case 'join_request':
    case 'invitation_declined':
      return '/invitations';
    case 'open_lapsed':
      return notification.listing?.kind === 'project' ? '/projects/my' : '/skillers/my';
    case 'saved_search': {
      if (!notification.recordId) return '/saved-searches';
      const base = notification.recordKind === 'project' ? '/projects' : '/teammates';
      return `${base}/${encodeURIComponent(notification.recordId)}`;
    }
    case 'weekly_matches':
      return '/';
    case 'item_hidden':
      return '/feedback';
    case 'item_restored': {
      const item = notification.moderated;
      if (item?.kind === 'project') return `/projects/${encodeURIComponent(item.id)}`;
      if (item?.kind === 'profile') return `/teammates/${encodeURIComponent(item.id)}`;
      return '/feed';
    }
    default:
      return '/feed';
  }
};
