import type { ProjectView, ProfileView } from '@skillers/domain';
import { api } from './api-client';

/** A project by id, or the caller's own profile (one per user). */
export type OpenListing = { kind: 'project'; id: string } | { kind: 'teammate' };

/** The listing's freshness as the API answered the change. */
export type OpenAnswer = Pick<
  ProjectView | ProfileView,
  'openToCollaborate' | 'openNow' | 'openConfirmedAt' | 'lastActiveAt'
>;

/** Turns "Open to collaborate" on (or reconfirms it for 60 more days) or off. */
export const setOpenToCollaborate = async (listing: OpenListing, open: boolean): Promise<OpenAnswer> =>
  listing.kind === 'project'
    ? freshnessOf((await api.put<{ project: ProjectView }>(`/project/${listing.id}/open`, { open })).project)
    : freshnessOf((await api.put<{ teammate: ProfileView }>('/user/myTeammate/open', { open })).teammate);

const freshnessOf = ({
  openToCollaborate,
  openNow,
  openConfirmedAt,
  lastActiveAt,
}: ProjectView | ProfileView) => ({
  openToCollaborate,
  openNow,
  openConfirmedAt,
  lastActiveAt,
});
