import { type FreshnessFields, type FreshnessView, freshnessView } from '@skillers/domain';

/** A record as the API shows it: its freshness with the defaults filled in and whether it is open now. */
export const withFreshness = <T extends FreshnessFields & { createdAt: string; updatedAt: string }>(
  record: T,
  now: Date = new Date(),
): T & FreshnessView => ({ ...record, ...freshnessView(record, now) });
