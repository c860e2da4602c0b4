import type { ClientRelaxEntry, MatchExplanation, ProfileView } from '@skillers/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createProfile, type ErrorAnswer } from './listing-fixtures';
import { SHARED_MODEL_ENV } from './shared-model';
import { startTestApp, type TestApp } from './test-app';

type Explained = ProfileView & { why: MatchExplanation };
interface ProfileHits {
  teammates: Explained[];
  total: number;
  teammatesPages: number;
  facets?: Record<string, Record<string, number>>;
  relax?: ClientRelaxEntry[];
}

const PROFILE_SEARCH = '/api/teammate/traditional_filtering';
const PROJECTS = '/api/project/traditional_filtering_all';

/** Four profiles, one per user, oldest first. */
const PROFILES = [
  {
    nickname: 'reykjavik-rust',
    locations: ['Iceland'],
    usedLanguages: ['English'],
    toolsExperience: [{ tool: 'Rust', mep: 4 }],
  },
  {
    nickname: 'oslo-rust',
    locations: ['Norway'],
    usedLanguages: ['English'],
    toolsExperience: [{ tool: 'Rust', mep: 2 }],
  },
  {
    nickname: 'oslo-go',
    locations: ['Norway'],
    usedLanguages: ['Norwegian'],
    toolsExperience: [{ tool: 'Go', mep: 3 }],
  },
  {
    nickname: 'santiago-go',
    locations: ['Chile'],
    usedLanguages: ['Spanish'],
    toolsExperience: [{ tool: 'Go', mep: 1 }],
    workingTypeRemote: true,
  },
];

describe('must-haves, why-this-match, facets and relaxations', () => {
  let api: TestApp;

  const find = (body: Record<string, unknown>) =>
    api.request<ProfileHits>('POST', PROFILE_SEARCH, {
      body: { filtering_restriction: 'min_1_match', ...body },
    });
  const names = (hits: ProfileHits) => hits.teammates.map((profile) => profile.nickname);

  beforeAll(async () => {
    api = await startTestApp();
    for (const profile of PROFILES) await createProfile(api, await api.signUp(), profile);
    await vi.waitFor(async () => expect((await find({ activeFilters: {} })).body.total).toBe(4), {
      timeout: 10_000,
    });
  });
  afterAll(() => api.close());

  it('keeps min_1_match by default and makes must-have options hard constraints', async () => {
    const activeFilters = { locations: ['Iceland', 'Norway'], toolsExperience: ['Rust', 'Go'] };
    // Each carries two picks; Iceland is the rarest of them, so Reykjavik leads, then newest first.
    expect(names((await find({ activeFilters })).body)).toEqual(['reykjavik-rust', 'oslo-go', 'oslo-rust']);
    const response = await find({ activeFilters, mustHave: { toolsExperience: ['Rust'] } });
    expect(response.status).toBe(200);
    expect(names(response.body)).toEqual(['reykjavik-rust', 'oslo-rust']);
    expect(
      names(
        (await find({ activeFilters, mustHave: { toolsExperience: ['Rust'], locations: ['Iceland'] } })).body,
      ),
    ).toEqual(['reykjavik-rust']);
  });

  it('says on every item which picked labels it has and which it lacks', async () => {
    const response = await find({
      activeFilters: { locations: ['Iceland', 'Norway'], toolsExperience: [{ tool: 'Rust', mep: 3 }, 'Go'] },
    });
    const why = Object.fromEntries(response.body.teammates.map((profile) => [profile.nickname, profile.why]));
    expect(Object.keys(why).sort()).toEqual(['oslo-go', 'reykjavik-rust']);
    expect(why['reykjavik-rust']).toEqual({
      matched: { toolsExperience: ['Rust'], locations: ['Iceland'] },
      missing: { toolsExperience: ['Go'], locations: ['Norway'] },
    });
    // Oslo's Rust profile is below the asked level, so it is not shown at all.
    expect(why['oslo-go']).toEqual({
      matched: { toolsExperience: ['Go'], locations: ['Norway'] },
      missing: { toolsExperience: ['Rust'], locations: ['Iceland'] },
    });
  });

  it('names the words of the free text each record holds, and ranks by them', async () => {
    const response = await find({ activeFilters: { usedLanguages: ['English', 'Norwegian'] }, text: 'oslo' });
    expect(response.status).toBe(200);
    const why = Object.fromEntries(response.body.teammates.map((profile) => [profile.nickname, profile.why]));
    // Both Oslo profiles hold the word; either language matches, so the text decides who leads.
    expect(names(response.body).slice(0, 2).sort()).toEqual(['oslo-go', 'oslo-rust']);
    expect(why['oslo-go'].text).toEqual(['oslo']);
    expect(why['oslo-rust'].text).toEqual(['oslo']);
    expect(why['reykjavik-rust'].text).toBeUndefined();
    // The query was embedded too: each item says how similar it is.
    for (const { similarity } of Object.values(why)) {
      expect(similarity).toBeGreaterThanOrEqual(0);
      expect(similarity).toBeLessThanOrEqual(1);
    }
  });

  it('counts facets per filter, ignoring its own picks and honouring the others', async () => {
    const response = await find({
      activeFilters: { locations: ['Norway'], usedLanguages: ['English'] },
      facets: true,
    });
    expect(names(response.body)).toEqual(['oslo-rust']);
    expect(response.body.facets?.locations).toEqual({ Norway: 1, Iceland: 1 });
    expect(response.body.facets?.usedLanguages).toEqual({ English: 1, Norwegian: 1 });
    expect(response.body.facets?.toolsExperience).toEqual({ Rust: 1 });
    expect(response.body.relax).toBeUndefined();
    expect((await find({ activeFilters: { locations: ['Norway'] } })).body.facets).toBeUndefined();
  });

  it('names the relaxations that bring profiles back when nothing matches', async () => {
    const response = await find({
      activeFilters: {
        locations: ['Iceland', 'Chile'],
        offeredWorkingType: ['Remote'],
        toolsExperience: ['Rust'],
      },
      mustHave: { locations: ['Iceland'] },
      facets: true,
    });
    expect(response.body.total).toBe(0);
    // Only dropping Remote finds someone: the Iceland profile with Rust is not remote.
    expect(response.body.relax).toEqual([{ key: 'offeredWorkingType', count: 1 }]);
    expect(response.body.facets?.offeredWorkingType).toEqual({ Remote: 0 });
  });

  it('proposes the smallest set of filters to drop when no single one helps', async () => {
    const activeFilters = { toolsExperience: ['COBOL'], locations: ['Peru'], usedLanguages: ['English'] };
    const response = await find({ activeFilters, facets: true });
    expect(response.status).toBe(200);
    expect(response.body.total).toBe(0);
    // No record has COBOL or Peru: dropping both keeps English, which two profiles speak.
    expect(response.body.relax).toEqual([
      { remove: [{ key: 'toolsExperience' }, { key: 'locations' }], count: 2 },
    ]);
    // No project at all: nothing brings one back.
    const projects = await api.request<{ relax?: unknown }>('POST', PROJECTS, {
      body: { filtering_restriction: 'min_1_match', activeFilters, facets: true },
    });
    expect(projects.body.relax).toEqual([]);
  });

  it('leaves out every record carrying a must-not option, from the list, the total and the facets', async () => {
    const activeFilters = { usedLanguages: ['English', 'Norwegian'] };
    expect((await find({ activeFilters })).body.total).toBe(3);
    for (const filtering_restriction of ['min_1_match', 'all_match']) {
      const { status, body } = await find({
        activeFilters: { usedLanguages: ['English'] },
        mustNot: { locations: ['Iceland'] },
        filtering_restriction,
      });
      expect(status).toBe(200);
      expect(names(body)).toEqual(['oslo-rust']);
    }
    const response = await find({ activeFilters, mustNot: { toolsExperience: ['Rust'] }, facets: true });
    expect(names(response.body)).toEqual(['oslo-go']);
    expect(response.body.total).toBe(1);
    expect(response.body.facets?.locations).toEqual({ Norway: 1 });
    expect(response.body.facets?.toolsExperience).toEqual({ Go: 1 });
    expect(response.body.facets?.usedLanguages).toEqual({ English: 0, Norwegian: 1, Spanish: 1 });
    // With free text too, which otherwise never narrows.
    const text = await find({ activeFilters: {}, text: 'oslo', mustNot: { locations: ['Norway'] } });
    expect(text.body.total).toBe(2);
    expect(names(text.body).sort()).toEqual(['reykjavik-rust', 'santiago-go']);
    const projects = await api.request<{ total: number }>('POST', PROJECTS, {
      body: { activeFilters: {}, mustNot: { locations: ['Norway'] } },
    });
    expect(projects.status).toBe(200);
  });

  it('offers dropping each must-not as a relaxation', async () => {
    const response = await find({
      activeFilters: { locations: ['Norway'] },
      mustNot: { toolsExperience: ['Rust', 'Go'] },
      facets: true,
    });
    expect(response.body.total).toBe(0);
    expect(response.body.relax).toEqual([
      { key: 'toolsExperience', label: 'Rust', mustNot: true, count: 1 },
      { key: 'toolsExperience', label: 'Go', mustNot: true, count: 1 },
    ]);
  });

  it.each([
    [
      'a must-not that is also picked',
      { activeFilters: { locations: ['Norway'] }, mustNot: { locations: ['Norway'] } },
      '"Norway" cannot be both picked and a must-not in locations',
    ],
    [
      'an unknown must-not key',
      { activeFilters: {}, mustNot: { nickname: ['x'] } },
      'Unknown field: nickname',
    ],
    [
      'a must-not label outside its vocabulary',
      { activeFilters: {}, mustNot: { locations: ['Atlantis'] } },
      '"Atlantis" is not one of the locations options; propose it if it is missing',
    ],
    [
      'too many must-nots',
      { activeFilters: {}, mustNot: { locations: Array.from({ length: 101 }, (_, n) => `Place ${n}`) } },
      'A filter can have at most 100 options',
    ],
    [
      'must-nots as a list',
      { activeFilters: {}, mustNot: ['Norway'] },
      'Must-not options must be an object of option lists by filter',
    ],
    [
      'a must-have that is not picked',
      { activeFilters: { locations: ['Norway'] }, mustHave: { locations: ['Iceland'] } },
      'Must-have "Iceland" is not among the picked options of locations',
    ],
    [
      'an unknown must-have key',
      { activeFilters: {}, mustHave: { nickname: ['x'] } },
      'Unknown field: nickname',
    ],
    [
      'facets that are not true or false',
      { activeFilters: {}, facets: 'yes' },
      'Facets must be true or false',
    ],
  ])('refuses %s with 400 and a message', async (_name, body, message) => {
    for (const path of [PROFILE_SEARCH, PROJECTS]) {
      const response = await api.request<ErrorAnswer>('POST', path, { body });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(message);
    }
  });
});

describe('why on /sort results', () => {
  let api: TestApp;

  beforeAll(async () => {
    api = await startTestApp({ ...SHARED_MODEL_ENV });
    for (const profile of PROFILES) await createProfile(api, await api.signUp(), profile);
    // The model loads in a worker thread: profiles indexed before it was ready get their vectors shortly after.
    await vi.waitFor(
      async () => {
        const answer = await api.request<{ results: unknown[] }>('POST', '/api/sort', {
          body: { type: 'teammate', text: 'anything' },
        });
        expect(answer.body.results).toHaveLength(PROFILES.length);
      },
      { timeout: 5000 },
    );
  });
  afterAll(() => api.close());

  it('explains each ranked record with its labels and its similarity', async () => {
    const filter = { locations: ['Iceland', 'Peru'], toolsExperience: ['Rust'] };
    const response = await api.request<{
      results: { record_id: string; similarity: number; why: MatchExplanation }[];
      mode: string;
    }>('POST', '/api/sort', { body: { type: 'teammate', filter } });
    expect(response.status).toBe(200);
    expect(response.body.mode).toBe('semantic');
    expect(response.body.results.length).toBeGreaterThan(0);
    for (const result of response.body.results) {
      expect(result.why.similarity).toBe(result.similarity);
      const labels = [...Object.values(result.why.matched), ...Object.values(result.why.missing)].flat();
      expect(labels.sort()).toEqual(['Iceland', 'Peru', 'Rust']);
    }
    const best = response.body.results.find((result) => result.why.matched.locations?.includes('Iceland'));
    expect(best?.why).toMatchObject({
      matched: { toolsExperience: ['Rust'] },
      missing: { locations: ['Peru'] },
    });
  });
});
