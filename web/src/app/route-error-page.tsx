import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { ErrorPage } from '../components/layout/status-page';

/** Loaded with the shell, not lazily: it must show even when a screen's chunk cannot be fetched. */
export const RouteErrorPage = () => {
  const error = useRouteError();
  useEffect(() => {
    // The page tells the user little on purpose; the console keeps the cause for whoever investigates.
    console.error(error);
  }, [error]);
  return <ErrorPage />;
};
