const MINUTE_MS = 60_000;
const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 60 * MINUTE_MS],
  ['month', 30 * 24 * 60 * MINUTE_MS],
  ['week', 7 * 24 * 60 * MINUTE_MS],
  ['day', 24 * 60 * MINUTE_MS],
  ['hour', 60 * MINUTE_MS],
  ['minute', MINUTE_MS],
];

const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/**
 * "Active 3 days ago", "Active yesterday", "Active 2 weeks ago": the largest whole unit of the time since the
 * owner was last active, worded by Intl.RelativeTimeFormat. Under a minute, or slightly ahead of this
 * clock, it reads "Active now".
 */
export const activeAgo = (lastActiveAt: string, now: Date = new Date()): string => {
  const elapsed = now.getTime() - Date.parse(lastActiveAt);
  if (!Number.isFinite(elapsed)) return '';
  for (const [unit, size] of UNITS) {
    if (elapsed >= size) return `Active ${format.format(-Math.floor(elapsed / size), unit)}`;
  }
  return 'Active now';
};
