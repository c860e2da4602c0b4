import type { ActiveFilters, ProjectView, ProfileView } from '@skillers/domain';
import { api } from '../../../lib/api-client';
import type { Page } from '../../../lib/paged-list';
import type { Ranked } from '../../../lib/similarity';

export const fetchFoundProfilesPage = (page: number): Promise<Page<ProfileView>> =>
  api
    .get<{ teammates: ProfileView[]; teammatesPages: number }>(`/user/teammates/found?page=${page}`)
    .then((answer) => ({ items: answer.teammates, pages: answer.teammatesPages }));

export const fetchFoundProjectsPage = (page: number): Promise<Page<ProjectView>> =>
  api
    .get<{ projects: ProjectView[]; projectPages: number }>(`/user/projects/found?page=${page}`)
    .then((answer) => ({ items: answer.projects, pages: answer.projectPages }));

/** A search of the saved projects: the panel's filters, and its text for ranking the closest ones. */
export interface SavedProjectsSearch {
  activeFilters: ActiveFilters;
  /** Per filter, the picked options every project must have. */
  mustHave?: Partial<Record<string, string[]>>;
  /** Per filter, the options no project may have. */
  mustNot?: Partial<Record<string, string[]>>;
  text: string;
}

export interface FilteredSavedProjects extends Page<ProjectView> {
  total: number;
  /** When nothing matched: the saved projects closest to the search, best first (may be empty). */
  closest: readonly Ranked<ProjectView>[];
}

/** A project matches when every active filter has at least one picked option. */
const RESTRICTION = 'min_1_match';

/** A page of the saved projects the filters match (`POST /user/projects/found/filter`). */
export const fetchFilteredFoundProjects = (
  { activeFilters, mustHave, mustNot, text }: SavedProjectsSearch,
  page: number,
): Promise<FilteredSavedProjects> => {
  const trimmed = text.trim();
  return api
    .post<{
      projects: ProjectView[];
      total: number;
      projectPages: number;
      closest: Ranked<ProjectView>[];
    }>('/user/projects/found/filter', {
      activeFilters,
      ...(mustHave ? { mustHave } : {}),
      ...(mustNot ? { mustNot } : {}),
      filtering_restriction: RESTRICTION,
      page,
      ...(trimmed ? { text: trimmed } : {}),
    })
    .then((answer) => ({
      items: answer.projects,
      pages: answer.projectPages,
      total: answer.total,
      closest: answer.closest,
    }));
};
