import { type TeammateRecord, type TeammateView, teammateDisplayFields } from '@skillers/domain';

import { withFreshness } from '../common/with-freshness';

/** A stored profile with its freshness and the display names the cards read; `isMyTeammate` only for signed-in viewers. */
export const toTeammateView = (teammate: TeammateRecord, isMyTeammate?: boolean): TeammateView => ({
  ...withFreshness(teammate),
  ...teammateDisplayFields(teammate),
  ...(isMyTeammate !== undefined && { isMyTeammate }),
});
