import type { ActiveFilters, SavedSearch, SavedSearchListEntry, SearchKind } from '@skillers/domain';
import { api } from '../../../lib/api-client';

export const SAVED_SEARCHES_QUERY_KEY = ['saved-searches'] as const;

/** What the Save search dialog sends: the panel's filters and text as the filtering call takes them. */
export interface NewSavedSearch {
  kind: SearchKind;
  name: string;
  activeFilters: ActiveFilters;
  mustHave?: Partial<Record<string, string[]>>;
  mustNot?: Partial<Record<string, string[]>>;
  text?: string;
  alerts: boolean;
}

export const fetchSavedSearches = (): Promise<SavedSearchListEntry[]> =>
  api
    .get<{ savedSearches: SavedSearchListEntry[] }>('/user/saved-searches')
    .then((answer) => answer.savedSearches);

export const createSavedSearch = (search: NewSavedSearch): Promise<SavedSearch> =>
  api.post<{ savedSearch: SavedSearch }>('/user/saved-searches', search).then((answer) => answer.savedSearch);

/** New criteria, name and alerts under the search's id: how one that needs attention is fixed. */
export const replaceSavedSearch = (id: string, search: NewSavedSearch): Promise<SavedSearch> =>
  api
    .put<{ savedSearch: SavedSearch }>(`/user/saved-searches/${id}`, search)
    .then((answer) => answer.savedSearch);

export const updateSavedSearch = (id: string, changes: { name?: string; alerts?: boolean }) =>
  api
    .patch<{ savedSearch: SavedSearch }>(`/user/saved-searches/${id}`, changes)
    .then((answer) => answer.savedSearch);

export const deleteSavedSearch = (id: string) => api.delete<{ _id: string }>(`/user/saved-searches/${id}`);

/** Opening a search marks its matches seen; the answer carries the search to run. */
export const viewSavedSearch = (id: string): Promise<SavedSearch> =>
  api
    .post<{ savedSearch: SavedSearch }>(`/user/saved-searches/${id}/view`)
    .then((answer) => answer.savedSearch);
