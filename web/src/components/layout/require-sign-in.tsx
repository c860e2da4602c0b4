import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useAuth } from '../../lib/auth';

/** Screens that only make sense with an account send visitors to the login screen. */
export const RequireSignIn = ({ children }: { children: ReactNode }) => {
  const { isSignedIn } = useAuth();
  return isSignedIn ? children : <Navigate to="/login" replace />;
};
