import type { ProjectView, SearchKind, ProfileView } from '@skillers/domain';
import { type Dispatch, useMemo } from 'react';
import { filteredPages } from '../../../lib/filtered-pages';
import { fetchProjectPage, fetchProfilePage } from '../../../lib/listings-api';
import { FIRST_PAGE, type Page } from '../../../lib/paged-list';
import { fetchClosest, type Ranked } from '../../../lib/similarity';
import {
  fetchFilteredProjects,
  fetchFilteredProfiles,
  type FilteredPage,
  type FilterRequest,
  fetchProjectById,
  fetchProfileById,
} from '../api/filters.api';
import {
  type AppliedFilters,
  type FilterAction,
  toActiveFilters,
  toMustHave,
  toMustNot,
} from '../utils/filter-state';
import type { FilterStateHandle } from './use-filter-state';

/** Where a list's pages come from; a new key starts the list over from page 1. */
export interface PagedSource<T> {
  key: string;
  fetchPage(page: number): Promise<Page<T>>;
}

const pagedSource = <T extends Ranked<object>>(
  { run, filters }: AppliedFilters,
  dispatch: Dispatch<FilterAction>,
  kind: SearchKind,
  fetchFiltered: (request: FilterRequest, page: number) => Promise<FilteredPage<T>>,
  fetchAll: (page: number) => Promise<Page<T>>,
  fetchOne: (id: string) => Promise<T>,
): PagedSource<T> => {
  const key = `${kind}-${run}`;
  if (!filters) return { key, fetchPage: fetchAll };
  const activeFilters = toActiveFilters(filters, kind);
  // The search box's text (or the home search's) ranks the matches as well as picking labels.
  const request: FilterRequest = {
    activeFilters,
    mustHave: toMustHave(filters),
    mustNot: toMustNot(filters),
    text: filters.textSearch,
    dismissed: filters.dismissed,
  };
  return {
    key,
    fetchPage: filteredPages({
      filtered: async (page) => {
        const { items, pages, ...extras } = await fetchFiltered(request, page);
        // Page 1 carries the counts and, when nothing matched, the relaxations the panel offers.
        if (page === FIRST_PAGE) dispatch({ type: 'answered', kind, run, extras });
        return { items, pages };
      },
      unfiltered: fetchAll,
      onFallback: () => dispatch({ type: 'filteringFailed' }),
      // Nothing matched exactly, so the closest records show, with the note.
      closest: async () => {
        const closest = await fetchClosest(
          { type: kind, filter: activeFilters, text: filters.textSearch },
          fetchOne,
        );
        if (closest.length > 0) dispatch({ type: 'closestShown', kind, run });
        return closest;
      },
    }),
  };
};

/** The teammates of the last applied filters, or all of them before any. */
export const useProfileSource = ({
  applied,
  dispatch,
}: FilterStateHandle): PagedSource<Ranked<ProfileView>> =>
  useMemo(
    () =>
      pagedSource(applied, dispatch, 'teammate', fetchFilteredProfiles, fetchProfilePage, fetchProfileById),
    [applied, dispatch],
  );

/** The projects of the last applied filters, or all of them before any. */
export const useProjectSource = ({
  applied,
  dispatch,
}: FilterStateHandle): PagedSource<Ranked<ProjectView>> =>
  useMemo(
    () =>
      pagedSource(applied, dispatch, 'project', fetchFilteredProjects, fetchProjectPage, fetchProjectById),
    [applied, dispatch],
  );

export interface ListingSource {
  key: string;
  fetch(): Promise<{ projects: readonly Ranked<ProjectView>[]; teammates: readonly Ranked<ProfileView>[] }>;
}

/**
 * The projects listing's first page of both kinds under the project filters. Teammates carry a
 * collaboration length, not a deadline date, so the date filter narrows the projects only.
 */
export const useListingSource = (handle: FilterStateHandle): ListingSource => {
  const projects = useProjectSource(handle);
  const profiles = useProfileSource(handle);
  return useMemo(
    () => ({
      key: projects.key,
      fetch: async () => {
        const [projectPage, profilePage] = await Promise.all([
          projects.fetchPage(FIRST_PAGE),
          profiles.fetchPage(FIRST_PAGE),
        ]);
        return { projects: projectPage.items, teammates: profilePage.items };
      },
    }),
    [projects, profiles],
  );
};
