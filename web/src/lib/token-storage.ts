import { readStorage, removeStorage, writeStorage } from './local-storage';

export const TOKEN_STORAGE_KEY = 'token';

type Listener = () => void;
const listeners = new Set<Listener>();

const notify = () => listeners.forEach((listener) => listener());

/** The stored bearer token. Being signed in means exactly that one is stored. */
export const tokenStorage = {
  get: (): string | null => readStorage(TOKEN_STORAGE_KEY),
  set: (token: string): void => {
    writeStorage(TOKEN_STORAGE_KEY, token);
    notify();
  },
  clear: (): void => {
    removeStorage(TOKEN_STORAGE_KEY);
    notify();
  },
  /** Also fires when another tab signs in or out. */
  subscribe: (listener: Listener): (() => void) => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === TOKEN_STORAGE_KEY || event.key === null) listener();
    };
    listeners.add(listener);
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  },
};
