import { readIndexBacklog } from '@skillers/indexing';
import { embedderMetrics, indexerMetrics } from '@skillers/metrics';
import { InProcessJobQueue } from '@skillers/queue';
import { SqliteRecordStore } from '@skillers/store';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScrapedMetrics, scrapeMetrics } from '../../libs/metrics/src/scraped-metrics.testing';
import { startTestApp } from './test-app';

const ROOT = join(__dirname, '../..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

interface Panel {
  title: string;
  datasource: { type: string; uid: string };
  targets: { expr: string; datasource: { uid: string } }[];
}

/** PromQL words that are not metric names. */
const KEYWORDS = new Set([
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'bool',
  'and',
  'or',
  'unless',
  'offset',
]);

/**
 * The metric names a PromQL expression reads: what is left once strings, label matchers and groupings,
 * ranges, functions and keywords are taken out.
 */
const metricNames = (expr: string): string[] => {
  const bare = expr
    .replace(/"[^"]*"/g, '')
    .replace(/\{[^}]*\}/g, '')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, '')
    .replace(/\[[^\]]*\]/g, '');
  return [...bare.matchAll(/([a-zA-Z_:][\w:]*)\s*(\()?/g)]
    .filter(([, name, call]) => !call && !KEYWORDS.has(name))
    .map(([, name]) => name);
};

/** A histogram is read through its `_bucket`, `_count` and `_sum` series. */
const seriesOf = (scraped: ScrapedMetrics): string[] =>
  scraped
    .names()
    .flatMap((name) =>
      scraped.type(name) === 'histogram' ? [`${name}_bucket`, `${name}_count`, `${name}_sum`] : [name],
    );

describe('the Grafana dashboard of deploy/grafana', () => {
  const exported = new Set<string>();
  const folder = mkdtempSync(join(tmpdir(), 'skillers-dashboard-'));

  beforeAll(async () => {
    const adminToken = 'dashboard-admin-token-for-tests-'.padEnd(48, '0');
    const api = await startTestApp({ ADMIN_TOKEN: adminToken });
    try {
      for (const name of seriesOf(await scrapeMetrics(api.baseUrl, adminToken))) exported.add(name);
    } finally {
      await api.close();
    }

    // The indexer and the embedder build their registries with these, over their own ports.
    const store = new SqliteRecordStore(join(folder, 'skillers.sqlite'));
    const queue = new InProcessJobQueue();
    const registries = [indexerMetrics(() => readIndexBacklog(store, queue)), embedderMetrics()];
    for (const { registry } of registries)
      for (const name of seriesOf(new ScrapedMetrics(await registry.metrics()))) exported.add(name);
    await store.close();
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  const dashboard = JSON.parse(read('deploy/grafana/dashboards/skillers.json')) as {
    uid: string;
    panels: Panel[];
  };
  const datasourceUid = /^\s+uid: (\S+)$/m.exec(
    read('deploy/grafana/provisioning/datasources/prometheus.yml'),
  )?.[1];

  it('is valid JSON whose every panel queries the provisioned Prometheus', () => {
    expect(dashboard.uid).toBe('skillers-operations');
    expect(dashboard.panels.length).toBeGreaterThan(10);
    for (const panel of dashboard.panels) {
      expect(panel.targets.length, panel.title).toBeGreaterThan(0);
      expect(panel.datasource).toEqual({ type: 'prometheus', uid: datasourceUid });
      for (const target of panel.targets) expect(target.datasource.uid, panel.title).toBe(datasourceUid);
    }
  });

  it('names only series the api, the indexer and the embedder export', () => {
    const named = dashboard.panels.flatMap((panel) => panel.targets.flatMap(({ expr }) => metricNames(expr)));
    expect(named.length).toBeGreaterThan(dashboard.panels.length - 1);
    expect(exported).toContain('skillers_http_request_duration_seconds_bucket');
    expect(named.filter((name) => !exported.has(name))).toEqual([]);
    // Every series family of the issue is on it.
    for (const family of [
      'skillers_http_request_duration_seconds',
      'skillers_search_duration_seconds',
      'skillers_search_zero_results_total',
      'skillers_similarity_fallback_total',
      'skillers_outbox_entries',
      'skillers_outbox_oldest_entry_age_seconds',
      'skillers_index_lag_seconds',
      'skillers_queue_jobs',
      'skillers_socket_connections',
      'skillers_socket_rooms',
      'nodejs_eventloop_lag_p99_seconds',
      'nodejs_gc_duration_seconds',
      'skillers_embedder_pending_calls',
      'skillers_embedder_call_seconds',
    ])
      expect(
        named.some((name) => name.startsWith(family)),
        family,
      ).toBe(true);
  });

  it('reads the names out of PromQL as Prometheus would', () => {
    expect(
      metricNames(
        'histogram_quantile(0.95, sum by (le, route) (rate(a_seconds_bucket{job="api"}[5m]))) / b_total',
      ),
    ).toEqual(['a_seconds_bucket', 'b_total']);
  });
});
