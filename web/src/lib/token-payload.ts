import { jwtDecode } from 'jwt-decode';

export interface AuthUser {
  id: string;
  username: string;
}

interface TokenClaims {
  id?: unknown;
  sub?: unknown;
  username?: unknown;
}

/** The user a token names, read from its payload; null when the token cannot be read. */
export const readTokenUser = (token: string | null): AuthUser | null => {
  if (!token) return null;
  try {
    const claims = jwtDecode<TokenClaims>(token);
    const id = typeof claims.id === 'string' ? claims.id : typeof claims.sub === 'string' ? claims.sub : null;
    if (!id) return null;
    return { id, username: typeof claims.username === 'string' ? claims.username : '' };
  } catch {
    return null;
  }
};
