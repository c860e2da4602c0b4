import { type FreshnessFields, type FreshnessView, freshnessView } from '@skillers/domain';

/**
 * A record as the API shows it: its freshness with the defaults filled in and whether it is open now. Which
 * lapse was last notified is bookkeeping and stays in the store.
 */
export const withFreshness = <T extends FreshnessFields & { createdAt: string; updatedAt: string }>(
  { openLapseNotifiedFor: _notified, ...record }: T,
  now: Date = new Date(),
): Omit<T, 'openLapseNotifiedFor'> & FreshnessView => ({ ...record, ...freshnessView(record, now) });
