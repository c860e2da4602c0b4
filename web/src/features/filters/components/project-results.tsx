import type { ProjectView } from '@skillers/domain';
import { InfiniteCardGrid, NoResults } from '../../../components/listings/card-grid';
import { ProjectCard } from '../../../components/listings/project-card';
import { Notice } from '../../../components/ui/notice';
import { useInfiniteList } from '../../../lib/use-infinite-list';
import type { PagedSource } from '../hooks/use-filter-sources';

export const PROJECTS_LOAD_FAILED = "We couldn't load the projects right now. Please try again in a moment.";

/** The projects a search found, page by page as the reader scrolls; a new source starts over. */
export const ProjectResults = ({ source }: { source: PagedSource<ProjectView> }) => (
  <ProjectsGrid key={source.key} fetchPage={source.fetchPage} />
);

const ProjectsGrid = ({ fetchPage }: Pick<PagedSource<ProjectView>, 'fetchPage'>) => {
  const list = useInfiniteList({ fetchPage });
  return (
    <InfiniteCardGrid
      label="Projects"
      list={list}
      renderItem={(project) => <ProjectCard project={project} />}
      empty={<NoResults />}
      failed={<Notice tone="error">{PROJECTS_LOAD_FAILED}</Notice>}
    />
  );
};
