import type { InvitationCreate } from '@skillers/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-error';
import { INVITATIONS_QUERY_KEY, sendInvitation } from '../api/invitations.api';
import './invite-button.css';

export const INVITATION_FAILED = "We couldn't send the invitation. Please try again in a moment.";

interface InviteButtonProps {
  /** `teammateId` invites that profile to the project; without it the user's profile asks to join. */
  invitation: InvitationCreate;
  /** Names the button for screen readers, e.g. "Invite ada" or "Ask to join Farm app". */
  label: string;
  text: string;
}

/** Sends one invitation; then says it went, or why not (the daily cap, an open one already). */
export const InviteButton = ({ invitation, label, text }: InviteButtonProps) => {
  const client = useQueryClient();
  const send = useMutation({
    mutationFn: () => sendInvitation(invitation),
    onSuccess: () => void client.invalidateQueries({ queryKey: INVITATIONS_QUERY_KEY }),
  });
  if (send.isSuccess) return <span className="invite-button__sent">Invitation sent</span>;
  return (
    <span className="invite-button">
      <Button variant="secondary" busy={send.isPending} aria-label={label} onClick={() => send.mutate()}>
        {text}
      </Button>
      {send.isError && (
        <span role="alert" className="invite-button__problem">
          {send.error instanceof ApiError && send.error.isClientError
            ? send.error.message
            : INVITATION_FAILED}
        </span>
      )}
    </span>
  );
};
