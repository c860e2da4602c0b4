import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectRecord } from '@skillers/domain';
import { createProject, createProfile, type ErrorAnswer, projectBody, profileBody } from './listing-fixtures';
import { startTestApp, type TestApp, type TestUser } from './test-app';

interface Listing {
  _id: string;
  [field: string]: unknown;
}

describe('tag lists accept only their options', () => {
  let api: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    api = await startTestApp();
    owner = await api.signUp();
  });
  afterAll(() => api.close());

  const send = <T>(method: string, path: string, body: unknown) =>
    api.request<T & ErrorAnswer>(method, path, { token: owner.token, body });

  it('stores the canonical label for any casing, accents or spacing, and tools by alias, once each', async () => {
    const created = await send<{ project: ProjectRecord }>(
      'POST',
      '/api/project',
      projectBody({
        toolsExperience: [{ tool: 'k8s', mep: 4 }, 'react', { tool: 'Kubernetes', mep: 1 }],
        projectType: ['start  up', 'Start Up'],
        productType: ['WEB APPLICATION'],
        locations: [' spain ', 'Spain'],
        areaOfExpertise: ['renewable energy'],
        hardSkills: ['frontend developer'],
        usedLanguages: ['english'],
        personalAssets: ['A garage full of tools'],
      }),
    );
    expect(created.status).toBe(201);
    expect(created.body.project).toMatchObject({
      // The first spelling of an option keeps its place and, for a tool, its level.
      toolsExperience: [
        { tool: 'Kubernetes', mep: 4 },
        { tool: 'React', mep: 0 },
      ],
      projectType: ['Start Up'],
      productType: ['Web Application'],
      areaOfExpertise: ['Renewable Energy'],
      hardSkills: ['Frontend Developer'],
      usedLanguages: ['English'],
      // Free-text lists are stored as written.
      personalAssets: ['A garage full of tools'],
    });
    expect(created.body.project.locations).toEqual(['Spain']);
  });

  it.each([
    [
      'projectType',
      ['Start Up', 'Moon Base'],
      'projectType.1',
      '"Moon Base" is not one of the Project type options',
    ],
    [
      'toolsExperience',
      [{ tool: 'Quill++', mep: 2 }],
      'toolsExperience.0',
      '"Quill++" is not one of the Tools options',
    ],
    ['locations', ['Atlantis'], 'locations.0', '"Atlantis" is not one of the Location options'],
    [
      'offeredGratification',
      ['<b>Gold</b>'],
      'offeredGratification.0',
      '"<b>Gold</b>" is not one of the Reward',
    ],
    ['usedLanguages', ['Klingon'], 'usedLanguages.0', '"Klingon" is not one of the Language options'],
  ])(
    'refuses a project whose %s holds something else, with 400 naming the entry',
    async (field, value, path, message) => {
      const before = await api.request<{ projects: Listing[] }>('GET', '/api/project');
      const refused = await send('POST', '/api/project', projectBody({ [field]: value }));
      expect(refused.status).toBe(400);
      expect(refused.body.message).toContain(message);
      expect(refused.body.message).toContain('propose it if it is missing');
      expect(refused.body.errors).toContainEqual({ field: path, message: refused.body.message });
      const after = await api.request<{ projects: Listing[] }>('GET', '/api/project');
      expect(after.body.projects.map((project) => project._id)).toEqual(
        before.body.projects.map((project) => project._id),
      );
    },
  );

  it('checks project edits too, and keeps the project as it was when refused', async () => {
    const project = await createProject(api, owner);
    const path = `/api/project/editProject/${project._id}`;
    const refused = await send('PUT', path, projectBody({ forGratification: ['Milestone', 'Vibes'] }));
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toContainEqual({
      field: 'forGratification.1',
      message: '"Vibes" is not one of the Compensation basis options; propose it if it is missing',
    });
    const read = await api.request<{ project: ProjectRecord }>('GET', `/api/project/${project._id}`);
    expect(read.body.project).toEqual(project);

    const edited = await send<{ project: ProjectRecord }>(
      'PUT',
      path,
      projectBody({ forGratification: ['milestone', 'time'] }),
    );
    expect(edited.status).toBe(200);
    expect(edited.body.project.forGratification).toEqual(['Milestone', 'Time']);
  });

  it('checks profiles on create and edit', async () => {
    const refused = await send(
      'POST',
      '/api/teammate',
      profileBody({ softSkills: ['Empathy', 'Telepathy'] }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toContainEqual({
      field: 'softSkills.1',
      message: '"Telepathy" is not one of the Soft skills options; propose it if it is missing',
    });
    const mine = await api.request<{ userTeammateProfile: unknown }>('GET', '/api/user/myTeammate', {
      token: owner.token,
    });
    expect(mine.body).toEqual({ userTeammateProfile: null });

    const profile = await createProfile(api, owner, { hardSkills: ['ux designer'] });
    expect(profile.hardSkills).toEqual(['UX Designer']);
    const edit = (body: unknown) => send<{ teammate: Listing }>('PUT', '/api/teammate/editTeammate', body);
    const refusedEdit = await edit(profileBody({ productType: ['Time Machine'] }));
    expect(refusedEdit.status).toBe(400);
    expect(refusedEdit.body.errors).toContainEqual({
      field: 'productType.0',
      message: '"Time Machine" is not one of the Product type options; propose it if it is missing',
    });
    const edited = await edit(
      profileBody({ toolsExperience: ['figma', 'FIGMA'], projectType: 'hackathon project' }),
    );
    expect(edited.status).toBe(200);
    expect(edited.body.teammate).toMatchObject({
      toolsExperience: [{ tool: 'Figma', mep: 0 }],
      projectType: ['Hackathon Project'],
    });
  });
});

describe('filter picks accept only their options', () => {
  let api: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    api = await startTestApp();
    owner = await api.signUp();
  });
  afterAll(() => api.close());

  const send = <T>(path: string, body: unknown) =>
    api.request<T & ErrorAnswer>('POST', path, { token: owner.token, body });

  it('reads picks and must-haves like tags and keeps their canonical labels', async () => {
    const saved = await send<{ savedSearch: { filters: unknown; mustHave: unknown } }>(
      '/api/user/saved-searches',
      {
        kind: 'teammate',
        name: 'Spelled loosely',
        activeFilters: {
          toolsExperience: ['k8s', { tool: 'rust', mep: 2 }],
          locations: [' iceland '],
          product_type: ['board game'],
        },
        mustHave: { locations: [' iceland '] },
      },
    );
    expect(saved.status).toBe(201);
    expect(saved.body.savedSearch).toMatchObject({
      filters: {
        toolsExperience: ['Kubernetes', { tool: 'Rust', mep: 2 }],
        locations: ['Iceland'],
        product_type: ['Board Game'],
      },
      mustHave: { locations: ['Iceland'] },
    });
    const searched = await send('/api/teammate/traditional_filtering', {
      activeFilters: { locations: ['ICELAND'] },
    });
    expect(searched.status).toBe(200);
  });

  it.each([
    [
      '/api/project/traditional_filtering_all',
      { activeFilters: { hardSkills: ['COBOL'] } },
      'activeFilters.hardSkills.0',
    ],
    [
      '/api/teammate/traditional_filtering',
      { activeFilters: { toolsExperience: [{ tool: 'Quill pen', mep: 2 }] } },
      'activeFilters.toolsExperience.0',
    ],
    ['/api/sort', { type: 'project', filter: { softSkills: ['Telepathy'] } }, 'filter.softSkills.0'],
    [
      '/api/user/projects/found/filter',
      { activeFilters: { usedLanguages: ['English', 'Klingon'] } },
      'activeFilters.usedLanguages.1',
    ],
  ])('refuses a label outside its vocabulary on %s, naming the field', async (path, body, field) => {
    const refused = await send(path, body);
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.[0]?.field).toBe(field);
    expect(refused.body.message).toMatch(/^".+" is not one of the \w+ options; propose it if it is missing$/);
  });
});
