import type { ProjectView } from '@skillers/domain';
import { type ReactNode, useState } from 'react';
import { CardGrid, InfiniteCardGrid } from '../../../components/listings/card-grid';
import { EmptyState } from '../../../components/listings/empty-state';
import { ProjectCard } from '../../../components/listings/project-card';
import { Notice } from '../../../components/ui/notice';
import { filteredPages } from '../../../lib/filtered-pages';
import { FIRST_PAGE } from '../../../lib/paged-list';
import type { Ranked } from '../../../lib/similarity';
import { useInfiniteList } from '../../../lib/use-infinite-list';
import {
  fetchFilteredFoundProjects,
  fetchFoundProjectsPage,
  type SavedProjectsSearch,
} from '../api/saved.api';

export const FOUND_PROJECTS_LOAD_FAILED =
  "We couldn't load your saved projects right now. Please try again in a moment.";
/** Saved projects: a filtered search that found nothing. */
export const NO_SAVED_PROJECT_MATCHES =
  "Sorry, we couldn't find any project meeting your criteria. Check out closest match.";
/** Saved projects: nothing is even close. */
export const NO_CLOSE_MATCHES = 'No close matches found.';

/** Which saved projects show: all of them, or those of a search; a new key starts over from page 1. */
export interface FoundProjectsSource {
  key: string;
  /** Null lists every saved project. */
  search: SavedProjectsSearch | null;
}

interface FoundProjectsProps {
  /** The filter panel sits above the grid. */
  filterPanel?: ReactNode;
  source?: FoundProjectsSource;
  /** The filtered search failed, so every saved project shows instead. */
  onFilteringFailed?(): void;
}

const EVERY_SAVED: FoundProjectsSource = { key: 'all', search: null };

/**
 * The projects the user saved, most recently saved first, or those the applied filters
 * match. When the filters match none, the spec's line shows with the closest saved projects, each with
 * its similarity, or the line that nothing is close.
 */
export const FoundProjects = ({
  filterPanel,
  source = EVERY_SAVED,
  onFilteringFailed,
}: FoundProjectsProps) => (
  <div className="listing-screen">
    {filterPanel}
    {source.search ? (
      <FilteredProjects key={source.key} search={source.search} onFilteringFailed={onFilteringFailed} />
    ) : (
      <AllSavedProjects key={source.key} />
    )}
  </div>
);

const NothingSaved = () => <EmptyState text="No projects added..." action="Find Projects" to="/find" />;
const LoadFailed = () => <Notice tone="error">{FOUND_PROJECTS_LOAD_FAILED}</Notice>;
const renderProject = (project: Ranked<ProjectView>) => <ProjectCard project={project} />;

const AllSavedProjects = () => {
  // A found list also stops when the API reports a single page.
  const list = useInfiniteList({ fetchPage: fetchFoundProjectsPage, stopAtSinglePage: true });
  return (
    <InfiniteCardGrid
      label="Saved projects"
      list={list}
      renderItem={renderProject}
      empty={<NothingSaved />}
      failed={<LoadFailed />}
    />
  );
};

const FilteredProjects = ({
  search,
  onFilteringFailed,
}: {
  search: SavedProjectsSearch;
  onFilteringFailed?(): void;
}) => {
  // Set by a first page that matched nothing; null while matches show (or the whole list, after a failure).
  const [closest, setClosest] = useState<readonly Ranked<ProjectView>[] | null>(null);
  const [fetchPage] = useState(() =>
    filteredPages({
      filtered: async (page) => {
        const answer = await fetchFilteredFoundProjects(search, page);
        if (page === FIRST_PAGE) setClosest(answer.total === 0 ? answer.closest : null);
        return answer;
      },
      unfiltered: fetchFoundProjectsPage,
      onFallback: () => onFilteringFailed?.(),
    }),
  );
  const list = useInfiniteList({ fetchPage, stopAtSinglePage: true });
  return (
    <InfiniteCardGrid
      label="Saved projects"
      list={list}
      renderItem={renderProject}
      empty={closest ? <ClosestProjects projects={closest} /> : <NothingSaved />}
      failed={<LoadFailed />}
    />
  );
};

/** The spec's line, then the closest saved projects (their cards show the similarity to 3 decimals). */
const ClosestProjects = ({ projects }: { projects: readonly Ranked<ProjectView>[] }) => (
  <>
    <Notice>{NO_SAVED_PROJECT_MATCHES}</Notice>
    {projects.length > 0 ? (
      <CardGrid
        label="Closest saved projects"
        items={projects}
        itemKey={(project) => project._id}
        renderItem={renderProject}
      />
    ) : (
      <p className="no-results">{NO_CLOSE_MATCHES}</p>
    )}
  </>
);
