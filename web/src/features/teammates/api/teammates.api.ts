import type { PublicUser, ProfileEditInput, ProfileInput, ProfileView } from '@skillers/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface TeammateDetail {
  teammate: ProfileView;
  teammate_creator: PublicUser;
}

/** A profile page is always read fresh: its saved state may have changed on another screen. */
export const teammateQuery = (id: string) =>
  queryOptions({
    queryKey: ['teammate', id],
    queryFn: () => api.get<TeammateDetail>(`/teammate/${id}`),
    staleTime: 0,
  });

export const createTeammate = (input: ProfileInput) =>
  api.post<{ message: string; teammate: ProfileView }>('/teammate', input);

/** There is one profile per user, so the API edits the caller's own. */
export const editTeammate = (input: ProfileEditInput) =>
  api.put<{ message: string; teammate: ProfileView }>('/teammate/editTeammate', input);
