import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scrapeMetrics } from '../../libs/metrics/src/scraped-metrics.testing';
import { createProject } from './listing-fixtures';
import { startTestApp, type TestApp } from './test-app';

const ADMIN_TOKEN = 'query-vectors-admin-token-for-tests-'.padEnd(48, '0');
const FILTERING = '/api/project/traditional_filtering_all';
const EMBEDDER_CALLS = 'skillers_embedder_call_seconds';
const MODEL_BATCHES = 'skillers_embedder_batch_texts';

describe('query vectors of the filtering call', () => {
  let api: TestApp;
  const embedderCalls = async () =>
    (await scrapeMetrics(api.baseUrl, ADMIN_TOKEN)).total(EMBEDDER_CALLS, { outcome: 'ok' });
  const modelBatches = async () => (await scrapeMetrics(api.baseUrl, ADMIN_TOKEN)).total(MODEL_BATCHES);
  const search = async (text: string) => {
    const { status, body } = await api.request<Record<string, unknown>>('POST', FILTERING, {
      body: { activeFilters: {}, text, filtering_restriction: 'min_1_match', page: 1, facets: true },
    });
    expect(status).toBe(200);
    const { eventId, ...answer } = body;
    expect(eventId).toEqual(expect.any(String));
    return answer;
  };

  beforeAll(async () => {
    api = await startTestApp({ ADMIN_TOKEN });
    const owner = await api.signUp();
    await createProject(api, owner, { projectName: 'Organic farm helpers' });
  });
  afterAll(() => api.close());

  it('embeds a text once: asked again, the kept vector ranks it the same without the model', async () => {
    const first = await embedderCalls();
    const answer = await search('helpers for an organic vegetable farm');
    const second = await embedderCalls();
    expect(second).toBeGreaterThan(first);

    expect(await search('helpers for an organic vegetable farm')).toEqual(answer);
    expect(await embedderCalls()).toBe(second);

    await search('a composer for an indie game');
    expect(await embedderCalls()).toBeGreaterThan(second);
  });

  it('reads a new text in one batch of the model: its labels close in meaning and its query vector', async () => {
    // The first search loads the label vectors, batch after batch; the record's own vector is written by then.
    await search('volunteers who like gardening');
    const [calls, batches] = [await embedderCalls(), await modelBatches()];
    await search('beekeepers for a rooftop honey project');
    // Two calls (the text's phrases for the labels close in meaning, then its words for the ranking), one batch.
    expect(await embedderCalls()).toBe(calls + 2);
    expect(await modelBatches()).toBe(batches + 1);
  });
});
