import type { ProfileView } from '@skillers/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { useAuth } from './auth';

export const myProjectIdsQuery = queryOptions({
  queryKey: ['user', 'myProjectsIds'],
  queryFn: () =>
    api.get<{ myProjectsIds: string[] }>('/user/myProjectsIds').then((answer) => answer.myProjectsIds),
});

/** The signed-in user's profile, or null while they have none. */
export const myProfileQuery = queryOptions({
  queryKey: ['user', 'myTeammate'],
  queryFn: () =>
    api
      .get<{ userTeammateProfile: ProfileView | null }>('/user/myTeammate')
      .then((answer) => answer.userTeammateProfile),
});

export interface Ownership {
  /** False while the user's own ids are loading: controls that depend on them wait. */
  known: boolean;
  ownsProject(id: string): boolean;
  ownsProfile(id: string): boolean;
}

/**
 * Which projects and profile belong to the signed-in user. If the profile cannot be
 * loaded its id is simply unknown, so nothing is shown as the user's own.
 */
export const useOwnership = (): Ownership => {
  const { isSignedIn } = useAuth();
  const projectIds = useQuery({ ...myProjectIdsQuery, enabled: isSignedIn });
  const profile = useQuery({ ...myProfileQuery, enabled: isSignedIn });
  return {
    known: !isSignedIn || (!projectIds.isPending && !profile.isPending),
    ownsProject: (id) => projectIds.data?.includes(id) ?? false,
    ownsProfile: (id) => profile.data?._id === id,
  };
};
