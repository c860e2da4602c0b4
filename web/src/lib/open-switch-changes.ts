import type { OpenAnswer } from './open-switch.api';

type Listener = (projectId: string, answer: OpenAnswer) => void;

const listeners = new Set<Listener>();

/**
 * A project's switch changed outside the screen that lists it (the notification bell's "Still open"): the
 * paged My Projects list is not a query that could be invalidated, so it listens here instead.
 */
export const announceProjectOpen = (projectId: string, answer: OpenAnswer): void =>
  listeners.forEach((listener) => listener(projectId, answer));

/** Calls `listener` for every announced change until the returned function is called. */
export const onProjectOpen = (listener: Listener): (() => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
