import {
  type ActiveFilters,
  type ProjectView,
  type PropositionInput,
  SEARCH_TEXT_MAX_LENGTH,
  type TeammateView,
} from '@skillers/domain';
import { api } from '../../../lib/api-client';
import type { Page } from '../../../lib/paged-list';
import { withHits } from '../../../lib/search-clicks';
import type { Ranked } from '../../../lib/similarity';
import type { SuggestedLabels } from '../utils/filter-state';

/** Spec section 9: a record matches when every active filter has at least one picked option. */
const RESTRICTION = 'min_1_match';

/** The search box's text ranks the matches (hybrid ranking); blank text is left out. */
const rankingText = (text?: string): { text?: string } => {
  const trimmed = text?.trim().slice(0, SEARCH_TEXT_MAX_LENGTH);
  return trimmed ? { text: trimmed } : {};
};

export const fetchFilteredProjects = (
  activeFilters: ActiveFilters,
  page: number,
  text?: string,
): Promise<Page<Ranked<ProjectView>>> =>
  api
    .post<{ items: ProjectView[]; pages: number; eventId?: string }>('/project/traditional_filtering_all', {
      activeFilters,
      filtering_restriction: RESTRICTION,
      page,
      ...rankingText(text),
    })
    .then((answer) => ({ items: withHits(answer.items, answer.eventId, page), pages: answer.pages }));

export const fetchFilteredTeammates = (
  activeFilters: ActiveFilters,
  page: number,
  text?: string,
): Promise<Page<Ranked<TeammateView>>> =>
  api
    .post<{ teammates: TeammateView[]; teammatesPages: number; eventId?: string }>(
      '/teammate/traditional_filtering',
      { activeFilters, filtering_restriction: RESTRICTION, page, ...rankingText(text) },
    )
    .then((answer) => ({
      items: withHits(answer.teammates, answer.eventId, page),
      pages: answer.teammatesPages,
    }));

/** Spec section 7: the answer is not read. */
export const proposeFilterOption = (input: PropositionInput): Promise<unknown> =>
  api.post('/proposition', input);

/** A single record for the similarity ranking's join (spec section 7: "joined by _id"). */
export const fetchProjectById = (id: string): Promise<ProjectView> =>
  api.get<{ project: ProjectView }>(`/project/${id}`).then((answer) => answer.project);

export const fetchTeammateById = (id: string): Promise<TeammateView> =>
  api.get<{ teammate: TeammateView }>(`/teammate/${id}`).then((answer) => answer.teammate);

/** Spec section 7: the home search asks for at most two labels per filter. */
const LABELS_PER_FILTER = 2;

/** The filter labels a free text names or comes close to (`POST /ml`). */
export const suggestLabels = (text: string): Promise<SuggestedLabels> =>
  api
    .post<{ similar_labels_dict: SuggestedLabels }>('/ml', {
      input_text: text,
      len_2_cnt: LABELS_PER_FILTER,
    })
    .then((answer) => answer.similar_labels_dict);
