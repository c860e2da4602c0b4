import { useEffect, useState } from 'react';
import { InfiniteCardGrid } from '../../../components/listings/card-grid';
import { CreatedNotice } from '../../../components/listings/created-notice';
import { EmptyState } from '../../../components/listings/empty-state';
import { OpenSwitch } from '../../../components/listings/open-switch';
import { ProjectCard } from '../../../components/listings/project-card';
import { Notice } from '../../../components/ui/notice';
import type { OpenAnswer } from '../../../lib/open-switch.api';
import { onProjectOpen } from '../../../lib/open-switch-changes';
import { useInfiniteList } from '../../../lib/use-infinite-list';
import { fetchMyProjectsPage } from '../api/projects.api';
import { DeleteProjectButton } from './delete-project-button';

export const MY_PROJECTS_LOAD_FAILED =
  "We couldn't load your projects right now. Please try again in a moment.";

/** The user's projects, page by page as they scroll, each deletable. */
export const MyProjects = () => {
  const list = useInfiniteList({ fetchPage: fetchMyProjectsPage });
  // The open switch's answers, laid over the loaded pages so the card and its badge follow at once.
  const [changed, setChanged] = useState<Record<string, OpenAnswer>>({});
  // "Still open" in the notification bell changes a project while this list shows it.
  useEffect(() => onProjectOpen((id, fresh) => setChanged((current) => ({ ...current, [id]: fresh }))), []);
  return (
    <>
      <CreatedNotice />
      <InfiniteCardGrid
        label="My projects"
        list={list}
        renderItem={(loaded) => {
          const project = { ...loaded, ...changed[loaded._id] };
          return (
            <ProjectCard
              project={project}
              ownerActions={
                <>
                  <OpenSwitch
                    listing={{ kind: 'project', id: project._id }}
                    openToCollaborate={project.openToCollaborate !== false}
                    openNow={project.openNow === true}
                    onChanged={(fresh) => setChanged((current) => ({ ...current, [project._id]: fresh }))}
                  />
                  <DeleteProjectButton project={project} onDeleted={() => list.remove(project._id)} />
                </>
              }
            />
          );
        }}
        empty={<EmptyState text="No projects created yet..." action="Create Project" to="/project/add" />}
        failed={<Notice tone="error">{MY_PROJECTS_LOAD_FAILED}</Notice>}
      />
    </>
  );
};
