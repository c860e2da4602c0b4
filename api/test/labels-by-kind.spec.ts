import type { ProjectView, UnderstoodText } from '@skillers/domain';
import type { SearchIndex } from '@skillers/search';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SEARCH_INDEX } from '../src/core/tokens';
import { createProject, createProfile, type ErrorAnswer } from './listing-fixtures';
import { startTestApp, type TestApp, type TestUser } from './test-app';

interface MlAnswer {
  similar_labels_dict: Record<string, string[]>;
  mode: 'semantic' | 'lexical';
}

interface ProjectHits {
  items: ProjectView[];
  total: number;
  understood?: UnderstoodText;
}

const PROJECTS = '/api/project/traditional_filtering_all';
const TEXT = 'we need a ux researcher and a react developer for our web application';

/** Every label the one seeded project carries (`projectBody` and its role), per `/ml` key. */
const PROJECT_LABELS: Record<string, string[]> = {
  toolsExperience: ['React'],
  projectType: ['Start Up'],
  productType: ['Web Application'],
  offeredGratification: ['Equity Grant'],
  forGratification: ['Milestone'],
  hardSkills: ['Frontend Developer'],
};

describe('labels no record of the asked kind carries are neither suggested nor understood', () => {
  let api: TestApp;
  let owner: TestUser;

  const ml = (body: Record<string, unknown>) =>
    api.request<MlAnswer>('POST', '/api/ml', { body: { input_text: TEXT, ...body } });
  const findProjects = (body: Record<string, unknown>) =>
    api.request<ProjectHits>('POST', PROJECTS, {
      body: { activeFilters: {}, filtering_restriction: 'min_1_match', page: 1, facets: true, ...body },
    });
  /** Waits until the index holds `count` projects that need a UX Researcher. */
  const researcherProjectsIndexed = (count: number) =>
    vi.waitFor(
      async () =>
        expect((await findProjects({ activeFilters: { hardSkills: ['UX Researcher'] } })).body.total).toBe(
          count,
        ),
      { timeout: 10_000 },
    );

  beforeAll(async () => {
    api = await startTestApp();
    owner = await api.signUp();
    await createProject(api, owner, { hardSkills: ['Frontend Developer'] });
    await createProfile(api, await api.signUp(), { hardSkills: ['UX Researcher'] });
    await vi.waitFor(async () => expect((await findProjects({})).body.total).toBe(1), { timeout: 10_000 });
    await vi.waitFor(
      async () =>
        expect(
          (
            await api.request<{ total: number }>('POST', '/api/teammate/traditional_filtering', {
              body: { activeFilters: { hardSkills: ['UX Researcher'] } },
            })
          ).body.total,
        ).toBe(1),
      { timeout: 10_000 },
    );
  });
  afterAll(() => api.close());

  it('/ml for projects suggests only labels some project carries; without a kind it answers as before', async () => {
    const forProjects = await ml({ type: 'project' });
    expect(forProjects.status).toBe(200);
    for (const [key, labels] of Object.entries(forProjects.body.similar_labels_dict))
      for (const label of labels) expect(PROJECT_LABELS[key] ?? [], `${key}: ${label}`).toContain(label);
    expect(forProjects.body.similar_labels_dict.toolsExperience).toEqual(['React']);

    // The spec's call, without a kind: every label the text names, carried or not.
    const unchanged = await ml({});
    expect(unchanged.body.similar_labels_dict.hardSkills).toContain('UX Researcher');
    expect((await ml({ type: 'teammate' })).body.similar_labels_dict.hardSkills).toContain('UX Researcher');
  });

  it('the filtering call keeps only labels some record of the kind carries, without searching the index for them', async () => {
    const index = api.app.get<SearchIndex>(SEARCH_INDEX);
    const searches = vi.spyOn(index, 'search');
    try {
      const { body } = await findProjects({ text: TEXT });
      expect(body.total).toBe(1);
      expect(body.understood?.labels).toEqual({
        toolsExperience: ['React'],
        productType: ['Web Application'],
      });
      // The page and its facets only: which labels projects carry comes from the index's label counts.
      expect(searches).toHaveBeenCalledTimes(1);
    } finally {
      searches.mockRestore();
    }
  });

  it('asks for a carried role of its family where the text names a role no record of the kind carries', async () => {
    // No project wants a web developer; the one project wants a frontend developer, of the same family.
    const { body } = await findProjects({ text: 'looking for a web developer gig' });
    expect(body.understood?.labels.hardSkills).toEqual(['Frontend Developer']);
    expect(body.items.map((project) => project.hardSkills)).toEqual([['Frontend Developer']]);
    // A role of no family the carried roles share stays out, as before.
    expect((await findProjects({ text: 'looking for a dentist' })).body.understood?.labels.hardSkills).toBe(
      undefined,
    );
  });

  it('suggests a label as soon as a record of the kind carrying it is indexed, and not once none does', async () => {
    const researched = await createProject(api, owner, { hardSkills: ['UX Researcher'] });
    await researcherProjectsIndexed(1);
    expect((await ml({ type: 'project' })).body.similar_labels_dict.hardSkills).toContain('UX Researcher');
    expect((await findProjects({ text: TEXT })).body.understood?.labels.hardSkills).toContain(
      'UX Researcher',
    );

    const removed = await api.request('DELETE', '/api/user/myProjects', {
      token: owner.token,
      body: { project_id: researched._id },
    });
    expect(removed.status).toBe(200);
    await researcherProjectsIndexed(0);
    expect((await ml({ type: 'project' })).body.similar_labels_dict.hardSkills).not.toContain(
      'UX Researcher',
    );
    expect((await findProjects({ text: TEXT })).body.understood?.labels.hardSkills ?? []).not.toContain(
      'UX Researcher',
    );
  });

  it('refuses a kind /ml does not know with 400', async () => {
    const answer = await api.request<ErrorAnswer>('POST', '/api/ml', {
      body: { input_text: TEXT, type: 'user' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain('Type must be project or teammate');
  });
});
