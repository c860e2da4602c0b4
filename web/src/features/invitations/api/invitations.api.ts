import type {
  InvitationCreate,
  InvitationDeclineReason,
  InvitationsPage,
  InvitationView,
} from '@skillers/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const INVITATIONS_QUERY_KEY = ['invitations'] as const;

/** The invitations the user received and sent, newest first. */
export const invitationsQuery = queryOptions({
  queryKey: INVITATIONS_QUERY_KEY,
  queryFn: () => api.get<InvitationsPage>('/invitations'),
});

export const sendInvitation = (body: InvitationCreate) =>
  api.post<{ message: string; invitation: InvitationView }>('/invitations', body);

export const acceptInvitation = (id: string) =>
  api.post<{ message: string; invitation: InvitationView; conversationId: string }>(
    `/invitations/${encodeURIComponent(id)}/accept`,
  );

export const declineInvitation = (id: string, reason: InvitationDeclineReason | undefined) =>
  api.post<{ message: string; invitation: InvitationView }>(
    `/invitations/${encodeURIComponent(id)}/decline`,
    reason ? { reason } : {},
  );
