const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC week holding `now`, named by its Monday (`2031-03-10`): one weekly digest per user each. */
export const matchesWeekOf = (now: Date): string => {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const daysSinceMonday = (now.getUTCDay() + 6) % 7;
  return new Date(midnight - daysSinceMonday * DAY_MS).toISOString().slice(0, 10);
};

/** The first moment of the week before `week` (a Monday as `matchesWeekOf` names it), as an ISO date. */
export const weekBeforeStart = (week: string): string =>
  new Date(Date.parse(week) - 7 * DAY_MS).toISOString();
