import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createProfile, type ErrorAnswer } from './listing-fixtures';
import { SHARED_MODEL_ENV } from './shared-model';
import { startTestApp, type TestApp } from './test-app';

interface SortAnswer {
  results: { record_id: string; similarity: number }[];
  mode: 'semantic' | 'lexical';
}
interface MlAnswer {
  similar_labels_dict: Record<string, string[]>;
  mode: 'semantic' | 'lexical';
}

const LABEL_KEYS = [
  'forGratification',
  'hardSkills',
  'locations',
  'offeredGratification',
  'productType',
  'projectType',
  'requiredAreaOfExpertise',
  'softSkills',
  'toolsExperience',
  'usedLanguages',
];

/** Profiles (one per user) whose texts point at three different fields; none carries the tags the tests filter on. */
const seedProfiles = async (api: TestApp) => {
  const farmer = await createProfile(api, await api.signUp(), {
    nickname: 'field-hand',
    description: 'I help farmers with crops, harvest planning and organic agriculture',
    areaOfExpertise: ['Organic Farming'],
  });
  const web = await createProfile(api, await api.signUp(), {
    nickname: 'web-smith',
    description: 'Frontend developer building web apps and websites',
    hardSkills: ['Frontend Developer'],
  });
  const music = await createProfile(api, await api.signUp(), {
    nickname: 'beat-maker',
    description: 'Composer and music producer for films and games',
    hardSkills: ['Composer'],
  });
  return { farmer, web, music };
};

const sortProfiles = (api: TestApp, body: Record<string, unknown>) =>
  api.request<SortAnswer>('POST', '/api/sort', { body: { type: 'teammate', ...body } });

describe('similarity search with the shared model', () => {
  let api: TestApp;
  let ids: Record<'farmer' | 'web' | 'music', string>;

  beforeAll(async () => {
    api = await startTestApp({ ...SHARED_MODEL_ENV });
    const profiles = await seedProfiles(api);
    ids = { farmer: profiles.farmer._id, web: profiles.web._id, music: profiles.music._id };
    await vi.waitFor(
      async () => expect((await sortProfiles(api, { text: 'anything' })).body.results).toHaveLength(3),
      { timeout: 5000 },
    );
  });
  afterAll(() => api.close());

  it('reports the embedder as ready with its model', async () => {
    const health = await api.request<{
      ports: Record<string, { adapter: string; ready: boolean; detail: string }>;
    }>('GET', '/api/health');
    expect(health.body.ports.embedder).toEqual({
      adapter: 'transformers.js',
      ready: true,
      detail: 'skillers/static-wordpiece-100d',
    });
    const direct = await api.request('GET', '/embedder/health');
    expect(direct.body).toEqual({ model: 'skillers/static-wordpiece-100d', dimension: 100, ready: true });
  });

  it('ranks records by similarity to the picked labels when no record carries them', async () => {
    const filtered = await api.request<{ total: number }>('POST', '/api/teammate/traditional_filtering', {
      body: {
        activeFilters: { requiredAreaOfExpertise: ['Agriculture'], projectType: ['Community Project'] },
      },
    });
    expect(filtered.body.total).toBe(0);

    const sorted = await sortProfiles(api, {
      filter: { requiredAreaOfExpertise: ['Agriculture'], projectType: ['Community Project'] },
    });

    expect(sorted.status).toBe(200);
    expect(sorted.body.mode).toBe('semantic');
    expect(sorted.body.results[0].record_id).toBe(ids.farmer);
    const similarities = sorted.body.results.map((result) => result.similarity);
    expect(similarities).toEqual([...similarities].sort((a, b) => b - a));
    for (const similarity of similarities) expect(Number(similarity.toFixed(3))).toBe(similarity);
  });

  it('uses the free text too, respects the limit and answers on /embedder/sort as well', async () => {
    const sorted = await sortProfiles(api, {
      filter: {},
      text: 'songs and soundtracks for a film',
      limit: 1,
    });
    expect(sorted.body.results).toEqual([
      {
        record_id: ids.music,
        similarity: expect.any(Number),
        why: { matched: {}, missing: {}, similarity: sorted.body.results[0]?.similarity },
      },
    ]);

    const mounted = await api.request<SortAnswer>('POST', '/embedder/sort', {
      body: { type: 'teammate', filter: { hardSkills: ['Web Developer'] }, limit: 2 },
    });
    expect(mounted.body.results.map((result) => result.record_id)[0]).toBe(ids.web);
    expect(mounted.body.results).toHaveLength(2);
    expect((await sortProfiles(api, { type: 'project', text: 'farming' })).body.results).toEqual([]);
  });

  it('refuses a bad sort request with 400 and a message', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ type: 'user', text: 'farming' }, 'Type must be project or teammate'],
      [{ type: 'teammate', text: 'farming', limit: 0 }, 'Limit must be at least 1'],
      [{ type: 'teammate', text: 'farming', limit: 101 }, 'Limit must be at most 100'],
      [{ type: 'teammate', filter: { colour: ['red'] } }, ''],
      [
        { type: 'teammate', filter: {} },
        'Pick at least one filter option or describe what you are looking for',
      ],
    ];
    for (const [body, message] of cases) {
      const answer = await api.request<ErrorAnswer>('POST', '/api/sort', { body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.message).toContain(message);
    }
  });

  it('suggests labels for free text: named tools first, then labels close in meaning', async () => {
    const answer = await api.request<MlAnswer>('POST', '/api/ml', {
      body: { input_text: 'we want to make a phone app for farmers in react' },
    });

    expect(answer.status).toBe(200);
    expect(answer.body.mode).toBe('semantic');
    expect(Object.keys(answer.body.similar_labels_dict).sort()).toEqual(LABEL_KEYS);
    expect(answer.body.similar_labels_dict.toolsExperience).toContain('React');
    expect(answer.body.similar_labels_dict.productType).toContain('Mobile Application');
    for (const labels of Object.values(answer.body.similar_labels_dict))
      expect(labels.length).toBeLessThanOrEqual(2);
  });

  it('reads everyday words, typos and negations in /ml', async () => {
    const ml = async (input_text: string) =>
      (await api.request<MlAnswer>('POST', '/api/ml', { body: { input_text } })).body.similar_labels_dict;
    const equity = await ml('no salary, equity only');
    expect(equity.offeredGratification).toEqual(['Equity Grant', 'Stock Options']);
    expect(Object.values(equity).flat()).not.toContain('Salary');
    const startup = await ml('a pyhton dev for our startup, paid hourly');
    expect(startup.toolsExperience).toContain('Python');
    expect(startup.projectType).toContain('Start Up');
    expect(startup.forGratification).toContain('Time');
    expect(Object.values(await ml('actually anyone good')).flat()).not.toContain('Actuary');
    expect((await ml('projects in barcelona')).locations).toContain('Spain');
    expect((await ml('projects fighting climate change')).requiredAreaOfExpertise).toContain('Climate Tech');
    expect((await ml('unity developer')).toolsExperience).toContain('Unity');
  });

  it('gives at most len_2_cnt labels per key', async () => {
    const answer = await api.request<MlAnswer>('POST', '/embedder/ml', {
      body: { input_text: 'node.js, react, postgres and docker for a web app', len_2_cnt: 1 },
    });
    expect(answer.body.similar_labels_dict.toolsExperience).toEqual(['Node.js']);
    for (const labels of Object.values(answer.body.similar_labels_dict))
      expect(labels.length).toBeLessThanOrEqual(1);
  });

  it('refuses empty, oversized and unknown input to /ml with 400', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ input_text: '   ' }, 'Please describe what you are looking for'],
      [{ input_text: 'x'.repeat(2001) }, 'Input text must be at most 2000 characters'],
      [{ input_text: 'farming', len_2_cnt: 11 }, 'len_2_cnt must be at most 10'],
      [{ input_text: 'farming', extra: true }, ''],
      [{}, 'Input text must be text'],
    ];
    for (const [body, message] of cases) {
      const answer = await api.request<ErrorAnswer>('POST', '/api/ml', { body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.message).toContain(message);
    }
  });

  it('embeds texts on /embedder/embed, in order, and refuses bad input', async () => {
    const answer = await api.request<{ vectors: number[][]; model: string; dimension: number }>(
      'POST',
      '/embedder/embed',
      { body: { texts: ['organic farming', 'music producer'] } },
    );
    expect(answer.body).toMatchObject({ model: 'skillers/static-wordpiece-100d', dimension: 100 });
    expect(answer.body.vectors).toHaveLength(2);
    expect(answer.body.vectors[0]).toHaveLength(100);
    expect(answer.body.vectors[0]).not.toEqual(answer.body.vectors[1]);

    for (const body of [
      { texts: [] },
      { texts: 'one' },
      { texts: Array(257).fill('a') },
      { texts: ['a'], x: 1 },
    ]) {
      expect((await api.request('POST', '/embedder/embed', { body })).status).toBe(400);
    }
  });
});

describe('similarity search without a model', () => {
  let api: TestApp;
  let ids: Record<'farmer' | 'web' | 'music', string>;

  beforeAll(async () => {
    api = await startTestApp({ EMBEDDER_MODEL_PATH: mkdtempSync(join(tmpdir(), 'skillers-no-models-')) });
    const profiles = await seedProfiles(api);
    ids = { farmer: profiles.farmer._id, web: profiles.web._id, music: profiles.music._id };
  });
  afterAll(() => api.close());

  it('says in health that the model is missing and how to fix it', async () => {
    const health = await api.request<{ ports: Record<string, { ready: boolean; detail: string }> }>(
      'GET',
      '/api/health',
    );
    expect(health.body.ports.embedder.ready).toBe(false);
    expect(health.body.ports.embedder.detail).toContain('Set EMBEDDER_MODEL_PATH to a folder holding');
    const direct = await api.request<{ ready: boolean; error: string }>('GET', '/embedder/health');
    expect(direct.status).toBe(503);
    expect(direct.body).toMatchObject({ ready: false, error: expect.stringContaining('model hub') });
    expect((await api.request('POST', '/embedder/embed', { body: { texts: ['a'] } })).status).toBe(503);
  });

  it('keeps traditional filtering working', async () => {
    await vi.waitFor(async () => {
      const filtered = await api.request<{ total: number }>('POST', '/api/teammate/traditional_filtering', {
        body: { activeFilters: { hardSkills: ['Composer'] } },
      });
      expect(filtered.body.total).toBe(1);
    });
  });

  it('ranks filtering results by the free text without a model', async () => {
    const ranked = await api.request<{ teammates: { _id: string }[]; total: number }>(
      'POST',
      '/api/teammate/traditional_filtering',
      { body: { activeFilters: {}, text: 'crops and harvest planning' } },
    );
    expect(ranked.status).toBe(200);
    expect(ranked.body.total).toBe(3);
    // The oldest profile, first by its text alone.
    expect(ranked.body.teammates[0]._id).toBe(ids.farmer);
  });

  it('reads everyday words and negations in /ml without a model', async () => {
    const answer = await api.request<MlAnswer>('POST', '/api/ml', {
      body: { input_text: 'no salary, equity only, for a startup' },
    });
    expect(answer.body.mode).toBe('lexical');
    expect(answer.body.similar_labels_dict).toMatchObject({
      offeredGratification: ['Equity Grant', 'Stock Options'],
      projectType: ['Start Up'],
    });
  });

  it('ranks lexically by tags and text, and says so', async () => {
    const sorted = await sortProfiles(api, {
      filter: { hardSkills: ['Frontend Developer', 'Composer'] },
      text: 'music for films',
    });
    expect(sorted.body.mode).toBe('lexical');
    expect(sorted.body.results.map((result) => result.record_id)).toEqual([ids.music, ids.web, ids.farmer]);
    expect(sorted.body.results[0].similarity).toBeGreaterThan(sorted.body.results[1].similarity);
  });

  it('suggests the labels the text names', async () => {
    const answer = await api.request<MlAnswer>('POST', '/api/ml', {
      body: { input_text: 'a phone app for farmers in react', len_2_cnt: 3 },
    });
    expect(answer.body.mode).toBe('lexical');
    expect(answer.body.similar_labels_dict).toMatchObject({
      toolsExperience: ['React'],
      productType: ['Mobile Application'],
      hardSkills: ['Farmer'],
      softSkills: [],
    });
  });
});
