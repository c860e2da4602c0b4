import { Gauge, Histogram, type Registry } from 'prom-client';
import { METRIC_PREFIX } from './service-registry';

/** What stands between a write and the index: the store's outbox and the job queue. */
export interface IndexBacklog {
  /** Entries in the store's outbox, not handed to the queue yet. */
  outboxEntries: number;
  /** Age of the oldest outbox entry in seconds, 0 when the outbox is empty. */
  oldestOutboxEntrySeconds: number;
  /** Job counts by state (waiting, active, failed, …); absent while the queue cannot answer. */
  jobs?: Record<string, number>;
}

/**
 * Registers the outbox and queue gauges, read from `read` at each scrape (once for all of them, so a scrape
 * costs one count of the outbox and one look at the queue).
 */
export const registerIndexBacklog = (registry: Registry, read: () => Promise<IndexBacklog>): void => {
  let reading: Promise<IndexBacklog> | undefined;
  const readOnce = () =>
    (reading ??= read().finally(() => {
      reading = undefined;
    }));
  new Gauge({
    name: `${METRIC_PREFIX}outbox_entries`,
    help: 'Index changes waiting in the store outbox for the job queue',
    registers: [registry],
    async collect() {
      this.set((await readOnce()).outboxEntries);
    },
  });
  new Gauge({
    name: `${METRIC_PREFIX}outbox_oldest_entry_age_seconds`,
    help: 'Age of the oldest index change in the store outbox (0 when empty)',
    registers: [registry],
    async collect() {
      this.set((await readOnce()).oldestOutboxEntrySeconds);
    },
  });
  new Gauge({
    name: `${METRIC_PREFIX}queue_jobs`,
    help: 'Jobs in the job queue by state; failed ones used every attempt',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      // No series while the queue cannot answer, rather than the last counts it gave.
      this.reset();
      for (const [state, count] of Object.entries((await readOnce()).jobs ?? {})) this.set({ state }, count);
    },
  });
};

/** Buckets from a tenth of a second (an embedded index) to minutes (a backlog after an outage). */
const LAG_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300];

/**
 * The time from a record's write to its document being searchable, observed as each index job writes it.
 * Returns the observer, given the record's write time in epoch milliseconds.
 */
export const registerIndexLag = (registry: Registry): ((writtenAtMs: number) => void) => {
  const lag = new Histogram({
    name: `${METRIC_PREFIX}index_lag_seconds`,
    help: 'Time from a record write to its document written in the search index',
    buckets: LAG_BUCKETS,
    registers: [registry],
  });
  return (writtenAtMs) => lag.observe(Math.max(0, (Date.now() - writtenAtMs) / 1000));
};
