import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { type IndexBacklog, registerIndexBacklog, registerIndexLag } from './index-backlog';
import { ScrapedMetrics } from './scraped-metrics.testing';

const scrape = async (registry: Registry) => new ScrapedMetrics(await registry.metrics());

describe('index backlog gauges', () => {
  it('read the outbox and the queue once per scrape, whatever the number of gauges', async () => {
    const registry = new Registry();
    let reads = 0;
    registerIndexBacklog(registry, async () => {
      reads += 1;
      return { outboxEntries: 3, oldestOutboxEntrySeconds: 42, jobs: { waiting: 2, failed: 1 } };
    });
    const scraped = await scrape(registry);
    expect(reads).toBe(1);
    expect(scraped.total('skillers_outbox_entries')).toBe(3);
    expect(scraped.total('skillers_outbox_oldest_entry_age_seconds')).toBe(42);
    expect(scraped.total('skillers_queue_jobs', { state: 'waiting' })).toBe(2);
    expect(scraped.total('skillers_queue_jobs', { state: 'failed' })).toBe(1);
    await scrape(registry);
    expect(reads).toBe(2);
  });

  it('drop the job series while the queue cannot answer, rather than repeat its last counts', async () => {
    const registry = new Registry();
    const readings: IndexBacklog[] = [
      { outboxEntries: 0, oldestOutboxEntrySeconds: 0, jobs: { waiting: 5 } },
      { outboxEntries: 7, oldestOutboxEntrySeconds: 9 },
    ];
    registerIndexBacklog(registry, async () => readings.shift()!);
    expect((await scrape(registry)).total('skillers_queue_jobs', { state: 'waiting' })).toBe(5);
    const queueDown = await scrape(registry);
    expect(queueDown.total('skillers_queue_jobs')).toBe(0);
    expect(queueDown.total('skillers_outbox_entries')).toBe(7);
  });
});

describe('index lag', () => {
  it('observes the seconds since the record was written, never below zero', async () => {
    const registry = new Registry();
    const observe = registerIndexLag(registry);
    observe(Date.now() - 2_000);
    observe(Date.now() + 60_000);
    const text = await registry.metrics();
    expect(new ScrapedMetrics(text).total('skillers_index_lag_seconds')).toBe(2);
    expect(text).toMatch(/skillers_index_lag_seconds_bucket\{le="0.05"\} 1\n/);
    expect(text).toMatch(/skillers_index_lag_seconds_bucket\{le="2.5"\} 2\n/);
  });
});
