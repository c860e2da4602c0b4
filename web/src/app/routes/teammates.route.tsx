import { PageLayout } from '../../components/layout/page-layout';
import { ClosestNote } from '../../features/filters/components/closest-note';
import { FilterPanel } from '../../features/filters/components/filter-panel';
import { RelaxOptions } from '../../features/filters/components/relax-options';
import { SearchSummary } from '../../features/filters/components/search-summary';
import { useProfileSource } from '../../features/filters/hooks/use-filter-sources';
import { useFilterState } from '../../features/filters/hooks/use-filter-state';
import { ProfilesList } from '../../features/profiles/components/profiles-list';

export default function TeammatesRoute() {
  const filters = useFilterState();
  const source = useProfileSource(filters);
  return (
    <PageLayout title="Teammates" lead="Skillers ready to join a project.">
      <ProfilesList
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
