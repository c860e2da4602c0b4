import type { InvitationDirection, InvitationRecord } from '@skillers/domain';

export type InvitationOutcome = 'sent' | 'accepted' | 'declined';

/**
 * An invitation sent or answered, as analysts read it. Like the search events it names no user, and no
 * project or profile either: the acceptance plots need only the outcome and where the match was shown.
 * An answer repeats the score and rank of its invitation, so one aggregation counts both side by side.
 */
export interface InvitationEvent {
  type: 'invitation';
  /** The invitation's id: its sent event and its answer share it. */
  invitationId: string;
  outcome: InvitationOutcome;
  at: string;
  direction: InvitationDirection;
  /** The reciprocal score of the match as shown, when it was invited from a match list. */
  reciprocalScore?: number;
  /** The match's 1-based place in its list, when it was invited from one. */
  matchRank?: number;
}

export const invitationEventOf = (
  invitation: InvitationRecord,
  outcome: InvitationOutcome,
  at = new Date(),
): InvitationEvent => ({
  type: 'invitation',
  invitationId: invitation._id,
  outcome,
  at: at.toISOString(),
  direction: invitation.direction,
  ...(invitation.shown?.score !== undefined && { reciprocalScore: invitation.shown.score }),
  ...(invitation.shown?.rank !== undefined && { matchRank: invitation.shown.rank }),
});
