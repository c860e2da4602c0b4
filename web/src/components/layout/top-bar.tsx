import { Link, NavLink } from 'react-router';
import { NotificationBell } from '../notifications/notification-bell';
import { UnreadBadge } from '../notifications/unread-badge';
import { useUnread } from '../notifications/use-unread';
import { useAuth } from '../../lib/auth';
import { ButtonLink } from '../ui/button';
import { FeedbackIcon } from '../ui/icons';
import { AddMenu } from './add-menu';
import { MobileMenu } from './mobile-menu';
import './top-bar.css';

/** The signed-in part: the bell and My Account, each with its unread count, kept live over the socket. */
const AccountLinks = () => {
  const unread = useUnread();
  return (
    <>
      <NotificationBell unread={unread.notifications} />
      <ButtonLink to="/conversations" variant="secondary">
        My Account
        <UnreadBadge count={unread.total} />
      </ButtonLink>
    </>
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
          {isSignedIn ? <AccountLinks /> : <ButtonLink to="/login">Sign in</ButtonLink>}
        </nav>
        <MobileMenu />
      </div>
    </header>
  );
};
