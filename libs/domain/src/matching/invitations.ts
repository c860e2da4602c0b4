import { z } from 'zod';
import type { PublicUser } from '../entities';
import { objectIdSchema } from '../validation/object-id';
import { boundedText } from '../validation/text';
import type { TwoSidedFit } from './two-sided-fit';

/**
 * Invitations instead of cold messages (docs/matching.md). `invite`: a project's owner invites a skiller
 * profile; `ask`: a skiller asks to join a project. The invited person accepts (the conversation opens with
 * the invitation as its first message) or declines (the pair leaves both sides' matches).
 */
export const INVITATION_DIRECTIONS = ['invite', 'ask'] as const;
export type InvitationDirection = (typeof INVITATION_DIRECTIONS)[number];

export type InvitationStatus = 'open' | 'accepted' | 'declined';

/** A project's owner sends at most this many invitations for it in any 24 hours. */
export const INVITATIONS_PER_PROJECT_PER_DAY = 5;
export const INVITATION_MESSAGE_MAX_LENGTH = 500;
/** The deepest match-list rank an invitation may report: far past what anyone pages to. */
export const SHOWN_RANK_MAX = 1_000;

/** The short list a decline may give as its reason; the sender sees it. */
export const INVITATION_DECLINE_REASONS = [
  'Not a fit for me',
  'No time right now',
  'Already found a match',
  'Other',
] as const;
export type InvitationDeclineReason = (typeof INVITATION_DECLINE_REASONS)[number];

export const INVITATION_MESSAGES = {
  sent: 'Invitation sent',
  accepted: 'Invitation accepted',
  declined: 'Invitation declined',
  projectNotFound: 'Project not found',
  profileNotFound: 'Skiller profile not found',
  noProfile: 'Create your skiller profile to ask to join a project',
  notYourProject: 'Only the owner of a project invites people to it',
  ownListing: 'You cannot invite yourself',
  alreadyOpen: 'An invitation between you for this project is already open',
  declinedBefore: 'This pair was declined before, so it cannot be invited again',
  alreadyTalking: 'You already have a conversation with them: write to them there',
  perProjectPerDay: (max: number) => `A project sends at most ${max} invitations a day. Try again tomorrow.`,
  notFound: 'Invitation not found',
  notYours: 'Only the invited person answers an invitation',
  alreadyAnswered: 'This invitation was already answered',
  senderGone: 'The sender of this invitation has deleted their account',
  reason: `The reason must be one of: ${INVITATION_DECLINE_REASONS.join(', ')}`,
  shownScore: 'shownScore must be a number from 0 to 1',
  shownRank: `shownRank must be a whole number from 1 to ${SHOWN_RANK_MAX}`,
} as const;

/** `POST /invitations`: with `teammateId` the project's owner invites that profile; without, the caller asks. */
export const invitationCreateSchema = z.strictObject({
  projectId: objectIdSchema,
  teammateId: objectIdSchema.optional(),
  message: boundedText(INVITATION_MESSAGE_MAX_LENGTH, 'The message').optional(),
  /** Analytics only: the reciprocal score of the match the web app showed when Invite was clicked. */
  shownScore: z
    .number({ error: INVITATION_MESSAGES.shownScore })
    .min(0, { error: INVITATION_MESSAGES.shownScore })
    .max(1, { error: INVITATION_MESSAGES.shownScore })
    .optional(),
  /** Analytics only: the match's 1-based place in its list (page 2 starts at 13). */
  shownRank: z
    .number({ error: INVITATION_MESSAGES.shownRank })
    .int({ error: INVITATION_MESSAGES.shownRank })
    .min(1, { error: INVITATION_MESSAGES.shownRank })
    .max(SHOWN_RANK_MAX, { error: INVITATION_MESSAGES.shownRank })
    .optional(),
});
export type InvitationCreate = z.output<typeof invitationCreateSchema>;

/** `POST /invitations/{id}/decline`: the reason is optional. */
export const invitationDeclineSchema = z.strictObject({
  reason: z.enum(INVITATION_DECLINE_REASONS, { error: INVITATION_MESSAGES.reason }).optional(),
});
export type InvitationDecline = z.output<typeof invitationDeclineSchema>;

/** Stored once and never changed: its answer is a record of its own (`InvitationAnswerRecord`). */
export interface InvitationRecord {
  _id: string;
  direction: InvitationDirection;
  projectId: string;
  profileId: string;
  fromId: string;
  toId: string;
  /** `conversationPairKey` of the two users: one invitation per pair, ever. */
  pairKey: string;
  message?: string;
  /** The pair's conversation, reserved when the invitation is sent: it stays empty until an accept. */
  conversationId: string;
  /** True when the invited person had blocked the sender: it is kept but never shown to them. */
  withheld?: boolean;
  /**
   * Analytics only: where the match was shown when the invitation was sent from a match list, kept so that
   * the answer's event carries it too.
   */
  shown?: { score?: number; rank?: number };
  createdAt: string;
}

/** The one answer an invitation gets, keyed by the invitation's id so a second answer cannot be stored. */
export interface InvitationAnswerRecord {
  _id: string;
  status: Exclude<InvitationStatus, 'open'>;
  reason?: InvitationDeclineReason;
  answeredAt: string;
}

/** An invitation as either party reads it, with the two-sided fit of its project and profile. */
export interface InvitationView {
  _id: string;
  direction: InvitationDirection;
  status: InvitationStatus;
  project: { _id: string; projectName: string };
  profile: { _id: string; nickname: string };
  from: PublicUser;
  to: PublicUser;
  message?: string;
  reason?: InvitationDeclineReason;
  createdAt: string;
  answeredAt?: string;
  why?: TwoSidedFit;
}

/** `GET /invitations`: newest first. */
export interface InvitationsPage {
  received: InvitationView[];
  sent: InvitationView[];
}

/** The first message of a conversation opened by accepting: the invitation's own words, or a plain line. */
export const invitationOpening = (invitation: InvitationRecord, projectName: string): string => {
  const line =
    invitation.direction === 'invite'
      ? `Invitation to join “${projectName}”`
      : `Request to join “${projectName}”`;
  return invitation.message ? `${line}: ${invitation.message}` : line;
};
