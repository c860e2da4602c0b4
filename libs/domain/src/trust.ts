/** What can be reported: a profile, a project, a feed post or comment, or a conversation. */
export const REPORT_TARGET_KINDS = ['profile', 'project', 'post', 'comment', 'conversation'] as const;
export type ReportTargetKind = (typeof REPORT_TARGET_KINDS)[number];

/** The fixed reasons a report picks from; the text says the rest. */
export const REPORT_REASONS = [
  'spam',
  'scam',
  'harassment',
  'inappropriate',
  'impersonation',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_TEXT_MAX_LENGTH = 1000;

/** Open until an admin hides the item or dismisses the report. */
export const REPORT_STATUSES = ['open', 'hidden', 'dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** Kinds an admin can hide; a conversation is reviewed and dealt with by blocking, not hidden. */
export const HIDEABLE_KINDS = ['profile', 'project', 'post', 'comment'] as const;
export type HideableKind = (typeof HIDEABLE_KINDS)[number];

export interface ReportRecord {
  _id: string;
  reporterId: string;
  targetKind: ReportTargetKind;
  targetId: string;
  reason: ReportReason;
  text: string;
  status: ReportStatus;
  createdAt: string;
  /** When an admin hid the item or dismissed the report. */
  resolvedAt?: string;
}

/** Where a reported item is now. */
export type ReportedItemState = 'visible' | 'hidden' | 'gone';

/** What a report is about, shown to the moderator beside it. */
export interface ReportedItem {
  /** The project's name, the profile's nickname, the start of a post or comment, or who a conversation is between. */
  title: string;
  /** A description, or a post's or comment's whole text; conversations show none (their messages stay private). */
  excerpt?: string;
  /** The owner's or author's username; null when the account no longer exists. */
  by: string | null;
  /** Still shown, hidden by a moderator, or deleted by its owner since. */
  state: ReportedItemState;
}

/** One line of the admin queue: the report with the reporter's name and the item it is about. */
export interface AdminReport extends ReportRecord {
  reporterUsername: string | null;
  item: ReportedItem;
}

export interface AdminReportList {
  reports: AdminReport[];
  total: number;
  pages: number;
}

/**
 * A hidden item: the record is moved here out of its own collection, so every listing, search, detail
 * page and feed stops finding it without checking a flag, and the index job drops its search document.
 */
export interface HiddenItemRecord {
  /** The item's own id. */
  _id: string;
  kind: HideableKind;
  /** The record as it was, so it can be looked at or put back. */
  record: Record<string, unknown>;
  reportId: string;
  hiddenAt: string;
}

/** `blockerId` no longer hears from `blockedId`. */
export interface BlockRecord {
  _id: string;
  blockerId: string;
  blockedId: string;
  createdAt: string;
}

/** New conversations one user may start per day unless configured otherwise. */
export const FIRST_CONTACTS_PER_DAY_DEFAULT = 20;

export const TRUST_MESSAGES = {
  reported: 'Thank you. Our team will review your report.',
  alreadyReported: 'You have already reported this.',
  cannotReportYourself: 'You cannot report your own content.',
  reportTargetNotFound: 'The item you are reporting does not exist.',
  tooManyReports: 'You are sending too many reports. Please wait a few minutes and try again.',
  reportNotFound: 'Report not found',
  cannotHideConversation: 'A conversation cannot be hidden; dismiss the report or block the sender instead.',
  itemHidden: 'The item is hidden.',
  itemAlreadyGone: 'The reported item no longer exists.',
  reportDismissed: 'The report is dismissed.',
  itemRestored: 'The item is visible again.',
  itemNotHidden: 'The reported item is not hidden.',
  profileTakenSince:
    'The owner has published another skiller profile since, so the hidden one cannot be restored.',
  blocked: 'User blocked. They can no longer message you.',
  unblocked: 'User unblocked.',
  cannotBlockYourself: 'You cannot block yourself.',
  youBlockedThem: 'You have blocked this user. Unblock them to send a message.',
  tooManyFirstContacts: (perDay: number) =>
    `You can start at most ${perDay} new conversations a day. Replies to existing conversations are not limited; please try again tomorrow.`,
} as const;
