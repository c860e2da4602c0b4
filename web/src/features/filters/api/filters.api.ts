import {
  type ActiveFilters,
  type ClientFacets,
  type ClientRelaxEntry,
  type MatchExplanation,
  type ProjectView,
  type PropositionInput,
  SEARCH_TEXT_MAX_LENGTH,
  type ProfileView,
  type UnderstoodLabels,
  type UnderstoodText,
} from '@skillers/domain';
import { api } from '../../../lib/api-client';
import type { Page } from '../../../lib/paged-list';
import { withHits } from '../../../lib/search-clicks';
import type { Ranked } from '../../../lib/similarity';
import type { OptionFilter, SearchExtras } from '../utils/filter-state';

/** A record matches when every active filter has at least one picked option. */
const RESTRICTION = 'min_1_match';

/**
 * What a filtered search asks: the spec's `activeFilters`, the options marked must-have or excluded, and the search
 * box's text (or the home search's), which the server reads and ranks by without narrowing, less the
 * labels the user dismissed from what it understood.
 */
export interface FilterRequest {
  activeFilters: ActiveFilters;
  mustHave?: Partial<Record<OptionFilter, string[]>>;
  mustNot?: Partial<Record<OptionFilter, string[]>>;
  text?: string;
  dismissed?: UnderstoodLabels;
}

type Explained<T> = T & { why: MatchExplanation };

/** A page of a filtered search, with the facet counts (page 1) and relaxations (no match) beside it. */
export type FilteredPage<T> = Page<Ranked<Explained<T>>> & SearchExtras;

interface Extras {
  total: number;
  eventId?: string;
  facets?: ClientFacets;
  relax?: ClientRelaxEntry[];
  understood?: UnderstoodText;
}

/** The search box's text ranks the matches (hybrid ranking); blank text is left out. */
const rankingText = (text?: string): { text?: string } => {
  const trimmed = text?.trim().slice(0, SEARCH_TEXT_MAX_LENGTH);
  return trimmed ? { text: trimmed } : {};
};

const hasLabels = (labels?: UnderstoodLabels): labels is UnderstoodLabels =>
  labels !== undefined && Object.values(labels).some((list) => list.length > 0);

const body = ({ activeFilters, mustHave, mustNot, text, dismissed }: FilterRequest, page: number) => {
  const ranking = rankingText(text);
  return {
    activeFilters,
    ...(mustHave ? { mustHave } : {}),
    ...(mustNot ? { mustNot } : {}),
    filtering_restriction: RESTRICTION,
    page,
    ...ranking,
    // Dismissed labels only mean something beside the text they were understood from.
    ...(ranking.text && hasLabels(dismissed) ? { dismissed } : {}),
    // The panel shows counts for the search as applied; later pages need none.
    facets: page === 1,
  };
};

const extras = ({ total, facets, relax, understood }: Extras): SearchExtras => ({
  total,
  ...(facets ? { facets } : {}),
  ...(relax ? { relax } : {}),
  ...(understood ? { understood } : {}),
});

export const fetchFilteredProjects = (
  request: FilterRequest,
  page: number,
): Promise<FilteredPage<ProjectView>> =>
  api
    .post<{ items: Explained<ProjectView>[]; pages: number } & Extras>(
      '/project/traditional_filtering_all',
      body(request, page),
    )
    .then((answer) => ({
      items: withHits(answer.items, answer.eventId, page),
      pages: answer.pages,
      ...extras(answer),
    }));

export const fetchFilteredProfiles = (
  request: FilterRequest,
  page: number,
): Promise<FilteredPage<ProfileView>> =>
  api
    .post<{ teammates: Explained<ProfileView>[]; teammatesPages: number } & Extras>(
      '/teammate/traditional_filtering',
      body(request, page),
    )
    .then((answer) => ({
      items: withHits(answer.teammates, answer.eventId, page),
      pages: answer.teammatesPages,
      ...extras(answer),
    }));

/** The answer is not read. */
export const proposeFilterOption = (input: PropositionInput): Promise<unknown> =>
  api.post('/proposition', input);

/** A single record for the similarity ranking's join (docs/api.md: "joined by _id"). */
export const fetchProjectById = (id: string): Promise<ProjectView> =>
  api.get<{ project: ProjectView }>(`/project/${id}`).then((answer) => answer.project);

export const fetchProfileById = (id: string): Promise<ProfileView> =>
  api.get<{ teammate: ProfileView }>(`/teammate/${id}`).then((answer) => answer.teammate);
