import { badgeLabel } from './notification-text';
import './notifications.css';

/** A count in a small circle, read out as "N unread"; nothing at zero. */
export const UnreadBadge = ({ count }: { count: number }) =>
  count > 0 ? (
    <span className="unread-badge" data-testid="unread-badge">
      {badgeLabel(count)}
      <span className="visually-hidden"> unread</span>
    </span>
  ) : null;
