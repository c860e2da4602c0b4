import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createProject } from './listing-fixtures';
import { scrapeMetrics, type ScrapedMetrics } from '../../libs/metrics/src/scraped-metrics.testing';
import { connectSocket } from './socket-client';
import { startTestApp, type TestApp, type TestUser } from './test-app';

const ADMIN_TOKEN = 'metrics-admin-token-for-tests-'.padEnd(48, '0');
const FILTERING = '/api/project/traditional_filtering_all';

describe('GET /metrics', () => {
  let api: TestApp;
  let ada: TestUser;
  let bob: TestUser;
  const scrape = () => scrapeMetrics(api.baseUrl, ADMIN_TOKEN);

  beforeAll(async () => {
    api = await startTestApp({ ADMIN_TOKEN });
    [ada, bob] = [await api.signUp(), await api.signUp()];
  });
  afterAll(() => api.close());

  it('takes the admin token only', async () => {
    expect((await fetch(`${api.baseUrl}/metrics`)).status).toBe(401);
    const asUser = await fetch(`${api.baseUrl}/metrics`, {
      headers: { authorization: `Bearer ${ada.token}` },
    });
    expect(asUser.status).toBe(401);
    const scraped = await fetch(`${api.baseUrl}/metrics`, {
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    expect(scraped.status).toBe(200);
    expect(scraped.headers.get('content-type')).toContain('text/plain');
  });

  it('moves its counters with a search, a chat message and an index job, in Prometheus text', async () => {
    const socket = await connectSocket(api.baseUrl, { token: bob.token });
    const before = await scrape();

    const project = await createProject(api, ada, { projectName: 'Metrics watch' });
    const nothing = await api.request('POST', FILTERING, {
      body: {
        activeFilters: { requiredAreaOfExpertise: ['Agriculture'] },
        filtering_restriction: 'all_match',
      },
    });
    expect(nothing.status).toBeLessThan(300);
    const withText = await api.request('POST', FILTERING, {
      body: { activeFilters: {}, text: 'metrics watch' },
    });
    expect(withText.status).toBeLessThan(300);
    const sorted = await api.request('POST', '/api/sort', { body: { type: 'teammate', text: 'anything' } });
    expect(sorted.status).toBeLessThan(300);
    const sent = await api.request('POST', '/api/chat/sendMessage', {
      token: ada.token,
      body: { id: bob.id, message: 'Watching the metrics' },
    });
    expect(sent.status).toBe(201);
    // The index job runs in the background: its lag is observed once it has written the document.
    let after: ScrapedMetrics = before;
    await vi.waitFor(async () => {
      after = await scrape();
      expect(after.total('skillers_index_lag_seconds')).toBeGreaterThan(
        before.total('skillers_index_lag_seconds'),
      );
    });
    socket.close();
    const moved = (name: string, labels: Record<string, string> = {}) =>
      after.total(name, labels) - before.total(name, labels);

    expect(moved('skillers_search_duration_seconds', { kind: 'project', with_text: 'false' })).toBe(1);
    expect(
      moved('skillers_search_duration_seconds', {
        kind: 'project',
        restriction: 'min_1_match',
        with_text: 'true',
      }),
    ).toBe(1);
    expect(moved('skillers_search_zero_results_total', { kind: 'project' })).toBe(1);
    expect(moved('skillers_search_results', { kind: 'project' })).toBe(2);
    expect(moved('skillers_similarity_fallback_total', { kind: 'teammate' })).toBe(1);
    expect(moved('skillers_chat_messages_total')).toBe(1);
    // Routes are the patterns that took the requests, never their ids.
    expect(
      moved('skillers_http_request_duration_seconds', { method: 'POST', route: FILTERING, status: '200' }) +
        moved('skillers_http_request_duration_seconds', { method: 'POST', route: FILTERING, status: '201' }),
    ).toBe(2);
    await api.request('GET', `/api/project/${project._id}`);
    expect(
      (await scrape()).total('skillers_http_request_duration_seconds', { route: '/api/project/:id' }),
    ).toBeGreaterThan(0);

    expect(after.total('skillers_socket_connections')).toBeGreaterThanOrEqual(1);
    expect(after.total('skillers_socket_rooms')).toBeGreaterThanOrEqual(1);
    expect(after.total('skillers_outbox_entries')).toBeGreaterThanOrEqual(0);
    expect(after.total('skillers_outbox_oldest_entry_age_seconds')).toBeGreaterThanOrEqual(0);
    expect(after.names()).toContain('skillers_queue_jobs');
    expect(after.total('skillers_queue_jobs', { state: 'failed' })).toBe(0);
    // The in-process model embedded the free text and the new project.
    expect(moved('skillers_embedder_call_seconds', { outcome: 'ok' })).toBeGreaterThanOrEqual(1);
    expect(after.total('skillers_embedder_pending_calls')).toBe(0);
    // Node's own: event-loop lag and GC, labelled with the service like every series.
    expect(after.names()).toEqual(
      expect.arrayContaining(['nodejs_eventloop_lag_seconds', 'nodejs_gc_duration_seconds']),
    );
    expect(after.labels('nodejs_eventloop_lag_seconds')).toMatchObject({
      service: 'api',
    });
  });
});

/** A port nothing listens on now, for a setting that takes a fixed port. */
const freePort = async (): Promise<number> => {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
};

describe('METRICS_PORT', () => {
  it('serves /metrics there without a token, and nothing else; the API port still wants the token', async () => {
    const port = await freePort();
    const api = await startTestApp({ ADMIN_TOKEN, METRICS_PORT: String(port), HOST: '127.0.0.1' });
    try {
      const scraped = await scrapeMetrics(`http://127.0.0.1:${port}`);
      expect(scraped.labels('nodejs_eventloop_lag_seconds')).toMatchObject({ service: 'api' });
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(404);
      expect((await fetch(`${api.baseUrl}/metrics`)).status).toBe(401);
    } finally {
      await api.close();
    }
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
  });
});
