import {
  INVITATION_DECLINE_REASONS,
  type InvitationDeclineReason,
  type InvitationView,
} from '@skillers/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-error';
import { relativeTime } from '../../../lib/relative-time';
import { fitLines } from '../../matches/fit-lines';
import {
  acceptInvitation,
  declineInvitation,
  INVITATIONS_QUERY_KEY,
  invitationsQuery,
} from '../api/invitations.api';
import './invitations.css';

export const INVITATIONS_LOAD_FAILED = "We couldn't load your invitations. Please try again in a moment.";
export const ANSWER_FAILED = "We couldn't send your answer. Please try again in a moment.";

const STATUS_TEXT = { open: 'Waiting for an answer', accepted: 'Accepted', declined: 'Declined' } as const;

const projectLink = (invitation: InvitationView) => (
  <Link to={`/projects/${invitation.project._id}`}>{invitation.project.projectName}</Link>
);

/** What the invitation asks, told to the one who received it. */
const receivedTitle = (invitation: InvitationView) =>
  invitation.direction === 'invite' ? (
    <>
      {invitation.from.username} invites you to join {projectLink(invitation)}
    </>
  ) : (
    <>
      {invitation.from.username} (
      <Link to={`/teammates/${invitation.profile._id}`}>{invitation.profile.nickname}</Link>) asks to join{' '}
      {projectLink(invitation)}
    </>
  );

const FitLines = ({ invitation }: { invitation: InvitationView }) => {
  if (!invitation.why) return null;
  // An invitation reaches the skiller; a request to join reaches the project's owner.
  const lines = fitLines(invitation.why, invitation.direction === 'invite' ? 'profile' : 'project');
  return (
    <ul className="invitation__fit" aria-label="Why you two fit">
      <li>{lines.needs}</li>
      <li>{lines.wants}</li>
    </ul>
  );
};

const answerProblem = (error: Error) =>
  error instanceof ApiError && error.isClientError ? error.message : ANSWER_FAILED;

/** Accept (then on to the conversation) or Decline with an optional reason from the short list. */
const Answer = ({ invitation }: { invitation: InvitationView }) => {
  const client = useQueryClient();
  const navigate = useNavigate();
  const reasonId = useId();
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState<InvitationDeclineReason | ''>('');
  const refresh = () => client.invalidateQueries({ queryKey: INVITATIONS_QUERY_KEY });
  const accept = useMutation({
    mutationFn: () => acceptInvitation(invitation._id),
    onSuccess: async () => {
      await refresh();
      void navigate(`/conversations?friendId=${encodeURIComponent(invitation.from._id)}`);
    },
  });
  const decline = useMutation({
    mutationFn: () => declineInvitation(invitation._id, reason || undefined),
    onSuccess: refresh,
  });
  const failed = accept.error ?? decline.error;
  return (
    <div className="invitation__answer">
      {!declining ? (
        <>
          <Button busy={accept.isPending} onClick={() => accept.mutate()}>
            Accept
          </Button>
          <Button variant="secondary" onClick={() => setDeclining(true)}>
            Decline
          </Button>
        </>
      ) : (
        <form
          className="invitation__decline"
          aria-label="Decline the invitation"
          onSubmit={(event) => {
            event.preventDefault();
            decline.mutate();
          }}
        >
          <label htmlFor={reasonId}>Reason (optional)</label>
          <select
            id={reasonId}
            className="field__control"
            value={reason}
            onChange={(event) => setReason(event.target.value as InvitationDeclineReason | '')}
          >
            <option value="">No reason given</option>
            {INVITATION_DECLINE_REASONS.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
          <Button type="submit" variant="danger" busy={decline.isPending}>
            Decline invitation
          </Button>
          <Button variant="ghost" onClick={() => setDeclining(false)}>
            Cancel
          </Button>
        </form>
      )}
      {failed && <Notice tone="error">{answerProblem(failed)}</Notice>}
    </div>
  );
};

const Received = ({ invitation }: { invitation: InvitationView }) => (
  <li className="invitation" aria-label={`From ${invitation.from.username}`}>
    <p className="invitation__title">{receivedTitle(invitation)}</p>
    {invitation.message && <blockquote className="invitation__message">{invitation.message}</blockquote>}
    <FitLines invitation={invitation} />
    <p className="invitation__meta">
      {relativeTime(invitation.createdAt)}
      {invitation.status !== 'open' && ` · ${STATUS_TEXT[invitation.status]}`}
    </p>
    {invitation.status === 'open' && <Answer invitation={invitation} />}
  </li>
);

const Sent = ({ invitation }: { invitation: InvitationView }) => (
  <li className="invitation" aria-label={`To ${invitation.to.username}`}>
    <p className="invitation__title">
      {invitation.direction === 'invite' ? 'You invited' : 'You asked'} {invitation.to.username}{' '}
      {invitation.direction === 'invite' ? 'to join' : 'about'} {projectLink(invitation)}
    </p>
    <p className="invitation__meta">
      {relativeTime(invitation.createdAt)} · {STATUS_TEXT[invitation.status]}
      {invitation.reason && `: ${invitation.reason}`}
    </p>
    {invitation.status === 'accepted' && (
      <Link to={`/conversations?friendId=${encodeURIComponent(invitation.to._id)}`}>
        Open the conversation
      </Link>
    )}
  </li>
);

/** Invitations received (to answer) and sent (with their answers). */
export const InvitationsScreen = () => {
  const invitations = useQuery(invitationsQuery);
  if (invitations.isPending) return <Spinner label="Loading your invitations..." />;
  if (invitations.isError) return <Notice tone="error">{INVITATIONS_LOAD_FAILED}</Notice>;
  const { received, sent } = invitations.data;
  return (
    <div className="invitations">
      <section aria-labelledby="invitations-received">
        <h2 id="invitations-received">Received</h2>
        {received.length === 0 ? (
          <p>No invitations yet. Matches on the home page show who fits your project or profile.</p>
        ) : (
          <ul className="invitations__list" aria-label="Received invitations">
            {received.map((invitation) => (
              <Received key={invitation._id} invitation={invitation} />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="invitations-sent">
        <h2 id="invitations-sent">Sent</h2>
        {sent.length === 0 ? (
          <p>You have not invited anyone yet.</p>
        ) : (
          <ul className="invitations__list" aria-label="Sent invitations">
            {sent.map((invitation) => (
              <Sent key={invitation._id} invitation={invitation} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
};
