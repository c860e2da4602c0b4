import type { ProfileView } from '@skillers/domain';
import type { ReactNode } from 'react';
import { useOwnership } from '../../lib/ownership';
import type { Ranked } from '../../lib/similarity';
import { CardActions, ListingCard } from './listing-card';

/**
 * A profile in a grid. The owner gets the "My Skills" badge and Edit; other
 * signed-in users get Save or Forget; visitors only read.
 */
export const ProfileCard = ({
  profile,
  ownerActions,
}: {
  profile: Ranked<ProfileView>;
  ownerActions?: ReactNode;
}) => {
  const ownership = useOwnership();
  const own = ownership.ownsProfile(profile._id);
  return (
    <ListingCard
      kind="Skiller"
      name={profile.nickname}
      href={`/teammates/${profile._id}`}
      badge={own ? 'My Skills' : undefined}
      role={profile.hardSkills?.[0]}
      summary={{
        projectType: profile.projectType,
        productType: profile.productType,
        reward: profile.reward,
        compensationBasis: profile.compensationBasis,
        tools: profile.tools,
      }}
      place={profile}
      similarity={profile.similarity}
      why={profile.why}
      hit={profile.hit}
      freshness={profile}
      ownerId={profile.ownerId}
      actions={
        <CardActions
          own={own}
          ownershipKnown={ownership.known}
          editHref={`/teammates/editTeammate/${profile._id}`}
          ownerActions={ownerActions}
          save={{ kind: 'teammate', itemId: profile._id, saved: profile.isMyTeammate ?? false }}
        />
      }
    />
  );
};
