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
  projects: {
    name: 'projects',
    indexes: [{ fields: ['createdAt'] }, { fields: ['ownerId', 'createdAt'] }],
  },
  /** One skiller profile per user: the unique owner index decides between racing creations. */
  teammates: {
    name: 'teammates',
    indexes: [{ fields: ['ownerId'], unique: true }, { fields: ['createdAt'] }],
  },
  saved: {
    name: 'saved',
    indexes: [
      { fields: ['userId', 'kind', 'itemId'], unique: true },
      { fields: ['userId', 'kind', 'createdAt'] },
      { fields: ['kind', 'itemId'] },
    ],
  },
  conversations: {
    name: 'conversations',
    indexes: [{ fields: ['pairKey'], unique: true }, { fields: ['participants'] }],
  },
  conversationReads: {
    name: 'conversation_reads',
    indexes: [{ fields: ['conversationId', 'userId'], unique: true }],
  },
  messages: { name: 'messages', indexes: [{ fields: ['conversationId', 'date'] }] },
  posts: { name: 'posts', indexes: [{ fields: ['createdAt'] }] },
  postImages: { name: 'post_images', indexes: [] },
  comments: { name: 'comments', indexes: [{ fields: ['postId', 'createdAt'] }] },
} as const satisfies Record<string, CollectionSpec>;
