import { PageLayout } from '../../components/layout/page-layout';
import { ClosestNote } from '../../features/filters/components/closest-note';
import { FilterPanel } from '../../features/filters/components/filter-panel';
import { RelaxOptions } from '../../features/filters/components/relax-options';
import { SearchSummary } from '../../features/filters/components/search-summary';
import { useListingSource } from '../../features/filters/hooks/use-filter-sources';
import { useFilterState } from '../../features/filters/hooks/use-filter-state';
import { ProjectsListing } from '../../features/projects/components/projects-listing';

export default function ProjectsRoute() {
  const filters = useFilterState();
  const source = useListingSource(filters);
  return (
    <PageLayout title="Projects" lead="Projects looking for people, and people looking for projects.">
      <ProjectsListing
        filterPanel={<FilterPanel kind="project" handle={filters} />}
        // Either kind may have fallen back to its closest records; the banner covers the grid.
        banner={
          <>
            <SearchSummary kind="project" handle={filters} />
            <RelaxOptions kind="project" handle={filters} />
            {filters.closest.length > 0 && <ClosestNote kind="project" />}
          </>
        }
        source={source}
      />
    </PageLayout>
  );
}
