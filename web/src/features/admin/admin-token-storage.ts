/**
 * The admin token the analyst typed, kept for this tab only: session storage ends with the tab, and the
 * token is never written where the public app (or another tab) reads.
 */
export const ADMIN_TOKEN_SESSION_KEY = 'skillers.adminToken';

export const adminTokenStorage = {
  get: (): string | null => {
    try {
      return window.sessionStorage.getItem(ADMIN_TOKEN_SESSION_KEY);
    } catch {
      return null;
    }
  },
  set: (token: string): void => {
    try {
      window.sessionStorage.setItem(ADMIN_TOKEN_SESSION_KEY, token);
    } catch {
      // Not remembered: the page asks again after a reload.
    }
  },
  clear: (): void => {
    try {
      window.sessionStorage.removeItem(ADMIN_TOKEN_SESSION_KEY);
    } catch {
      // Nothing was stored.
    }
  },
};
