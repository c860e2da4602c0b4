import { createContext, type ReactNode, useContext, useMemo, useSyncExternalStore } from 'react';
import { type AuthUser, readTokenUser } from './token-payload';
import { tokenStorage } from './token-storage';

export interface AuthState {
  token: string | null;
  /** Signed in means a token is stored, even one whose payload cannot be read. */
  isSignedIn: boolean;
  user: AuthUser | null;
  signIn(token: string): void;
  signOut(): void;
}

const AuthContext = createContext<AuthState | null>(null);

const signIn = (token: string) => tokenStorage.set(token);
const signOut = () => tokenStorage.clear();

export const AuthProvider = ({ children }: { children: ReactNode }) => {
  const token = useSyncExternalStore(tokenStorage.subscribe, tokenStorage.get, () => null);
  const value = useMemo<AuthState>(
    () => ({ token, isSignedIn: token !== null, user: readTokenUser(token), signIn, signOut }),
    [token],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
};

export const useAuth = (): AuthState => {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth must be used inside AuthProvider');
  return state;
};
