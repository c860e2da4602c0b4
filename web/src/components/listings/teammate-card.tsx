import type { TeammateView } from '@skillers/domain';
import { useAuth } from '../../lib/auth';
import { CARD_DISPLAY_COUNTS } from '../../lib/display';
import { useOwnership } from '../../lib/ownership';
import { ButtonLink } from '../ui/button';
import { CardFooterPlace } from './card-footer-place';
import { ListingCard } from './listing-card';
import { SummaryRow } from './list-summary';
import { SaveButton } from './save-button';

/**
 * A skiller profile in a grid (spec section 2). The owner gets the "My Skills" badge and Edit; other
 * signed-in users get Save or Forget; visitors only read.
 */
export const TeammateCard = ({ teammate }: { teammate: TeammateView }) => {
  const { isSignedIn } = useAuth();
  const ownership = useOwnership();
  const own = ownership.ownsTeammate(teammate._id);
  return (
    <ListingCard
      kind="Skiller"
      name={teammate.nickname}
      href={`/teammates/${teammate._id}`}
      badge={own ? 'My Skills' : undefined}
      rows={
        <>
          <SummaryRow
            title="Project Type"
            items={teammate.projectType}
            count={CARD_DISPLAY_COUNTS.projectType}
          />
          <SummaryRow
            title="Product Type"
            items={teammate.productType}
            count={CARD_DISPLAY_COUNTS.productType}
          />
          <SummaryRow title="Reward" items={teammate.reward} count={CARD_DISPLAY_COUNTS.reward} />
          <SummaryRow
            title="Compensation Basis"
            items={teammate.compensationBasis}
            count={CARD_DISPLAY_COUNTS.compensationBasis}
          />
          <SummaryRow title="Tools" items={teammate.tools} count={CARD_DISPLAY_COUNTS.tools} />
        </>
      }
      footer={
        <CardFooterPlace locations={teammate.locations} workingTypeRemote={teammate.workingTypeRemote} />
      }
      actions={
        own ? (
          <ButtonLink to={`/teammates/editTeammate/${teammate._id}`} variant="secondary">
            Edit
          </ButtonLink>
        ) : (
          isSignedIn &&
          ownership.known && (
            <SaveButton kind="teammate" itemId={teammate._id} saved={teammate.isMyTeammate ?? false} />
          )
        )
      }
    />
  );
};
