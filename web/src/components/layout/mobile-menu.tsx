import { useEffect, useId, useState } from 'react';
import { NavLink } from 'react-router';
import { UnreadBadge } from '../notifications/unread-badge';
import { useUnread } from '../notifications/use-unread';
import { useAuth } from '../../lib/auth';
import { CloseIcon, MenuIcon } from '../ui/icons';

const LINKS = [
  { to: '/projects', label: 'Find Projects' },
  { to: '/teammates', label: 'Find Teammates' },
  { to: '/project/add', label: 'Add Project' },
  { to: '/teammates/add', label: 'Add Teammate' },
  { to: '/feedback', label: 'Feedback' },
  { to: '/feed', label: 'Feed' },
] as const;

/** The navigation for narrow screens, behind a menu button. */
export const MobileMenu = () => {
  const { isSignedIn } = useAuth();
  const unread = useUnread();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const close = () => setOpen(false);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  return (
    <div className="mobile-menu">
      <button
        type="button"
        className="mobile-menu__toggle"
        aria-label={open ? 'Close menu' : 'Open menu'}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        {open ? <CloseIcon /> : <MenuIcon />}
        {!open && isSignedIn && <UnreadBadge count={unread.total} />}
      </button>
      {open && (
        <>
          <div className="mobile-menu__backdrop" onClick={close} aria-hidden="true" />
          <nav id={panelId} className="mobile-menu__panel" aria-label="Menu">
            <ul className="mobile-menu__list">
              {LINKS.map((link) => (
                <li key={link.to}>
                  <NavLink className="mobile-menu__link" to={link.to} onClick={close} end>
                    {link.label}
                  </NavLink>
                </li>
              ))}
              <li>
                {isSignedIn ? (
                  <NavLink
                    className="mobile-menu__link mobile-menu__link--account"
                    to="/conversations"
                    onClick={close}
                  >
                    My Account
                    <UnreadBadge count={unread.total} />
                  </NavLink>
                ) : (
                  <NavLink
                    className="mobile-menu__link mobile-menu__link--account"
                    to="/login"
                    onClick={close}
                  >
                    Sign in
                  </NavLink>
                )}
              </li>
            </ul>
          </nav>
        </>
      )}
    </div>
  );
};
