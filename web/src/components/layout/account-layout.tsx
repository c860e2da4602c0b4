import { Suspense, useEffect, useId, useState } from 'react';
import { Outlet } from 'react-router';
import { SidebarIcon } from '../ui/icons';
import { Spinner } from '../ui/spinner';
import { AccountSidebar } from './account-sidebar';
import { RequireSignIn } from './require-sign-in';
import './account-layout.css';

/** The frame of the account screens: the account sidebar beside the screen, a left drawer on phones. */
export const AccountLayout = () => (
  <RequireSignIn>
    <AccountFrame />
  </RequireSignIn>
);

const AccountFrame = () => {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const sidebarId = useId();

  useEffect(() => {
    if (!drawerOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setDrawerOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [drawerOpen]);

  return (
    <div className="account-layout">
      <AccountSidebar id={sidebarId} drawerOpen={drawerOpen} onNavigate={() => setDrawerOpen(false)} />
      {drawerOpen && (
        <div className="account-layout__backdrop" aria-hidden="true" onClick={() => setDrawerOpen(false)} />
      )}
      <div className="account-layout__content">
        <button
          type="button"
          className="account-layout__drawer-toggle"
          aria-expanded={drawerOpen}
          aria-controls={sidebarId}
          onClick={() => setDrawerOpen((open) => !open)}
        >
          <SidebarIcon /> Account menu
        </button>
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </div>
    </div>
  );
};
