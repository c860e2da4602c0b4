/**
 * Local storage can be missing or throw (private browsing, storage disabled, quota): the app then
 * behaves as if nothing were stored instead of crashing.
 */
export const readStorage = (key: string): string | null => {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
};

export const writeStorage = (key: string, value: string): void => {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Nothing to do: the value simply is not remembered.
  }
};

export const removeStorage = (key: string): void => {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing to do: there was nothing we could have removed.
  }
};
