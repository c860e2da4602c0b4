import { type ComponentType, lazy } from 'react';

/** The specification's limit for loading a screen's script chunk. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export class ChunkLoadTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`The page took longer than ${Math.round(timeoutMs / 1000)} seconds to load.`);
    this.name = 'ChunkLoadTimeoutError';
  }
}

/** Settles like `load()`, or rejects with ChunkLoadTimeoutError once `timeoutMs` has passed. */
export const withTimeout = <T>(load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadTimeoutError(timeoutMs)), timeoutMs);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });

/** A screen loaded on first use; a chunk that fails or stalls throws into the route's error page. */
export const lazyScreen = (load: () => Promise<{ default: ComponentType }>) => lazy(() => withTimeout(load));
