import { HTTP_MESSAGES, type ProjectRecord, type ProjectView } from '@skillers/domain';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createProject, type ErrorAnswer } from './listing-fixtures';
import { startTestApp, type TestApp, type TestUser } from './test-app';

type Closest = ProjectView & { similarity: number };
interface FilterAnswer {
  projects: ProjectView[];
  total: number;
  projectPages: number;
  closest: Closest[];
}

const PATH = '/api/user/projects/found/filter';

/** No project carries this industry, so a filter on it matches nothing exactly. */
const NOTHING_MATCHES = { requiredAreaOfExpertise: ['Agriculture'] };

/** Projects whose texts point at three different fields; none carries the industry filtered on. */
const seedProjects = async (api: TestApp, owner: TestUser) => ({
  farm: await createProject(api, owner, {
    projectName: 'Harvest planner',
    description: 'Helping farmers with crops, harvest planning and organic agriculture',
    locations: ['Poland'],
  }),
  web: await createProject(api, owner, {
    projectName: 'Shop front',
    description: 'Frontend developers building web apps and websites for small shops',
    locations: ['Spain'],
  }),
  music: await createProject(api, owner, {
    projectName: 'Film score',
    description: 'Composer and music producer wanted for films and games',
    locations: ['Poland', 'Spain'],
  }),
});

const saveAll = async (api: TestApp, user: TestUser, projects: readonly ProjectRecord[]) => {
  for (const project of projects) {
    const saved = await api.request('POST', `/api/user/projects/${project._id}`, { token: user.token });
    expect(saved.status).toBe(200);
  }
};

const filterSaved = (api: TestApp, user: TestUser | undefined, body: Record<string, unknown>) =>
  api.request<FilterAnswer & ErrorAnswer>('POST', PATH, { token: user?.token, body });

const ids = (items: readonly { _id: string }[]) => items.map((item) => item._id);

/** Every project is indexed once the unfiltered search of the reader's saved ones finds them all. */
const waitForIndex = (api: TestApp, user: TestUser, count: number) =>
  vi.waitFor(
    async () => expect((await filterSaved(api, user, { activeFilters: {} })).body.total).toBe(count),
    { timeout: 5000 },
  );

describe('filtering saved projects with the shared model', () => {
  let api: TestApp;
  let reader: TestUser;
  let other: TestUser;
  let seeded: Awaited<ReturnType<typeof seedProjects>>;
  let unsavedFarm: ProjectRecord;

  beforeAll(async () => {
    api = await startTestApp();
    const owner = await api.signUp();
    [reader, other] = [await api.signUp(), await api.signUp()];
    seeded = await seedProjects(api, owner);
    unsavedFarm = await createProject(api, owner, {
      projectName: 'Orchard cooperative',
      description: 'Farmers and agriculture: crops, harvest and organic farming for an orchard',
      locations: ['Poland'],
    });
    await saveAll(api, reader, [seeded.farm, seeded.web, seeded.music]);
    await saveAll(api, other, [unsavedFarm]);
    await waitForIndex(api, reader, 3);
  });
  afterAll(() => api.close());

  it('needs a signed-in user', async () => {
    const answer = await filterSaved(api, undefined, { activeFilters: {} });
    expect(answer.status).toBe(401);
    expect(answer.body.message).toBe(HTTP_MESSAGES.unauthorized);
  });

  it('refuses bad filters with 400 and a message', async () => {
    const cases: Record<string, unknown>[] = [
      {},
      { activeFilters: { colour: ['red'] } },
      { activeFilters: { locations: 'Poland' } },
      { activeFilters: {}, filtering_restriction: 'some_match' },
      { activeFilters: {}, page: 0 },
      { activeFilters: {}, text: 42 },
      { activeFilters: {}, text: 'x'.repeat(2001) },
      { activeFilters: {}, ids: [seeded.farm._id] },
    ];
    for (const body of cases) {
      const answer = await filterSaved(api, reader, body);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(answer.body.message).toEqual(expect.any(String));
      expect(answer.body.message.length).toBeGreaterThan(0);
    }
  });

  it("filters within the caller's saved projects only, with min_1_match", async () => {
    // The unsaved farm project is in Poland too, but only the reader's saved ones are searched.
    const poland = await filterSaved(api, reader, { activeFilters: { locations: ['Poland'] } });
    expect(poland.status).toBe(200);
    expect(ids(poland.body.projects).sort()).toEqual([seeded.farm._id, seeded.music._id].sort());
    expect(poland.body).toMatchObject({ total: 2, projectPages: 1, closest: [] });
    for (const project of poland.body.projects) expect(project.isSaved).toBe(true);

    // min_1_match: one of the picked locations is enough; the project carrying both ranks first.
    const either = await filterSaved(api, reader, { activeFilters: { locations: ['Poland', 'Spain'] } });
    expect(either.body.total).toBe(3);
    expect(ids(either.body.projects)[0]).toBe(seeded.music._id);
    // A must-have narrows the saved projects as it narrows the filtering calls.
    const spainRequired = await filterSaved(api, reader, {
      activeFilters: { locations: ['Poland', 'Spain'] },
      mustHave: { locations: ['Spain'] },
    });
    expect(ids(spainRequired.body.projects).sort()).toEqual([seeded.web._id, seeded.music._id].sort());

    // Every active filter needs one of its options: Spain and Poland-only never meet.
    const both = await filterSaved(api, reader, {
      activeFilters: { locations: ['Spain'], projectType: ['Start Up'] },
      filtering_restriction: 'min_1_match',
    });
    expect(ids(both.body.projects).sort()).toEqual([seeded.web._id, seeded.music._id].sort());

    const others = await filterSaved(api, other, { activeFilters: { locations: ['Poland'] } });
    expect(ids(others.body.projects)).toEqual([unsavedFarm._id]);
  });

  it('ranks the closest saved projects by similarity when nothing matches', async () => {
    const answer = await filterSaved(api, reader, { activeFilters: NOTHING_MATCHES });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ projects: [], total: 0, projectPages: 1 });

    const closest = answer.body.closest;
    expect(closest.length).toBeGreaterThan(0);
    expect(closest[0]._id).toBe(seeded.farm._id);
    // Only the reader's saved projects compete: the closer unsaved orchard never shows.
    expect(ids(closest)).not.toContain(unsavedFarm._id);
    for (const id of ids(closest)) expect([seeded.farm._id, seeded.web._id, seeded.music._id]).toContain(id);
    const similarities = closest.map((project) => project.similarity);
    expect(similarities).toEqual([...similarities].sort((a, b) => b - a));
    for (const similarity of similarities) {
      expect(similarity).toBeGreaterThan(0);
      expect(Number(similarity.toFixed(3))).toBe(similarity);
    }
    expect(closest[0]).toMatchObject({ projectName: 'Harvest planner', isSaved: true });
  });

  it('reads the free text too when ranking', async () => {
    const answer = await filterSaved(api, reader, {
      activeFilters: NOTHING_MATCHES,
      text: 'songs and soundtracks for a film',
    });
    expect(answer.body.total).toBe(0);
    expect(answer.body.closest[0]._id).toBe(seeded.music._id);
  });

  it('has nothing close for a user with no saved projects', async () => {
    const stranger = await api.signUp();
    const answer = await filterSaved(api, stranger, { activeFilters: NOTHING_MATCHES });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ projects: [], total: 0, projectPages: 1, closest: [] });
  });
});

describe('filtering saved projects without a model', () => {
  let api: TestApp;
  let reader: TestUser;
  let seeded: Awaited<ReturnType<typeof seedProjects>>;

  beforeAll(async () => {
    api = await startTestApp({ EMBEDDER_MODEL_PATH: mkdtempSync(join(tmpdir(), 'skillers-no-models-')) });
    const owner = await api.signUp();
    reader = await api.signUp();
    seeded = await seedProjects(api, owner);
    await saveAll(api, reader, [seeded.farm, seeded.web, seeded.music]);
    await waitForIndex(api, reader, 3);
  });
  afterAll(() => api.close());

  it('ranks by shared options and words, and leaves out what shares nothing', async () => {
    // Nobody is in Madagascar; the picked Spain and the words "music" and "films" decide the order.
    const answer = await filterSaved(api, reader, {
      activeFilters: { locations: ['Spain', 'Madagascar'], projectType: ['Freelancing'] },
      text: 'music for films',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.total).toBe(0);
    expect(ids(answer.body.closest)).toEqual([seeded.music._id, seeded.web._id]);
    expect(answer.body.closest[0].similarity).toBeGreaterThan(answer.body.closest[1].similarity);

    const nothingShared = await filterSaved(api, reader, { activeFilters: { locations: ['Madagascar'] } });
    expect(nothingShared.body).toMatchObject({ total: 0, closest: [] });
  });
});
