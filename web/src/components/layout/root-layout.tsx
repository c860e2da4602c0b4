import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { VerificationBanner } from '../email-verification/verification-banner';
import { Spinner } from '../ui/spinner';
import { TopBar } from './top-bar';

export const RootLayout = () => (
  <div className="app-shell">
    <a className="skip-link" href="#main">
      Skip to content
    </a>
    <TopBar />
    <VerificationBanner />
    <main id="main" className="app-main">
      <Suspense fallback={<Spinner />}>
        <Outlet />
      </Suspense>
    </main>
    <ScrollRestoration />
  </div>
);
