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
  /** Accounts deleted whose data is still being removed: a restart finishes each one. */
  accountDeletions: { name: 'account_deletions', indexes: [] },
  /** One live reset per user: a new one deletes the user's others; `expiresAt` for the sweep of old ones. */
  passwordResets: { name: 'password_resets', indexes: [{ fields: ['userId'] }, { fields: ['expiresAt'] }] },
  /** One live confirmation link per user, like resets. */
  emailVerifications: {
    name: 'email_verifications',
    indexes: [{ fields: ['userId'] }, { fields: ['expiresAt'] }],
  },
  feedback: { name: 'feedback', indexes: [{ fields: ['createdAt', '_id'] }] },
  propositions: {
    name: 'propositions',
    indexes: [{ fields: ['createdAt', '_id'] }, { fields: ['filterType', 'createdAt', '_id'] }],
  },
  /** `updatedAt`: a reindex replays the records changed while it ran, newest first. */
  projects: {
    name: 'projects',
    indexes: [
      { fields: ['createdAt', '_id'] },
      { fields: ['ownerId', 'createdAt', '_id'] },
      { fields: ['updatedAt'] },
    ],
  },
  /** One profile per user: the unique owner index decides between racing creations. */
  teammates: {
    name: 'teammates',
    indexes: [
      { fields: ['ownerId'], unique: true },
      { fields: ['createdAt', '_id'] },
      { fields: ['updatedAt'] },
    ],
  },
  /** Index changes written with their record and not yet handed to the job queue, oldest first. */
  indexOutbox: { name: 'index_outbox', indexes: [{ fields: ['at'] }] },
  /** Where the embedded profile's alerts stand: records changed before its watermark have had theirs. */
  alertState: { name: 'alert_state', indexes: [] },
  /** Locks shared by every process of a store that has no Redis beside it (one document per held lock). */
  locks: { name: 'locks', indexes: [] },
  /** Deleted projects and profiles, kept a while so a reindex running meanwhile can leave them out. */
  recordDeletions: { name: 'record_deletions', indexes: [{ fields: ['deletedAt'] }] },
  saved: {
    name: 'saved',
    indexes: [
      { fields: ['userId', 'kind', 'itemId'], unique: true },
      { fields: ['userId', 'kind', 'createdAt', '_id'] },
      { fields: ['kind', 'itemId'] },
    ],
  },
  /** `startedBy` with `createdAt` counts the conversations a user started lately (first-contact limit). */
  conversations: {
    name: 'conversations',
    indexes: [
      { fields: ['pairKey'], unique: true },
      { fields: ['participants'] },
      { fields: ['startedBy', 'createdAt', '_id'] },
    ],
  },
  conversationReads: {
    name: 'conversation_reads',
    indexes: [{ fields: ['conversationId', 'userId'], unique: true }],
  },
  messages: { name: 'messages', indexes: [{ fields: ['conversationId', 'date', '_id'] }] },
  /**
   * Invitations, newest first per receiver, sender and project (the daily cap counts a project's). One per
   * pair of users: the unique pair key settles two sent at once.
   */
  invitations: {
    name: 'invitations',
    indexes: [
      { fields: ['pairKey'], unique: true },
      { fields: ['toId', 'createdAt', '_id'] },
      { fields: ['fromId', 'createdAt', '_id'] },
      { fields: ['projectId', 'createdAt', '_id'] },
    ],
  },
  /** Records a user hid from their matches: one row per user and record. */
  hiddenMatches: { name: 'hidden_matches', indexes: [{ fields: ['userId', 'recordId'], unique: true }] },
  /** Per conversation, the first contact its receiver got and when they answered it (answer rates). */
  contactAnswers: {
    name: 'contact_answers',
    indexes: [
      { fields: ['conversationId', 'userId'], unique: true },
      { fields: ['userId', 'receivedAt', '_id'] },
    ],
  },
  /** An invitation's one answer, keyed by the invitation's id: a second answer is a duplicate key. */
  invitationAnswers: { name: 'invitation_answers', indexes: [] },
  posts: { name: 'posts', indexes: [{ fields: ['createdAt', '_id'] }] },
  postImages: { name: 'post_images', indexes: [] },
  comments: { name: 'comments', indexes: [{ fields: ['postId', 'createdAt', '_id'] }] },
  /** One report per reporter and item: a repeated report is refused, not queued again. */
  reports: {
    name: 'reports',
    indexes: [
      { fields: ['reporterId', 'targetKind', 'targetId'], unique: true },
      { fields: ['createdAt', '_id'] },
      { fields: ['status', 'createdAt', '_id'] },
      { fields: ['targetKind', 'targetId'] },
    ],
  },
  /** Items an admin hid, moved out of their own collections; keyed by the item's id. */
  hiddenItems: { name: 'hidden_items', indexes: [{ fields: ['kind', 'hiddenAt', '_id'] }] },
  blocks: {
    name: 'blocks',
    indexes: [{ fields: ['blockerId', 'blockedId'], unique: true }, { fields: ['blockedId', 'blockerId'] }],
  },
  /** A user's saved searches, newest first; the matcher loads them all at start. Capped per owner. */
  savedSearches: {
    name: 'saved_searches',
    indexes: [{ fields: ['ownerId', 'createdAt', '_id'] }],
    cappedBy: 'ownerId',
  },
  /**
   * Per record, the saved searches it has matched (one row per record, keyed by its id): read and written a
   * batch of records at a time by the alerts, and by id when "N new" is counted.
   */
  savedSearchHits: { name: 'saved_search_hits', indexes: [] },
  /** How each user wants each group of notifications delivered, keyed by the user's id. */
  notificationSettings: { name: 'notification_settings', indexes: [] },
  /**
   * Notification mails waiting for their due time (a message's waits 10 minutes for the recipient to read
   * it), keyed by the notification's id: whoever deletes one sends it.
   */
  notificationMails: { name: 'notification_mails', indexes: [{ fields: ['dueAt'] }, { fields: ['userId'] }] },
  /** One row per user and digest period, written before that digest is sent: its id says both. */
  digestsSent: { name: 'digests_sent', indexes: [{ fields: ['userId'] }] },
  /** A user's latest events, newest first; unread counts filter the same user's documents. */
  notifications: {
    name: 'notifications',
    indexes: [{ fields: ['userId', 'createdAt', '_id'] }, { fields: ['userId', 'read'] }],
  },
} as const satisfies Record<string, CollectionSpec>;
