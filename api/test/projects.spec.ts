import {
  FORM_MESSAGES,
  HTTP_MESSAGES,
  LIST_PAGE_SIZE,
  LISTING_MESSAGES,
  PAGE_MESSAGE,
  type ProjectRecord,
} from '@skillers/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RecordChangesService } from '../src/indexing/record-changes.service';
import {
  BAD_PAGES,
  createProject,
  type ErrorAnswer,
  MALFORMED_IDS,
  projectBody,
  type ProjectDetail,
  type ProjectsPage,
  UNKNOWN_ID,
} from './listing-fixtures';
import { startTestApp, type TestApp, type TestUser } from './test-app';

interface MyProjectsPage {
  UserProjects: ProjectRecord[];
  myProjectsPages: number;
}

describe('projects: create and read', () => {
  let api: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    api = await startTestApp();
    owner = await api.signUp();
  });
  afterAll(() => api.close());

  const create = (body: unknown, token: string | undefined = owner.token) =>
    api.request<{ message: string; project: ProjectRecord } & ErrorAnswer>('POST', '/api/project', {
      token,
      body,
    });

  it('creates a project for the signed-in user with an even business/tech split by default', async () => {
    const before = Date.now();
    const created = await create(projectBody({ description: 'Maps rooftops.' }));
    expect(created.status).toBe(201);
    expect(created.body.message).toBe(LISTING_MESSAGES.projectCreated);
    const { project } = created.body;
    expect(project).toMatchObject({
      ...projectBody({ description: 'Maps rooftops.' }),
      ownerId: owner.id,
      bizRole: 50,
      techRole: 50,
    });
    expect(project._id).toMatch(/^[0-9a-f]{24}$/);
    expect(new Date(project.createdAt).toISOString()).toBe(project.createdAt);
    expect(Date.parse(project.createdAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(project.updatedAt).toBe(project.createdAt);

    const read = await api.request<ProjectDetail>('GET', `/api/project/${project._id}`);
    expect(read.status).toBe(200);
    expect(read.body.project).toEqual(project);
    expect(read.body.project_creator).toEqual({ _id: owner.id, username: owner.username });
  });

  it('stores every display field and drops empty ones', async () => {
    const display = {
      projectGoal: 'A city-wide map',
      deadline: '2031-06-30',
      deadlineFrom: '2030-01-01',
      deadlineTo: '2031-01-01',
      baseLocation: ['Warsaw'],
      weeklyEngagement: { from: 5, to: 20 },
      bizPosition: 'Product owner',
      techPosition: 'GIS engineer',
      sectorDetails: 'Residential rooftops',
      personalAssets: ['Patience'],
      speakingLanguagesRequired: ['Polish'],
      availability: 20,
      workingTypeRemote: true,
      locations: ['Poland'],
    };
    const empties = {
      description: '',
      softSkills: [],
      workingTypeOffice: false,
      hardSkills: null,
      availabilityFrom: 0,
    };
    const created = await create(projectBody({ ...display, ...empties }));
    expect(created.status).toBe(201);
    const read = await api.request<ProjectDetail>('GET', `/api/project/${created.body.project._id}`);
    expect(read.body.project).toMatchObject({
      ...display,
      deadline: '2031-06-30T00:00:00.000Z',
      deadlineFrom: '2030-01-01T00:00:00.000Z',
      deadlineTo: '2031-01-01T00:00:00.000Z',
    });
    for (const field of Object.keys(empties)) expect(read.body.project).not.toHaveProperty(field);
  });

  it('treats a 1970 deadline as unset and takes a single project type as a list', async () => {
    const created = await create(projectBody({ deadline: '1970-01-01', projectType: 'Hackathon Project' }));
    expect(created.status).toBe(201);
    expect(created.body.project).not.toHaveProperty('deadline');
    expect(created.body.project.projectType).toEqual(['Hackathon Project']);
  });

  it.each([
    [{ bizRole: 30 }, 30, 70],
    [{ techRole: 100 }, 0, 100],
    [{ bizRole: 0, techRole: 100 }, 0, 100],
    [{ bizRole: 65, techRole: 35 }, 65, 35],
  ])('completes the role split %j', async (roles, bizRole, techRole) => {
    const created = await create(projectBody(roles));
    expect(created.status).toBe(201);
    expect(created.body.project).toMatchObject({ bizRole, techRole });
  });

  it('answers 401 without a valid token and stores nothing', async () => {
    const before = await api.request<ProjectsPage>('GET', '/api/project');
    for (const token of [undefined, 'not.a.token']) {
      const refused = await create(projectBody(), token ?? '');
      expect(refused.status).toBe(401);
      expect(refused.body.message).toBe(HTTP_MESSAGES.unauthorized);
    }
    const after = await api.request<ProjectsPage>('GET', '/api/project');
    expect(after.body.projects.map((project) => project._id)).toEqual(
      before.body.projects.map((project) => project._id),
    );
  });

  it('asks for the required fields with the form alert and one error per field', async () => {
    const refused = await create({ description: 'no name yet' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(FORM_MESSAGES.requiredFields);
    expect(refused.body.errors).toEqual(
      [
        'projectName',
        'toolsExperience',
        'projectType',
        'productType',
        'offeredGratification',
        'forGratification',
      ].map((field) => ({ field, message: FORM_MESSAGES.requiredFields })),
    );
    const blank = await create(projectBody({ projectName: '   ', offeredGratification: [] }));
    expect(blank.status).toBe(400);
    expect(blank.body.errors).toEqual([
      { field: 'projectName', message: FORM_MESSAGES.requiredFields },
      { field: 'offeredGratification', message: FORM_MESSAGES.requiredFields },
    ]);
  });

  it.each([
    [{ bizRole: 60, techRole: 60 }, 'techRole', LISTING_MESSAGES.rolesMustAddUp],
    [{ availability: 101 }, 'availability', 'Availability must be at most 100 hours per week'],
    [{ toolsExperience: [{ tool: 'Go', mep: 9 }] }, 'toolsExperience.0.mep', 'Tool level must be at most 5'],
    [{ deadline: 'next week' }, 'deadline', 'Deadline must be a date such as 2030-01-31'],
    [{ projectName: { $gt: '' } }, 'projectName', 'Project name must be text'],
    [{ locations: { $ne: null } }, 'locations', 'Location must be a list'],
    [{ ownerId: UNKNOWN_ID }, 'ownerId', 'Unknown field: ownerId'],
    [{ isAdmin: true }, 'isAdmin', 'Unknown field: isAdmin'],
  ])('refuses %j with 400 naming %s', async (change, field, message) => {
    const refused = await create(projectBody(change));
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toContainEqual({ field, message });
  });

  it('refuses a body that is a list instead of an object', async () => {
    const refused = await api.request<ErrorAnswer>('POST', '/api/project', {
      token: owner.token,
      rawBody: '["Solar"]',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Invalid input: expected object, received array');
  });

  it('answers 404 for an unknown project and 400 for a malformed id', async () => {
    const unknown = await api.request<ErrorAnswer>('GET', `/api/project/${UNKNOWN_ID}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(LISTING_MESSAGES.projectNotFound);
    for (const id of [...MALFORMED_IDS, encodeURIComponent('{"$gt":""}')]) {
      const malformed = await api.request<ErrorAnswer>('GET', `/api/project/${id}`);
      expect(malformed.status).toBe(400);
      expect(malformed.body.message).toBe('Malformed id');
    }
  });

  it('marks saved projects for a signed-in reader only', async () => {
    const project = await createProject(api, owner);
    const reader = await api.signUp();
    const anonymous = await api.request<ProjectDetail>('GET', `/api/project/${project._id}`);
    expect(anonymous.body.project).not.toHaveProperty('isSaved');
    const unsaved = await api.request<ProjectDetail>('GET', `/api/project/${project._id}`, {
      token: reader.token,
    });
    expect(unsaved.body.project.isSaved).toBe(false);
    expect(
      (await api.request('POST', `/api/user/projects/${project._id}`, { token: reader.token })).status,
    ).toBe(200);
    const saved = await api.request<ProjectDetail>('GET', `/api/project/${project._id}`, {
      token: reader.token,
    });
    expect(saved.body.project.isSaved).toBe(true);
    const list = await api.request<ProjectsPage>('GET', '/api/project', { token: reader.token });
    const marks = new Map(list.body.projects.map((item) => [item._id, item.isSaved]));
    expect(marks.get(project._id)).toBe(true);
    expect([...marks.values()].filter((mark) => mark === false).length).toBe(list.body.projects.length - 1);
  });
});

describe('projects: lists and pages', () => {
  let api: TestApp;
  let ada: TestUser;
  let bob: TestUser;
  const adaProjects: ProjectRecord[] = [];
  beforeAll(async () => {
    api = await startTestApp();
    [ada, bob] = [await api.signUp(), await api.signUp()];
    // Ada makes one page and one more; Bob makes two. Created one after another, so order is known.
    for (let n = 0; n < LIST_PAGE_SIZE + 1; n++)
      adaProjects.push(await createProject(api, ada, { projectName: `Ada ${n}` }));
    for (let n = 0; n < 2; n++) await createProject(api, bob, { projectName: `Bob ${n}` });
  });
  afterAll(() => api.close());

  it(`lists everyone's projects newest first, ${LIST_PAGE_SIZE} per page, to anyone`, async () => {
    const first = await api.request<ProjectsPage>('GET', '/api/project');
    expect(first.status).toBe(200);
    expect(first.body.projectsPages).toBe(2);
    expect(first.body.projects.map((project) => project.projectName)).toEqual([
      'Bob 1',
      'Bob 0',
      ...Array.from({ length: LIST_PAGE_SIZE - 2 }, (_, i) => `Ada ${LIST_PAGE_SIZE - i}`),
    ]);
    const second = await api.request<ProjectsPage>('GET', '/api/project?page=2');
    expect(second.body.projects.map((project) => project.projectName)).toEqual(['Ada 2', 'Ada 1', 'Ada 0']);
    expect(second.body.projectsPages).toBe(2);
    const pageOne = await api.request<ProjectsPage>('GET', '/api/project?page=1');
    expect(pageOne.body).toEqual(first.body);
    const beyond = await api.request<ProjectsPage>('GET', '/api/project?page=3');
    expect(beyond.body).toEqual({ projects: [], projectsPages: 2 });
  });

  it('refuses page numbers that are not positive whole numbers', async () => {
    for (const page of BAD_PAGES) {
      const refused = await api.request<ErrorAnswer>('GET', `/api/project?page=${page}`);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(PAGE_MESSAGE);
    }
    expect((await api.request('GET', '/api/project?page=1&page=2')).status).toBe(400);
  });

  it("lists only the caller's own projects, newest first, with a page count", async () => {
    const mine = await api.request<MyProjectsPage>('GET', '/api/user/myProjects?page=1', {
      token: ada.token,
    });
    expect(mine.status).toBe(200);
    expect(mine.body.myProjectsPages).toBe(2);
    expect(mine.body.UserProjects).toHaveLength(LIST_PAGE_SIZE);
    expect(mine.body.UserProjects.every((project) => project.ownerId === ada.id)).toBe(true);
    expect(mine.body.UserProjects[0].projectName).toBe(`Ada ${LIST_PAGE_SIZE}`);
    const last = await api.request<MyProjectsPage>('GET', '/api/user/myProjects?page=2', {
      token: ada.token,
    });
    expect(last.body.UserProjects.map((project) => project.projectName)).toEqual(['Ada 0']);

    const bobs = await api.request<MyProjectsPage>('GET', '/api/user/myProjects', { token: bob.token });
    expect(bobs.body).toMatchObject({ myProjectsPages: 1 });
    expect(bobs.body.UserProjects.map((project) => project.projectName)).toEqual(['Bob 1', 'Bob 0']);

    const nobody = await api.signUp();
    const none = await api.request<MyProjectsPage>('GET', '/api/user/myProjects', { token: nobody.token });
    expect(none.body).toEqual({ UserProjects: [], myProjectsPages: 1 });
  });

  it('refuses my-projects requests without a token or with a bad page', async () => {
    expect((await api.request('GET', '/api/user/myProjects')).status).toBe(401);
    expect((await api.request('GET', '/api/user/myProjectsIds')).status).toBe(401);
    const refused = await api.request<ErrorAnswer>('GET', '/api/user/myProjects?page=0', {
      token: ada.token,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(PAGE_MESSAGE);
  });

  it("gives the caller's project ids, newest first", async () => {
    const ids = await api.request<{ myProjectsIds: string[] }>('GET', '/api/user/myProjectsIds', {
      token: ada.token,
    });
    expect(ids.status).toBe(200);
    expect(ids.body.myProjectsIds).toEqual(adaProjects.map((project) => project._id).reverse());
  });
});

describe('projects: edit and delete by the owner only', () => {
  let api: TestApp;
  let owner: TestUser;
  let stranger: TestUser;
  beforeAll(async () => {
    api = await startTestApp();
    [owner, stranger] = [await api.signUp(), await api.signUp()];
  });
  afterAll(() => api.close());

  const edit = (id: string, body: unknown, token?: string) =>
    api.request<{ message: string; project: ProjectRecord } & ErrorAnswer>(
      'PUT',
      `/api/project/editProject/${id}`,
      {
        token,
        body,
      },
    );
  const remove = (body: unknown, token?: string) =>
    api.request<{ message: string; project_id: string } & ErrorAnswer>('DELETE', '/api/user/myProjects', {
      token,
      body,
    });
  const read = (id: string) => api.request<ProjectDetail>('GET', `/api/project/${id}`);

  it('replaces the editable fields: what the form leaves out is cleared, the rest is kept', async () => {
    const project = await createProject(api, owner, {
      description: 'First draft',
      locations: ['Spain'],
      bizRole: 20,
    });
    const { productType: _dropped, ...withoutProductType } = projectBody();
    const edited = await edit(
      project._id,
      { ...withoutProductType, projectName: 'Renamed', projectGoal: 'New goal', description: '' },
      owner.token,
    );
    expect(edited.status).toBe(200);
    expect(edited.body.message).toBe(LISTING_MESSAGES.projectUpdated);
    expect(edited.body.project).toMatchObject({
      _id: project._id,
      ownerId: owner.id,
      createdAt: project.createdAt,
      projectName: 'Renamed',
      projectGoal: 'New goal',
      bizRole: 50,
      techRole: 50,
    });
    for (const cleared of ['description', 'locations', 'productType']) {
      expect(edited.body.project).not.toHaveProperty(cleared);
    }
    expect(Date.parse(edited.body.project.updatedAt)).toBeGreaterThanOrEqual(Date.parse(project.updatedAt));
    expect((await read(project._id)).body.project).toEqual(edited.body.project);
  });

  it('reports every create, edit and delete to the record-changes service, and nothing refused', async () => {
    const changes = api.app.get(RecordChangesService);
    const written = vi.spyOn(changes, 'written');
    const removal = vi.spyOn(changes, 'removal');
    const reported = () => written.mock.calls.map(([change]) => [change.entry.kind, change.entry.recordId]);
    try {
      const project = await createProject(api, owner);
      expect(reported()).toEqual([['project', project._id]]);
      await edit(project._id, projectBody({ projectName: 'Edited' }), owner.token);
      await edit(project._id, projectBody({ projectName: 'Hijacked' }), stranger.token);
      await remove({ project_id: project._id }, stranger.token);
      expect(reported()).toEqual([
        ['project', project._id],
        ['project', project._id],
      ]);
      expect(removal).not.toHaveBeenCalled();
      await remove({ project_id: project._id }, owner.token);
      expect(removal.mock.calls).toEqual([['project', project._id]]);
      expect(reported()).toHaveLength(3);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it("refuses another user's edit with 403 and changes nothing", async () => {
    const project = await createProject(api, owner);
    const refused = await edit(project._id, projectBody({ projectName: 'Hijacked' }), stranger.token);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(LISTING_MESSAGES.notProjectOwner);
    expect((await read(project._id)).body.project).toEqual(project);
  });

  it('refuses edits without a token, with missing fields, unknown ids or malformed ids', async () => {
    const project = await createProject(api, owner);
    const anonymous = await edit(project._id, projectBody({ projectName: 'Anonymous' }));
    expect(anonymous.status).toBe(401);

    const incomplete = await edit(project._id, { projectName: 'Only a name' }, owner.token);
    expect(incomplete.status).toBe(400);
    expect(incomplete.body.message).toBe(FORM_MESSAGES.requiredFields);
    expect(incomplete.body.errors?.map((error) => error.field)).toEqual([
      'toolsExperience',
      'projectType',
      'offeredGratification',
      'forGratification',
    ]);

    const ownerSwap = await edit(project._id, projectBody({ ownerId: stranger.id }), owner.token);
    expect(ownerSwap.status).toBe(400);
    expect(ownerSwap.body.errors).toContainEqual({ field: 'ownerId', message: 'Unknown field: ownerId' });

    expect((await edit(UNKNOWN_ID, projectBody(), owner.token)).status).toBe(404);
    for (const id of MALFORMED_IDS) expect((await edit(id, projectBody(), owner.token)).status).toBe(400);
    expect((await read(project._id)).body.project).toEqual(project);
  });

  it('deletes an own project, and forgets it for everyone who saved it', async () => {
    const project = await createProject(api, owner);
    expect(
      (await api.request('POST', `/api/user/projects/${project._id}`, { token: stranger.token })).status,
    ).toBe(200);

    const deleted = await remove({ project_id: project._id }, owner.token);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: LISTING_MESSAGES.projectDeleted, project_id: project._id });
    expect((await read(project._id)).status).toBe(404);

    const ids = await api.request<{ projectIds: string[] }>('GET', '/api/user/savedIds', {
      token: stranger.token,
    });
    expect(ids.body.projectIds).not.toContain(project._id);
    const found = await api.request<{ projects: ProjectRecord[] }>('GET', '/api/user/projects/found', {
      token: stranger.token,
    });
    expect(found.body.projects.map((item) => item._id)).not.toContain(project._id);
    const myIds = await api.request<{ myProjectsIds: string[] }>('GET', '/api/user/myProjectsIds', {
      token: owner.token,
    });
    expect(myIds.body.myProjectsIds).not.toContain(project._id);
  });

  it("refuses to delete another user's project with 403 and keeps it", async () => {
    const project = await createProject(api, owner);
    const refused = await remove({ project_id: project._id }, stranger.token);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(LISTING_MESSAGES.notProjectOwner);
    expect((await read(project._id)).status).toBe(200);
  });

  it('refuses deletes without a token, with unknown, malformed or missing ids', async () => {
    const project = await createProject(api, owner);
    expect((await remove({ project_id: project._id })).status).toBe(401);
    const unknown = await remove({ project_id: UNKNOWN_ID }, owner.token);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(LISTING_MESSAGES.projectNotFound);
    for (const body of [
      { project_id: 'nope' },
      { project_id: { $gt: '' } },
      {},
      { project_id: project._id, extra: 1 },
    ]) {
      expect((await remove(body, owner.token)).status).toBe(400);
    }
    expect((await api.request('DELETE', '/api/user/myProjects', { token: owner.token })).status).toBe(400);
    expect((await read(project._id)).status).toBe(200);
  });
});
