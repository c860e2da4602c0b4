import type { ProfileView, UnderstoodText } from '@skillers/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createProfile } from './listing-fixtures';
import { startTestApp, type TestApp } from './test-app';

interface ProfileHits {
  teammates: ProfileView[];
  total: number;
  understood?: UnderstoodText;
}

const PROFILE_SEARCH = '/api/teammate/traditional_filtering';

/** Five profiles, one per user, oldest first. */
const PROFILES = [
  { nickname: 'madrid-native', locations: ['Spain'], toolsExperience: [{ tool: 'React Native', mep: 3 }] },
  { nickname: 'oslo-native', locations: ['Norway'], toolsExperience: [{ tool: 'React Native', mep: 4 }] },
  {
    nickname: 'madrid-fullstack',
    locations: ['Spain'],
    hardSkills: ['Full Stack Developer'],
    toolsExperience: [{ tool: 'React Native', mep: 5 }],
  },
  { nickname: 'madrid-figma', locations: ['Spain'], toolsExperience: [{ tool: 'Figma', mep: 2 }] },
  { nickname: 'lima-excel', locations: ['Peru'], toolsExperience: [{ tool: 'Microsoft Excel', mep: 2 }] },
];

describe('the home search: what the server understands of the text ranks, and never narrows', () => {
  let api: TestApp;

  const find = (body: Record<string, unknown>) =>
    api.request<ProfileHits>('POST', PROFILE_SEARCH, {
      body: { activeFilters: {}, filtering_restriction: 'min_1_match', page: 1, facets: true, ...body },
    });
  const names = (hits: ProfileHits) => hits.teammates.map((profile) => profile.nickname);

  beforeAll(async () => {
    api = await startTestApp();
    for (const profile of PROFILES) await createProfile(api, await api.signUp(), profile);
    await vi.waitFor(async () => expect((await find({})).body.total).toBe(5), { timeout: 10_000 });
  });
  afterAll(() => api.close());

  it('answers what it understood, ranks by it and keeps every record of the kind', async () => {
    const { status, body } = await find({ text: 'react native dev in barcelona, not full stack' });
    expect(status).toBe(200);
    expect(body.total).toBe(5);
    expect(body.understood).toEqual({
      labels: { toolsExperience: ['React Native'], locations: ['Spain'] },
      not: { hardSkills: ['Full Stack Developer'] },
      places: ['barcelona'],
      words: ['react', 'native', 'dev', 'barcelona'],
    });
    // Both understood labels first; the ruled-out Full Stack profile sinks below every other.
    expect(names(body)[0]).toBe('madrid-native');
    expect(names(body).at(-1)).toBe('madrid-fullstack');
  });

  it('never reports a label no record of the kind carries', async () => {
    const { body } = await find({ text: 'kotlin developer in iceland' });
    expect(body.understood?.labels).toEqual({});
    expect(body.understood?.places).toEqual(['iceland']);
    expect(body.total).toBe(5);
  });

  it('leaves out the labels the user dismissed, and refuses a dismissal it cannot read', async () => {
    const { body } = await find({ text: 'react native in madrid', dismissed: { locations: ['Spain'] } });
    expect(body.understood?.labels).toEqual({ toolsExperience: ['React Native'] });
    const bad = await find({ text: 'react native', dismissed: { nickname: ['x'] } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ errors: [{ field: 'dismissed', message: 'Unknown field: nickname' }] });
  });

  it('answers no understanding without text', async () => {
    const { body } = await find({});
    expect(body.understood).toBeUndefined();
  });
});
