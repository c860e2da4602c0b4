import type { PublicUser, ProfileEditInput, ProfileInput, ProfileView } from '@skillers/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface ProfileDetail {
  teammate: ProfileView;
  teammate_creator: PublicUser;
}

/** A profile page is always read fresh: its saved state may have changed on another screen. */
export const profileQuery = (id: string) =>
  queryOptions({
    queryKey: ['teammate', id],
    queryFn: () => api.get<ProfileDetail>(`/teammate/${id}`),
    staleTime: 0,
  });

export const createProfile = (input: ProfileInput) =>
  api.post<{ message: string; teammate: ProfileView }>('/teammate', input);

/** There is one profile per user, so the API edits the caller's own. */
export const editProfile = (input: ProfileEditInput) =>
  api.put<{ message: string; teammate: ProfileView }>('/teammate/editTeammate', input);
