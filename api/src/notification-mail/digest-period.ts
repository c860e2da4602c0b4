const DAY_MS = 24 * 60 * 60 * 1000;

/** One digest period: a UTC day, named by its date, from its first millisecond up to the next day's. */
export interface DigestPeriod {
  day: string;
  from: string;
  until: string;
}

/** The digest sent at `now` is that of the UTC day before, the last one whole. */
export const digestPeriodBefore = (now: Date): DigestPeriod => {
  const until = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const from = new Date(until.getTime() - DAY_MS);
  return { day: from.toISOString().slice(0, 10), from: from.toISOString(), until: until.toISOString() };
};
