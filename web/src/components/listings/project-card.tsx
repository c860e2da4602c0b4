import type { ProjectView } from '@skillers/domain';
import type { ReactNode } from 'react';
import { useOwnership } from '../../lib/ownership';
import type { Ranked } from '../../lib/similarity';
import { CardActions, ListingCard } from './listing-card';

/**
 * A project in a grid. Its owner gets the "My Project" badge and Edit; other signed-in users get
 * Save or Forget; visitors only read. `ownerActions` adds e.g. Delete.
 */
export const ProjectCard = ({
  project,
  ownerActions,
}: {
  project: Ranked<ProjectView>;
  ownerActions?: ReactNode;
}) => {
  const ownership = useOwnership();
  const own = ownership.ownsProject(project._id);
  return (
    <ListingCard
      kind="Project"
      name={project.projectName}
      href={`/projects/${project._id}`}
      badge={own ? 'My Project' : undefined}
      role={project.hardSkills?.[0] && `Looking for: ${project.hardSkills[0]}`}
      summary={{
        projectType: project.projectType,
        productType: project.productType,
        reward: project.offeredGratification,
        compensationBasis: project.forGratification,
        tools: project.toolsExperience.map((entry) => entry.tool),
      }}
      place={project}
      similarity={project.similarity}
      why={project.why}
      hit={project.hit}
      freshness={project}
      ownerId={project.ownerId}
      actions={
        <CardActions
          own={own}
          ownershipKnown={ownership.known}
          editHref={`/project/editProject/${project._id}`}
          ownerActions={ownerActions}
          save={{ kind: 'project', itemId: project._id, saved: project.isSaved ?? false }}
        />
      }
    />
  );
};
