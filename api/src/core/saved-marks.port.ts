import type { SavedKind } from '@skillers/domain';

/** Which listings a viewer saved, for the `isSaved` mark on every project and profile view. */
export interface SavedMarks {
  savedAmong(userId: string, kind: SavedKind, itemIds: readonly string[]): Promise<Set<string>>;
}

/** Provided by the saved module, so listings read the marks without importing it. */
export const SAVED_MARKS = Symbol('SAVED_MARKS');
