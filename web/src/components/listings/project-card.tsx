import type { ProjectView } from '@skillers/domain';
import type { ReactNode } from 'react';
import { useAuth } from '../../lib/auth';
import { CARD_DISPLAY_COUNTS } from '../../lib/display';
import { useOwnership } from '../../lib/ownership';
import { ButtonLink } from '../ui/button';
import { CardFooterPlace } from './card-footer-place';
import { ListingCard } from './listing-card';
import { SummaryRow } from './list-summary';
import { SaveButton } from './save-button';

/**
 * A project in a grid. Its owner gets the "My Project" badge and Edit; other signed-in users get
 * Save or Forget; visitors only read (spec sections 2 and 4). `ownerActions` adds e.g. Delete.
 */
export const ProjectCard = ({
  project,
  ownerActions,
}: {
  project: ProjectView;
  ownerActions?: ReactNode;
}) => {
  const { isSignedIn } = useAuth();
  const ownership = useOwnership();
  const own = ownership.ownsProject(project._id);
  return (
    <ListingCard
      kind="Project"
      name={project.projectName}
      href={`/projects/${project._id}`}
      badge={own ? 'My Project' : undefined}
      rows={
        <>
          <SummaryRow
            title="Project Type"
            items={project.projectType}
            count={CARD_DISPLAY_COUNTS.projectType}
          />
          <SummaryRow
            title="Product Type"
            items={project.productType}
            count={CARD_DISPLAY_COUNTS.productType}
          />
          <SummaryRow
            title="Reward"
            items={project.offeredGratification}
            count={CARD_DISPLAY_COUNTS.reward}
          />
          <SummaryRow
            title="Compensation Basis"
            items={project.forGratification}
            count={CARD_DISPLAY_COUNTS.compensationBasis}
          />
          <SummaryRow
            title="Tools"
            items={project.toolsExperience.map((entry) => entry.tool)}
            count={CARD_DISPLAY_COUNTS.tools}
          />
        </>
      }
      footer={<CardFooterPlace locations={project.locations} workingTypeRemote={project.workingTypeRemote} />}
      actions={
        own ? (
          <>
            <ButtonLink to={`/project/editProject/${project._id}`} variant="secondary">
              Edit
            </ButtonLink>
            {ownerActions}
          </>
        ) : (
          isSignedIn &&
          ownership.known && (
            <SaveButton kind="project" itemId={project._id} saved={project.isSaved ?? false} />
          )
        )
      }
    />
  );
};
