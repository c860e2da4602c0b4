import { type ProfileRecord, type ProfileView, profileDisplayFields } from '@skillers/domain';

import { withFreshness } from '../common/with-freshness';

/** A stored profile with its freshness and the display names the cards read; `isMyTeammate` only for signed-in viewers. */
export const toProfileView = (profile: ProfileRecord, saved?: boolean): ProfileView => ({
  ...withFreshness(profile),
  ...profileDisplayFields(profile),
  ...(saved !== undefined && { isMyTeammate: saved }),
});
