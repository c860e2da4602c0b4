import type { ProfileView, ProjectView, TwoSidedFit } from '@skillers/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type Matched<T> = T & { why: TwoSidedFit };

/** The profiles that fit one of the user's projects both ways, best first. */
export const profileMatchesQuery = (projectId: string) =>
  queryOptions({
    queryKey: ['matches', 'profiles', projectId],
    queryFn: () =>
      api
        .get<{ teammates: Matched<ProfileView>[]; total: number }>(
          `/matches/teammates?projectId=${projectId}`,
        )
        .then((answer) => ({ items: answer.teammates, total: answer.total })),
  });

/** The projects that fit the user's profile both ways, best first. */
export const projectMatchesQuery = queryOptions({
  queryKey: ['matches', 'projects'],
  queryFn: () =>
    api
      .get<{ projects: Matched<ProjectView>[]; total: number }>('/matches/projects')
      .then((answer) => ({ items: answer.projects, total: answer.total })),
});

/** "Not interested": the record never comes back among the user's matches. */
export const hideMatch = (id: string) => api.post<{ message: string }>('/matches/hidden', { id });
