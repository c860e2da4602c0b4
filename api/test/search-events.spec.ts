import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ProjectView } from '@skillers/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SearchEvent } from '../src/analytics/search-event';
import { SEARCH_EVENT_SINK, type SearchEventSink } from '../src/analytics/search-event-sink';
import { createProject, createProfile } from './listing-fixtures';
import { startTestApp, type TestApp, type TestUser } from './test-app';

const PROJECTS = '/api/project/traditional_filtering_all';
const PROFILES = '/api/teammate/traditional_filtering';
const DAY_FILE = /^search-events-(\d{4}-\d{2}-\d{2})\.jsonl$/;

describe('search events of the filtering endpoints (embedded profile)', () => {
  let api: TestApp;
  let owner: TestUser;
  let sink: SearchEventSink;

  /** Writes what the API buffered, then reads every event of the day files. */
  const recordedEvents = async (): Promise<SearchEvent[]> => {
    await sink.flush();
    const folder = join(api.dataDir, 'search-events');
    return readdirSync(folder)
      .filter((file) => DAY_FILE.test(file))
      .sort()
      .flatMap((file) => readFileSync(join(folder, file), 'utf8').split('\n').filter(Boolean))
      .map((line) => JSON.parse(line) as SearchEvent);
  };

  beforeAll(async () => {
    api = await startTestApp();
    sink = api.app.get<SearchEventSink>(SEARCH_EVENT_SINK);
    owner = await api.signUp();
    await createProject(api, owner, { projectName: 'Older', toolsExperience: [{ tool: 'Rust', mep: 2 }] });
    await createProject(api, owner, { projectName: 'Newer', toolsExperience: [{ tool: 'Rust', mep: 4 }] });
    await createProfile(api, owner);
    await vi.waitFor(
      async () =>
        expect(
          (await api.request<{ total: number }>('POST', PROJECTS, { body: { activeFilters: {} } })).body
            .total,
        ).toBe(2),
      { timeout: 5000 },
    );
  });
  afterAll(() => api.close());

  it('records similarity rankings too, flagged as the fallback, with their similarities as scores', async () => {
    const before = (await recordedEvents()).length;
    const answer = await api.request<{
      results: { record_id: string; similarity: number }[];
      mode: 'semantic' | 'lexical';
    }>('POST', '/api/sort', {
      token: owner.token,
      body: { type: 'project', filter: { toolsExperience: ['Rust'] }, limit: 5 },
    });
    expect(answer.status).toBe(200);

    const events = await recordedEvents();
    expect(events).toHaveLength(before + 1);
    const event = events[events.length - 1];
    expect(event).toMatchObject({
      kind: 'project',
      similarityFallback: true,
      // Whether it compared vectors or, without a model, tags and words.
      similarityMode: answer.body.mode,
      filterKeys: ['toolsExperience'],
      hits: answer.body.results.length,
      returned: answer.body.results.map((result) => result.record_id),
      signedIn: true,
    });
    expect(event.top.map((hit) => hit.score)).toEqual(
      answer.body.results.slice(0, event.top.length).map((result) => result.similarity),
    );
  });

  it('records one event per search, with the filters as sent, the hits, the page shown and the top scores', async () => {
    const before = (await recordedEvents()).length;
    const activeFilters = { toolsExperience: [{ tool: 'Rust', mep: 3 }, 'Rust'], locations: [] };
    const answer = await api.request<{ items: ProjectView[]; total: number }>('POST', PROJECTS, {
      token: owner.token,
      body: { activeFilters, filtering_restriction: 'all_match' },
    });
    expect(answer.status).toBe(200);

    const events = await recordedEvents();
    expect(events).toHaveLength(before + 1);
    const event = events[events.length - 1];
    expect(event).toMatchObject({
      kind: 'project',
      restriction: 'all_match',
      filters: { toolsExperience: [{ tool: 'Rust', mep: 3 }, 'Rust'], locations: [] },
      filterKeys: ['toolsExperience'],
      activeFilterCount: 1,
      page: 1,
      hits: answer.body.total,
      returned: answer.body.items.map((project) => project._id),
      similarityFallback: false,
      signedIn: true,
    });
    expect(event).not.toHaveProperty('similarityMode');
    expect(event.hits).toBe(1);
    expect(event.top).toEqual([{ id: answer.body.items[0]._id, score: expect.any(Number) }]);
    expect(event.latencyMs).toBeGreaterThanOrEqual(0);
    expect(Date.now() - Date.parse(event.at)).toBeLessThan(60_000);
    expect(event).not.toHaveProperty('userId');
  });

  it('records searches of profiles and searches that find nothing, into the file of the day', async () => {
    const before = (await recordedEvents()).length;
    await api.request('POST', PROFILES, { body: { activeFilters: {} } });
    await api.request('POST', PROFILES, { body: { activeFilters: { hardSkills: ['Data Scientist'] } } });

    const events = (await recordedEvents()).slice(before);
    expect(
      events.map(({ kind, hits, filterKeys, signedIn }) => ({ kind, hits, filterKeys, signedIn })),
    ).toEqual([
      { kind: 'teammate', hits: 1, filterKeys: [], signedIn: false },
      { kind: 'teammate', hits: 0, filterKeys: ['hardSkills'], signedIn: false },
    ]);
    const files = readdirSync(join(api.dataDir, 'search-events'));
    expect(files.every((file) => DAY_FILE.test(file))).toBe(true);
    expect(files).toContain(`search-events-${events[1].at.slice(0, 10)}.jsonl`);
  });

  it('records nothing for a refused request', async () => {
    const before = (await recordedEvents()).length;
    const refused = await api.request('POST', PROJECTS, { body: { activeFilters: { nope: ['x'] } } });
    expect(refused.status).toBe(400);
    expect(await recordedEvents()).toHaveLength(before);
  });
});

describe('search events on shutdown', () => {
  it('writes the events still buffered when the API stops', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'skillers-events-stop-'));
    try {
      const api = await startTestApp({ DATA_DIR: dataDir });
      await api.request('POST', PROJECTS, { body: { activeFilters: { locations: ['Portugal'] } } });
      await api.close();

      const [file] = readdirSync(join(dataDir, 'search-events'));
      const lines = readFileSync(join(dataDir, 'search-events', file), 'utf8')
        .split('\n')
        .filter(Boolean);
      expect(lines.map((line) => (JSON.parse(line) as SearchEvent).filterKeys)).toEqual([['locations']]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
