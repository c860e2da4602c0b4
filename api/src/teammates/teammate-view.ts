import { type ProfileRecord, type ProfileView, profileDisplayFields } from '@skillers/domain';

import { withFreshness } from '../common/with-freshness';

/** A stored profile with its freshness and the display names the cards read; `isMyTeammate` only for signed-in viewers. */
export const toTeammateView = (teammate: ProfileRecord, isMyTeammate?: boolean): ProfileView => ({
  ...withFreshness(teammate),
  ...profileDisplayFields(teammate),
  ...(isMyTeammate !== undefined && { isMyTeammate }),
});
