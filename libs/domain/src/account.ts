import { z } from 'zod';
import type { ChatMessage } from './chat';
import type { AccountSettings } from './entities';
import type { CommentRecord, PostRecord } from './feed';
import type { NotificationSettings } from './notification-settings';
import { emailField, passwordField } from './validation/auth.schema';
import type { ProfileRecord } from './profile';
import type { ProjectRecord } from './project';
import type { SavedRecord } from './saved';
import type { SavedSearchRecord } from './saved-search';
import type { BlockRecord, ReportRecord } from './trust';
import type { ContactAnswerRecord } from './matching/answer-rate';
import type { InvitationRecord } from './matching/invitations';
import type { HiddenMatchRecord } from './matching/matches-query.schema';

/** Texts of leaving: deleting the account and downloading one's data. */
export const ACCOUNT_MESSAGES = {
  deleted: 'Your account was deleted.',
  accountNotFound: 'No account has this email.',
} as const;

/** The name the other party sees for someone whose account was deleted. */
export const DELETED_USERNAME = 'deleted user';

/** Deleting an account asks for its password again. */
export const deleteAccountSchema = z.strictObject({ password: passwordField });

export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

/** The account an operator exports or deletes, by its email. */
export const accountEmailQuerySchema = z.object({ email: emailField });

export type AccountEmailQuery = z.infer<typeof accountEmailQuerySchema>;

/** A post the user liked, with just enough to recognise it. */
export interface LikedPost {
  postId: string;
  author: string;
  data: string;
}

/**
 * Everything the product keeps about one user, as the user downloads it (GDPR articles 15 and 20): never
 * the password hash, nor anything of other users but what they wrote to the user.
 */
export interface AccountExport {
  exportedAt: string;
  account: AccountSettings & { createdAt: string };
  notificationSettings: NotificationSettings;
  profile: ProfileRecord | null;
  projects: ProjectRecord[];
  savedItems: SavedRecord[];
  savedSearches: SavedSearchRecord[];
  /** Every message of the user's conversations, sent and received, oldest first. */
  messages: (ChatMessage & { sentByMe: boolean })[];
  /** Who liked a post is theirs to tell: the export counts them. */
  posts: (Omit<PostRecord, 'likes'> & { likeCount: number })[];
  comments: CommentRecord[];
  likes: LikedPost[];
  reports: ReportRecord[];
  blocks: BlockRecord[];
  /** Invitations the user sent or received (withheld ones received are left out), oldest first. */
  invitations: InvitationRecord[];
  /** First contacts the user received and when they answered them, for the answer rate. */
  contactAnswers: ContactAnswerRecord[];
  /** Projects and profiles the user hid from their matches. */
  hiddenMatches: HiddenMatchRecord[];
}
