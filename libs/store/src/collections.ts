import type { CollectionSpec } from './record-store.port';

/** Every collection the product stores, with the indexes its queries rely on. */
export const COLLECTIONS = {
  users: {
    name: 'users',
    indexes: [
      { fields: ['email'], unique: true },
      { fields: ['usernameKey'], unique: true },
    ],
  },
  feedback: { name: 'feedback', indexes: [{ fields: ['createdAt'] }] },
  propositions: { name: 'propositions', indexes: [{ fields: ['filterType', 'createdAt'] }] },
} as const satisfies Record<string, CollectionSpec>;
