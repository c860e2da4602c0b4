import type { CollectionSpec } from './record-store.port';

/**
 * Every collection the product stores, with the indexes its queries rely on. Lists sort newest first with
 * the id breaking ties (`createdAt` then `_id`, both descending), so their indexes end with both fields:
 * an index on `createdAt` alone leaves MongoDB sorting the ties in memory, and a page deep in a large
 * collection sorting everything before it.
 */
export const COLLECTIONS = {
  users: {
    name: 'users',
    indexes: [
      { fields: ['email'], unique: true },
      { fields: ['usernameKey'], unique: true },
    ],
  },
  feedback: { name: 'feedback', indexes: [{ fields: ['createdAt', '_id'] }] },
  propositions: {
    name: 'propositions',
    indexes: [{ fields: ['createdAt', '_id'] }, { fields: ['filterType', 'createdAt', '_id'] }],
  },
  projects: {
    name: 'projects',
    indexes: [{ fields: ['createdAt', '_id'] }, { fields: ['ownerId', 'createdAt', '_id'] }],
  },
  /** One skiller profile per user: the unique owner index decides between racing creations. */
  teammates: {
    name: 'teammates',
    indexes: [{ fields: ['ownerId'], unique: true }, { fields: ['createdAt', '_id'] }],
  },
  saved: {
    name: 'saved',
    indexes: [
      { fields: ['userId', 'kind', 'itemId'], unique: true },
      { fields: ['userId', 'kind', 'createdAt', '_id'] },
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
  messages: { name: 'messages', indexes: [{ fields: ['conversationId', 'date', '_id'] }] },
  posts: { name: 'posts', indexes: [{ fields: ['createdAt', '_id'] }] },
  postImages: { name: 'post_images', indexes: [] },
  comments: { name: 'comments', indexes: [{ fields: ['postId', 'createdAt', '_id'] }] },
  /** A user's latest events, newest first; unread counts filter the same user's documents. */
  notifications: {
    name: 'notifications',
    indexes: [{ fields: ['userId', 'createdAt', '_id'] }, { fields: ['userId', 'read'] }],
  },
} as const satisfies Record<string, CollectionSpec>;
