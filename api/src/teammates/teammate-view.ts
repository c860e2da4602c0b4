import { type TeammateRecord, type TeammateView, teammateDisplayFields } from '@skillers/domain';

/** A stored profile with the display names the cards read; `isMyTeammate` only for signed-in viewers. */
export const toTeammateView = (teammate: TeammateRecord, isMyTeammate?: boolean): TeammateView => ({
  ...teammate,
  ...teammateDisplayFields(teammate),
  ...(isMyTeammate !== undefined && { isMyTeammate }),
});
