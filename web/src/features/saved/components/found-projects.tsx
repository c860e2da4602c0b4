import { InfiniteCardGrid } from '../../../components/listings/card-grid';
import { EmptyState } from '../../../components/listings/empty-state';
import { ProjectCard } from '../../../components/listings/project-card';
import { Notice } from '../../../components/ui/notice';
import { useInfiniteList } from '../../../lib/use-infinite-list';
import { fetchFoundProjectsPage } from '../api/saved.api';

export const FOUND_PROJECTS_LOAD_FAILED =
  "We couldn't load your saved projects right now. Please try again in a moment.";

/** Spec section 2: the projects the user saved, most recently saved first. */
export const FoundProjects = () => {
  // A found list also stops when the API reports a single page (spec section 4).
  const list = useInfiniteList({ fetchPage: fetchFoundProjectsPage, stopAtSinglePage: true });
  return (
    <InfiniteCardGrid
      label="Saved projects"
      list={list}
      renderItem={(project) => <ProjectCard project={project} />}
      empty={<EmptyState text="No projects added..." action="Find Projects" to="/find" />}
      failed={<Notice tone="error">{FOUND_PROJECTS_LOAD_FAILED}</Notice>}
    />
  );
};
