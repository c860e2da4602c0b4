import { useState } from 'react';
import { NavLink } from 'react-router';
import { LogoutDialog } from './logout-dialog';

const LINKS = [
  { to: '/conversations', label: 'Conversations' },
  { to: '/invitations', label: 'Invitations' },
  { to: '/teammates/found', label: 'Found Skillers' },
  { to: '/projects/found', label: 'Found Projects' },
  { to: '/skillers/my', label: 'My Skills' },
  { to: '/projects/my', label: 'My Projects' },
  { to: '/saved-searches', label: 'Saved Searches' },
  { to: '/settings', label: 'Settings' },
] as const;

interface AccountSidebarProps {
  id: string;
  /** Only matters on small screens, where the sidebar is a drawer. */
  drawerOpen: boolean;
  onNavigate(): void;
}

export const AccountSidebar = ({ id, drawerOpen, onNavigate }: AccountSidebarProps) => {
  const [confirmingLogout, setConfirmingLogout] = useState(false);
  return (
    <aside id={id} className={`account-sidebar${drawerOpen ? ' account-sidebar--open' : ''}`}>
      <nav aria-label="Account">
        <ul className="account-sidebar__list">
          {LINKS.map((link) => (
            <li key={link.to}>
              <NavLink className="account-sidebar__link" to={link.to} onClick={onNavigate} end>
                {link.label}
              </NavLink>
            </li>
          ))}
          <li>
            <button
              type="button"
              className="account-sidebar__link account-sidebar__logout"
              onClick={() => setConfirmingLogout(true)}
            >
              Logout
            </button>
          </li>
        </ul>
      </nav>
      {confirmingLogout && <LogoutDialog onClose={() => setConfirmingLogout(false)} />}
    </aside>
  );
};
