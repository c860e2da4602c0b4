import type { SearchKind } from '@skillers/domain';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { PageLayout } from '../../components/layout/page-layout';
import { ClosestNote } from '../../features/filters/components/closest-note';
import { FilterPanel } from '../../features/filters/components/filter-panel';
import { RelaxOptions } from '../../features/filters/components/relax-options';
import { SearchSummary } from '../../features/filters/components/search-summary';
import { ProjectResults } from '../../features/filters/components/project-results';
import { useProjectSource, useProfileSource } from '../../features/filters/hooks/use-filter-sources';
import { useFilterState } from '../../features/filters/hooks/use-filter-state';
import { ProfilesList } from '../../features/profiles/components/profiles-list';
import type { OpenedSavedSearchState } from '../../features/saved-searches/components/saved-searches-screen';
import { savedSearchFilterState } from '../../features/filters/utils/saved-filter-state';
import { readSearchTab, readSearchText, saveSearch } from '../../lib/search-storage';

/** The stored home search is applied 100 ms after the screen loads. */
const STORED_SEARCH_DELAY_MS = 100;

const kindOfTab = (): SearchKind => (readSearchTab() === 'Project' ? 'project' : 'teammate');

/** The results of the home search, projects or teammates as its tab says. */
export default function FindRoute() {
  // A saved search opened from the account screen runs as it was saved, instead of the home search.
  const opened = (useLocation().state as Partial<OpenedSavedSearchState> | null)?.savedSearch;
  const [storedText] = useState(() => (opened ? '' : readSearchText()));
  const [kind, setKind] = useState(() => opened?.kind ?? kindOfTab());
  const filters = useFilterState(storedText);
  const profiles = useProfileSource(filters);
  const projects = useProjectSource(filters);
  const { dispatch } = filters;

  // Home search: the stored text is applied after a short delay. The server reads the text
  // itself (its understood labels rank, never narrow), so nothing is picked for the user.
  useEffect(() => {
    if (!storedText.trim()) return;
    const timer = setTimeout(() => dispatch({ type: 'apply' }), STORED_SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [storedText, dispatch]);

  useEffect(() => {
    if (opened) dispatch({ type: 'load', filters: savedSearchFilterState(opened) });
  }, [opened, dispatch]);

  // The tab is remembered as the home search's, so coming back shows the same kind.
  const chooseKind = (next: SearchKind) => {
    setKind(next);
    saveSearch(filters.filters.textSearch, next === 'project' ? 'Project' : 'Teammate');
  };

  return (
    <PageLayout title="Find">
      <div className="listing-screen">
        {/* Outside the results, so switching the tab keeps the panel as it is. */}
        <FilterPanel kind={kind} onKindChange={chooseKind} handle={filters} />
        {kind === 'teammate' ? (
          <ProfilesList
            note={
              <>
                <SearchSummary kind="teammate" handle={filters} />
                <RelaxOptions kind="teammate" handle={filters} />
                {filters.closest.includes('teammate') && <ClosestNote kind="teammate" />}
              </>
            }
            source={profiles}
          />
        ) : (
          <>
            <SearchSummary kind="project" handle={filters} />
            <RelaxOptions kind="project" handle={filters} />
            {filters.closest.includes('project') && <ClosestNote kind="project" />}
            <ProjectResults source={projects} />
          </>
        )}
      </div>
    </PageLayout>
  );
}
