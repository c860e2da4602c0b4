import type { ActiveFilters, ProjectView, PropositionInput, TeammateView } from '@skillers/domain';
import { api } from '../../../lib/api-client';
import type { Page } from '../../../lib/paged-list';

/** Spec section 9: a record matches when every active filter has at least one picked option. */
const RESTRICTION = 'min_1_match';

export const fetchFilteredProjects = (
  activeFilters: ActiveFilters,
  page: number,
): Promise<Page<ProjectView>> =>
  api
    .post<{ items: ProjectView[]; pages: number }>('/project/traditional_filtering_all', {
      activeFilters,
      filtering_restriction: RESTRICTION,
      page,
    })
    .then((answer) => ({ items: answer.items, pages: answer.pages }));

export const fetchFilteredTeammates = (
  activeFilters: ActiveFilters,
  page: number,
): Promise<Page<TeammateView>> =>
  api
    .post<{ teammates: TeammateView[]; teammatesPages: number }>('/teammate/traditional_filtering', {
      activeFilters,
      filtering_restriction: RESTRICTION,
      page,
    })
    .then((answer) => ({ items: answer.teammates, pages: answer.teammatesPages }));

/** Spec section 7: the answer is not read. */
export const proposeFilterOption = (input: PropositionInput): Promise<unknown> =>
  api.post('/proposition', input);
