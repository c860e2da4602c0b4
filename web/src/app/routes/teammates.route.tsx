import { PageLayout } from '../../components/layout/page-layout';
import { ClosestNote } from '../../features/filters/components/closest-note';
import { FilterPanel } from '../../features/filters/components/filter-panel';
import { RelaxOptions } from '../../features/filters/components/relax-options';
import { SearchSummary } from '../../features/filters/components/search-summary';
import { useTeammateSource } from '../../features/filters/hooks/use-filter-sources';
import { useFilterState } from '../../features/filters/hooks/use-filter-state';
import { TeammatesList } from '../../features/teammates/components/teammates-list';

export default function TeammatesRoute() {
  const filters = useFilterState();
  const source = useTeammateSource(filters);
  return (
    <PageLayout title="Teammates" lead="Skillers ready to join a project.">
      <TeammatesList
        filterPanel={<FilterPanel kind="teammate" handle={filters} />}
        note={
          <>
            <SearchSummary kind="teammate" handle={filters} />
            <RelaxOptions kind="teammate" handle={filters} />
            {filters.closest.includes('teammate') && <ClosestNote kind="teammate" />}
          </>
        }
        source={source}
      />
    </PageLayout>
  );
}
