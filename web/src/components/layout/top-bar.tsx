import { Link, NavLink } from 'react-router';
import { NotificationBell } from '../notifications/notification-bell';
import { UnreadBadge } from '../notifications/unread-badge';
import { useUnread } from '../notifications/use-unread';
import { useAuth } from '../../lib/auth';
import { ButtonLink } from '../ui/button';
import { FeedbackIcon, MessagesIcon } from '../ui/icons';
import { AddMenu } from './add-menu';
import { MobileMenu } from './mobile-menu';
import './top-bar.css';

/** My Account with its unread count, kept live over the socket. */
const AccountLink = () => {
  const unread = useUnread();
  return (
    <ButtonLink to="/conversations" variant="secondary">
      My Account
      <UnreadBadge count={unread.total} />
    </ButtonLink>
  );
};

/**
 * The bell, and on narrow screens the messages link, outside the navigation: they stay in the bar at
 * every width while the rest of the navigation folds into the menu.
 */
const AlwaysShownLinks = () => {
  const unread = useUnread();
  return (
    <div className="top-bar__always">
      <NotificationBell unread={unread.notifications} />
      <Link to="/conversations" className="top-bar__icon-link top-bar__messages" aria-label="Messages">
        <MessagesIcon />
        <UnreadBadge count={unread.messages} />
      </Link>
    </div>
  );
};

export const TopBar = () => {
  const { isSignedIn } = useAuth();
  return (
    <header className="top-bar">
      <div className="top-bar__inner">
        <Link to="/" className="top-bar__brand">
          Skillers
        </Link>
        <nav className="top-bar__nav" aria-label="Main">
          <NavLink to="/find" className="top-bar__link">
            Find
          </NavLink>
          <AddMenu />
          <NavLink to="/feedback" className="top-bar__icon-link" aria-label="Feedback" title="Feedback">
            <FeedbackIcon />
          </NavLink>
          {isSignedIn ? <AccountLink /> : <ButtonLink to="/login">Sign in</ButtonLink>}
        </nav>
        {isSignedIn && <AlwaysShownLinks />}
        <MobileMenu />
      </div>
    </header>
  );
};
