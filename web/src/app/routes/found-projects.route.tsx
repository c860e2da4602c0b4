import { PageLayout } from '../../components/layout/page-layout';
import { FilterPanel } from '../../features/filters/components/filter-panel';
import { useAppliedSearch } from '../../features/filters/hooks/use-applied-search';
import { useFilterState } from '../../features/filters/hooks/use-filter-state';
import { FoundProjects } from '../../features/saved/components/found-projects';

/** Visitors never get here: the account layout sends them to /login. */
export default function FoundProjectsRoute() {
  const filters = useFilterState();
  const { key, search, onFilteringFailed } = useAppliedSearch(filters, 'project');
  return (
    <PageLayout title="Found Projects">
      <FoundProjects
        filterPanel={<FilterPanel kind="project" handle={filters} />}
        source={{ key, search }}
        onFilteringFailed={onFilteringFailed}
      />
    </PageLayout>
  );
}
