/** What a user can keep for later. */
export type SavedKind = 'project' | 'teammate';

/** One saved item; the store keeps at most one per user, kind and item. */
export interface SavedRecord {
  _id: string;
  userId: string;
  kind: SavedKind;
  itemId: string;
  createdAt: string;
}
