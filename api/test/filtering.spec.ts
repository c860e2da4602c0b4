import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ProjectView, ProfileView } from '@skillers/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createProject, createProfile, type ErrorAnswer } from './listing-fixtures';
import { startTestApp, type TestApp, type TestUser } from './test-app';

interface ProjectHits {
  items: ProjectView[];
  total: number;
  pages: number;
}
interface ProfileHits {
  teammates: ProfileView[];
  total: number;
  teammatesPages: number;
}

const PROJECTS = '/api/project/traditional_filtering_all';
const PROFILES = '/api/teammate/traditional_filtering';

describe('traditional filtering', () => {
  let api: TestApp;
  let owner: TestUser;
  let viewer: TestUser;

  const findProjects = (
    activeFilters: Record<string, unknown>,
    extra: Record<string, unknown> = {},
    token?: string,
  ) =>
    api.request<ProjectHits>('POST', PROJECTS, {
      token,
      body: { activeFilters, filtering_restriction: 'min_1_match', ...extra },
    });
  const projectNames = async (activeFilters: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    (await findProjects(activeFilters, extra)).body.items.map((project) => project.projectName);

  beforeAll(async () => {
    api = await startTestApp();
    owner = await api.signUp();
    viewer = await api.signUp();
    // Created oldest first: ties rank the newest first.
    await createProject(api, owner, {
      projectName: 'Farm app',
      toolsExperience: [{ tool: 'Flutter', mep: 2 }],
      areaOfExpertise: ['Agriculture'],
      workingTypeRemote: true,
    });
    await createProject(api, owner, {
      projectName: 'Clinic portal',
      toolsExperience: [
        { tool: 'React', mep: 4 },
        { tool: 'PostgreSQL', mep: 3 },
      ],
      areaOfExpertise: ['Healthcare'],
      availability: 20,
    });
    await createProject(api, owner, {
      projectName: 'Crop analytics',
      toolsExperience: [
        { tool: 'Python', mep: 0 },
        { tool: 'React', mep: 1 },
      ],
      areaOfExpertise: ['Agriculture'],
      availability: 5,
    });
    await vi.waitFor(async () => expect((await findProjects({})).body.total).toBe(3), { timeout: 10_000 });
  });
  afterAll(() => api.close());

  it('with no active filter lists every project, newest first', async () => {
    const response = await findProjects({});
    expect(response.status).toBe(200);
    expect(response.body.items.map((project) => project.projectName)).toEqual([
      'Crop analytics',
      'Clinic portal',
      'Farm app',
    ]);
    expect(response.body).toMatchObject({ total: 3, pages: 1 });
  });

  it('min_1_match: one picked option per filter is enough, ranked by the rarer options matched, then newest', async () => {
    expect(await projectNames({ toolsExperience: ['React', 'PostgreSQL'] })).toEqual([
      'Clinic portal',
      'Crop analytics',
    ]);
    // Healthcare is on one project, Agriculture on two: the rarer option weighs more.
    expect(await projectNames({ requiredAreaOfExpertise: ['Agriculture', 'Healthcare'] })).toEqual([
      'Clinic portal',
      'Crop analytics',
      'Farm app',
    ]);
  });

  it('ranks by the free text without narrowing the matches', async () => {
    const clinic = await projectNames({}, { text: '  clinic portal  ' });
    expect(clinic[0]).toBe('Clinic portal');
    expect(clinic).toHaveLength(3);
    expect(await projectNames({ requiredAreaOfExpertise: ['Agriculture'] }, { text: 'farm' })).toEqual([
      'Farm app',
      'Crop analytics',
    ]);
    const profiles = await api.request<ProfileHits>('POST', PROFILES, {
      body: { activeFilters: {}, text: 'clinic' },
    });
    expect(profiles.status).toBe(200);
  });

  it.each([
    ['over 500 characters', 'x'.repeat(501), 'Search text must be at most 500 characters'],
    ['not text', 42, 'Search text must be text'],
  ])('refuses free text %s with a message', async (_name, text, message) => {
    const response = await api.request<ErrorAnswer>('POST', PROJECTS, { body: { activeFilters: {}, text } });
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toContain(message);
  });

  it('combines filters with AND', async () => {
    expect(
      await projectNames({ toolsExperience: ['React'], requiredAreaOfExpertise: ['Agriculture'] }),
    ).toEqual(['Crop analytics']);
  });

  it('all_match needs every picked option', async () => {
    expect(
      await projectNames(
        { toolsExperience: ['React', 'PostgreSQL'] },
        { filtering_restriction: 'all_match' },
      ),
    ).toEqual(['Clinic portal']);
  });

  it('honours tool levels, counting an unstated level as the lowest', async () => {
    expect(await projectNames({ toolsExperience: [{ tool: 'React', mep: 3 }] })).toEqual(['Clinic portal']);
    expect(await projectNames({ toolsExperience: [{ tool: 'Python', mep: 1 }] })).toEqual(['Crop analytics']);
  });

  it('filters on weekly availability and working type', async () => {
    expect(await projectNames({ requiredAvailability: { hours: 10, mode: 'Up to' } })).toEqual([
      'Crop analytics',
    ]);
    expect(await projectNames({ requiredAvailability: { hours: 10, mode: 'At least' } })).toEqual([
      'Clinic portal',
    ]);
    expect(await projectNames({ offeredWorkingType: ['Remote'] })).toEqual(['Farm app']);
  });

  it('answers an empty list when nothing matches', async () => {
    const response = await findProjects({ toolsExperience: ['COBOL'] });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ items: [], total: 0, pages: 1, eventId: expect.any(String) });
  });

  it('marks saved projects for a signed-in viewer', async () => {
    const [clinic] = (await findProjects({ toolsExperience: ['PostgreSQL'] })).body.items;
    expect(
      (await api.request('POST', `/api/user/projects/${clinic._id}`, { token: viewer.token })).status,
    ).toBe(200);
    const seen = await findProjects({ toolsExperience: ['PostgreSQL'] }, {}, viewer.token);
    expect(seen.body.items[0]).toMatchObject({ _id: clinic._id, isSaved: true });
  });

  it('follows edits and deletes within a second', async () => {
    const late = await createProject(api, owner, {
      projectName: 'Late idea',
      toolsExperience: [{ tool: 'Rust', mep: 2 }],
    });
    await expect
      .poll(() => projectNames({ toolsExperience: ['Rust'] }), { timeout: 10_000 })
      .toEqual(['Late idea']);

    const edited = await api.request('PUT', `/api/project/editProject/${late._id}`, {
      token: owner.token,
      body: {
        projectName: 'Late idea',
        toolsExperience: [{ tool: 'Go', mep: 2 }],
        projectType: ['Start Up'],
        offeredGratification: ['Equity Grant'],
        forGratification: ['Milestone'],
      },
    });
    expect(edited.status).toBe(200);
    await expect.poll(() => projectNames({ toolsExperience: ['Rust'] }), { timeout: 10_000 }).toEqual([]);
    expect(await projectNames({ toolsExperience: ['Go'] })).toEqual(['Late idea']);

    const removed = await api.request('DELETE', '/api/user/myProjects', {
      token: owner.token,
      body: { project_id: late._id },
    });
    expect(removed.status).toBe(200);
    await expect.poll(() => projectNames({ toolsExperience: ['Go'] }), { timeout: 10_000 }).toEqual([]);
  });

  it('filters profiles and pages them', async () => {
    const designers = await Promise.all([1, 2, 3].map(() => api.signUp()));
    for (const [n, designer] of designers.entries()) {
      await createProfile(api, designer, {
        nickname: `designer-${n}`,
        toolsExperience: [{ tool: 'Figma', mep: 4 }],
        softSkills: n === 0 ? ['Empathy'] : undefined,
        deadline: 12,
      });
    }
    const find = (activeFilters: Record<string, unknown>) =>
      api.request<ProfileHits>('POST', PROFILES, {
        body: { activeFilters, filtering_restriction: 'min_1_match' },
      });
    await expect
      .poll(async () => (await find({ toolsExperience: ['Figma'] })).body.total, { timeout: 10_000 })
      .toBe(3);
    const empathic = await find({ toolsExperience: ['Figma'], softSkills: ['Empathy'] });
    expect(empathic.body.teammates.map((profile) => profile.nickname)).toEqual(['designer-0']);
    expect(empathic.body.teammates[0]).toMatchObject({ tools: ['Figma'], reward: ['Salary'] });
    expect((await find({ projectDeadline: 6 })).body.total).toBe(3);
    expect((await find({ projectDeadline: 24 })).body.total).toBe(0);
    expect((await find({ toolsExperience: ['Figma'] })).body.teammatesPages).toBe(1);
  });

  it.each([
    [{ activeFilters: { colour: ['red'] } }, 'Unknown field: colour'],
    [{ activeFilters: { toolsExperience: { $gt: '' } } }, undefined],
    [
      { activeFilters: { toolsExperience: ['React'] }, filtering_restriction: 'some_match' },
      'Restriction must be min_1_match or all_match',
    ],
    [{ activeFilters: {}, page: 0 }, 'Page must be at least 1'],
    [{ activeFilters: {}, page: 'two' }, 'Page must be a number'],
    [{ activeFilters: { requiredAvailability: { hours: 500, mode: 'Up to' } } }, undefined],
    [{}, undefined],
    [[], undefined],
  ])('rejects %j with 400 and a message', async (body, message) => {
    for (const path of [PROJECTS, PROFILES]) {
      const response = await api.request<ErrorAnswer>('POST', path, { body });
      expect(response.status).toBe(400);
      expect(response.body.message).toEqual(message ?? expect.any(String));
    }
  });
});

describe('search index at start-up', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'skillers-restart-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('rebuilds the embedded index from the store, so records saved before a restart are found', async () => {
    const first = await startTestApp({ DATA_DIR: dataDir });
    const owner = await first.signUp();
    await createProject(first, owner, {
      projectName: 'Survives restarts',
      toolsExperience: [{ tool: 'Elixir', mep: 2 }],
    });
    await first.close();

    const second = await startTestApp({ DATA_DIR: dataDir });
    try {
      const response = await second.request<ProjectHits>('POST', PROJECTS, {
        body: { activeFilters: { toolsExperience: ['Elixir'] }, filtering_restriction: 'min_1_match' },
      });
      expect(response.body.items.map((project) => project.projectName)).toEqual(['Survives restarts']);
      const health = await second.request<{ ports: Record<string, { adapter: string; ready: boolean }> }>(
        'GET',
        '/api/health',
      );
      expect(health.body.ports.search).toEqual({ adapter: 'orama', ready: true });
      expect(health.body.ports.queue).toEqual({ adapter: 'in-process', ready: true });
    } finally {
      await second.close();
    }
  });
});
