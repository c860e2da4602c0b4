import type { ActiveFilters, SearchKind } from '@skillers/domain';
import { useCallback, useMemo } from 'react';
import { type OptionFilter, toActiveFilters, toMustHave, toMustNot } from '../utils/filter-state';
import type { FilterStateHandle } from './use-filter-state';

/** The last applied search as a list fetching elsewhere takes it; a new key starts that list over. */
export interface AppliedSearch {
  key: string;
  /** Null before any Apply and after Clear: the list shows everything. */
  search: {
    activeFilters: ActiveFilters;
    mustHave?: Partial<Record<OptionFilter, string[]>>;
    mustNot?: Partial<Record<OptionFilter, string[]>>;
    text: string;
  } | null;
}

/**
 * For lists whose pages another feature fetches (the saved projects): the applied filters as the API's
 * `activeFilters` with the options marked must-have or excluded and the panel's text, and the call that reports a failed filtering to the panel.
 */
export const useAppliedSearch = (
  { applied, dispatch }: FilterStateHandle,
  kind: SearchKind,
): AppliedSearch & { onFilteringFailed(): void } => {
  const onFilteringFailed = useCallback(() => dispatch({ type: 'filteringFailed' }), [dispatch]);
  return useMemo(
    () => ({
      key: `${kind}-${applied.run}`,
      search: applied.filters
        ? {
            activeFilters: toActiveFilters(applied.filters, kind),
            mustHave: toMustHave(applied.filters),
            mustNot: toMustNot(applied.filters),
            text: applied.filters.textSearch,
          }
        : null,
      onFilteringFailed,
    }),
    [applied, kind, onFilteringFailed],
  );
};
