import type { ProfileView } from '@skillers/domain';
import type { ReactNode } from 'react';
import { useOwnership } from '../../lib/ownership';
import type { Ranked } from '../../lib/similarity';
import { CardActions, ListingCard } from './listing-card';

/**
 * A skiller profile in a grid. The owner gets the "My Skills" badge and Edit; other
 * signed-in users get Save or Forget; visitors only read.
 */
export const TeammateCard = ({
  teammate,
  ownerActions,
}: {
  teammate: Ranked<ProfileView>;
  ownerActions?: ReactNode;
}) => {
  const ownership = useOwnership();
  const own = ownership.ownsTeammate(teammate._id);
  return (
    <ListingCard
      kind="Skiller"
      name={teammate.nickname}
      href={`/teammates/${teammate._id}`}
      badge={own ? 'My Skills' : undefined}
      summary={{
        projectType: teammate.projectType,
        productType: teammate.productType,
        reward: teammate.reward,
        compensationBasis: teammate.compensationBasis,
        tools: teammate.tools,
      }}
      place={teammate}
      similarity={teammate.similarity}
      why={teammate.why}
      hit={teammate.hit}
      freshness={teammate}
      actions={
        <CardActions
          own={own}
          ownershipKnown={ownership.known}
          editHref={`/teammates/editTeammate/${teammate._id}`}
          ownerActions={ownerActions}
          save={{ kind: 'teammate', itemId: teammate._id, saved: teammate.isMyTeammate ?? false }}
        />
      }
    />
  );
};
