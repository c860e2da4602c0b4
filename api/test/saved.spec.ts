import {
  HTTP_MESSAGES,
  LIST_PAGE_SIZE,
  LISTING_MESSAGES,
  PAGE_MESSAGE,
  type ProjectRecord,
  type ProjectView,
  type ProfileView,
} from '@skillers/domain';
import { COLLECTIONS, type RecordStore } from '@skillers/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORD_STORE } from '../src/core/tokens';
import {
  BAD_PAGES,
  createProject,
  createProfile,
  type ErrorAnswer,
  MALFORMED_IDS,
  type ProfilesPage,
  UNKNOWN_ID,
} from './listing-fixtures';
import { startTestApp, type TestApp, type TestUser } from './test-app';

interface FoundProjects {
  projects: ProjectView[];
  projectPages: number;
}
interface SavedIds {
  projectIds: string[];
  teammateIds: string[];
}
type SaveAnswer = { message: string; saved: boolean } & ErrorAnswer;

describe('saved items', () => {
  let api: TestApp;
  let owner: TestUser;
  let reader: TestUser;
  beforeAll(async () => {
    api = await startTestApp();
    [owner, reader] = [await api.signUp(), await api.signUp()];
  });
  afterAll(() => api.close());

  const call = (method: 'POST' | 'DELETE', kind: 'projects' | 'teammates', id: string, token?: string) =>
    api.request<SaveAnswer>(method, `/api/user/${kind}/${id}`, { token });
  const foundProjects = (user: TestUser, page = 1) =>
    api.request<FoundProjects>('GET', `/api/user/projects/found?page=${page}`, { token: user.token });
  const foundProfiles = (user: TestUser, page = 1) =>
    api.request<ProfilesPage>('GET', `/api/user/teammates/found?page=${page}`, { token: user.token });
  const savedIds = (user: TestUser) =>
    api.request<SavedIds>('GET', '/api/user/savedIds', { token: user.token });

  it('saves a project once however often it is saved, and forgets it harmlessly', async () => {
    const project = await createProject(api, owner);
    const first = await call('POST', 'projects', project._id, reader.token);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ message: LISTING_MESSAGES.projectSaved, saved: true });
    const twice = await Promise.all([1, 2].map(() => call('POST', 'projects', project._id, reader.token)));
    expect(twice.map((answer) => answer.status)).toEqual([200, 200]);

    const found = await foundProjects(reader);
    expect(found.body.projects.map((item) => item._id)).toEqual([project._id]);
    expect(found.body.projects[0]).toMatchObject({ ...project, isSaved: true });
    expect(found.body.projectPages).toBe(1);
    expect((await savedIds(reader)).body.projectIds).toEqual([project._id]);

    const forgotten = await call('DELETE', 'projects', project._id, reader.token);
    expect(forgotten.status).toBe(200);
    expect(forgotten.body).toEqual({ message: LISTING_MESSAGES.projectForgotten, saved: false });
    expect((await foundProjects(reader)).body).toEqual({ projects: [], projectPages: 1 });
    expect((await call('DELETE', 'projects', project._id, reader.token)).status).toBe(200);
    expect((await call('DELETE', 'projects', UNKNOWN_ID, reader.token)).status).toBe(200);
  });

  it('saves and forgets a profile the same way', async () => {
    const profile = await createProfile(api, owner);
    const saved = await call('POST', 'teammates', profile._id, reader.token);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ message: LISTING_MESSAGES.profileSaved, saved: true });
    expect((await call('POST', 'teammates', profile._id, reader.token)).status).toBe(200);

    const found = await foundProfiles(reader);
    expect(found.body.teammatesPages).toBe(1);
    expect(found.body.teammates).toEqual([{ ...profile, isMyTeammate: true }]);
    expect((await savedIds(reader)).body.teammateIds).toEqual([profile._id]);

    const forgotten = await call('DELETE', 'teammates', profile._id, reader.token);
    expect(forgotten.body).toEqual({ message: LISTING_MESSAGES.profileForgotten, saved: false });
    expect((await foundProfiles(reader)).body).toEqual({ teammates: [], teammatesPages: 1 });
    expect((await call('DELETE', 'teammates', profile._id, reader.token)).status).toBe(200);
  });

  it('refuses to save your own project or profile', async () => {
    const project = await createProject(api, owner);
    const ownProject = await call('POST', 'projects', project._id, owner.token);
    expect(ownProject.status).toBe(400);
    expect(ownProject.body.message).toBe(LISTING_MESSAGES.ownProjectNotSavable);

    const profile = await createProfile(api, reader);
    const ownProfile = await call('POST', 'teammates', profile._id, reader.token);
    expect(ownProfile.status).toBe(400);
    expect(ownProfile.body.message).toBe(LISTING_MESSAGES.ownProfileNotSavable);

    expect((await savedIds(owner)).body.projectIds).not.toContain(project._id);
    expect((await savedIds(reader)).body.teammateIds).not.toContain(profile._id);
  });

  it('answers 404 for unknown items and 400 for malformed ids', async () => {
    const unknownProject = await call('POST', 'projects', UNKNOWN_ID, reader.token);
    expect(unknownProject.status).toBe(404);
    expect(unknownProject.body.message).toBe(LISTING_MESSAGES.projectNotFound);
    const unknownProfile = await call('POST', 'teammates', UNKNOWN_ID, reader.token);
    expect(unknownProfile.status).toBe(404);
    expect(unknownProfile.body.message).toBe(LISTING_MESSAGES.profileNotFound);
    for (const kind of ['projects', 'teammates'] as const) {
      for (const method of ['POST', 'DELETE'] as const) {
        for (const id of [...MALFORMED_IDS, encodeURIComponent('{"$gt":""}')]) {
          const malformed = await call(method, kind, id, reader.token);
          expect(malformed.status).toBe(400);
          expect(malformed.body.message).toBe('Malformed id');
        }
      }
    }
  });

  it('answers 401 to every saved-items call without a valid token', async () => {
    const project = await createProject(api, owner);
    const requests = [
      () => call('POST', 'projects', project._id),
      () => call('DELETE', 'projects', project._id),
      () => call('POST', 'teammates', UNKNOWN_ID),
      () => call('DELETE', 'teammates', UNKNOWN_ID),
      () => api.request<ErrorAnswer>('GET', '/api/user/projects/found'),
      () => api.request<ErrorAnswer>('GET', '/api/user/teammates/found?page=1'),
      () => api.request<ErrorAnswer>('GET', '/api/user/savedIds', { token: 'not.a.token' }),
    ];
    for (const request of requests) {
      const refused = await request();
      expect(refused.status).toBe(401);
      expect(refused.body.message).toBe(HTTP_MESSAGES.unauthorized);
    }
  });

  it("keeps each user's saved items their own: one user's forget leaves another's saves alone", async () => {
    const project = await createProject(api, owner);
    const other = await api.signUp();
    await call('POST', 'projects', project._id, reader.token);
    expect((await call('DELETE', 'projects', project._id, other.token)).status).toBe(200);
    expect((await savedIds(reader)).body.projectIds).toContain(project._id);
    expect((await savedIds(other)).body.projectIds).not.toContain(project._id);
  });

  it('refuses found-list page numbers that are not positive whole numbers', async () => {
    for (const kind of ['projects', 'teammates']) {
      for (const page of BAD_PAGES) {
        const refused = await api.request<ErrorAnswer>('GET', `/api/user/${kind}/found?page=${page}`, {
          token: reader.token,
        });
        expect(refused.status).toBe(400);
        expect(refused.body.message).toBe(PAGE_MESSAGE);
      }
    }
  });
});

describe('saved items: found lists', () => {
  let api: TestApp;
  let saver: TestUser;
  const projects: ProjectRecord[] = [];
  beforeAll(async () => {
    api = await startTestApp();
    const maker = await api.signUp();
    saver = await api.signUp();
    for (let n = 0; n < LIST_PAGE_SIZE + 1; n++)
      projects.push(await createProject(api, maker, { projectName: `P${n}` }));
    // Saved in reverse order of creation, so "most recently saved first" differs from "newest project first".
    for (const project of [...projects].reverse()) {
      await api.request('POST', `/api/user/projects/${project._id}`, { token: saver.token });
    }
  });
  afterAll(() => api.close());

  const found = (page: number) =>
    api.request<FoundProjects>('GET', `/api/user/projects/found?page=${page}`, { token: saver.token });

  it(`pages saved projects ${LIST_PAGE_SIZE} at a time, most recently saved first`, async () => {
    const first = await found(1);
    expect(first.status).toBe(200);
    expect(first.body.projectPages).toBe(2);
    expect(first.body.projects.map((project) => project.projectName)).toEqual(
      projects.slice(0, LIST_PAGE_SIZE).map((project) => project.projectName),
    );
    expect(first.body.projects.every((project) => project.isSaved === true)).toBe(true);
    const second = await found(2);
    expect(second.body.projects.map((project) => project.projectName)).toEqual([`P${LIST_PAGE_SIZE}`]);
    expect((await found(3)).body).toEqual({ projects: [], projectPages: 2 });
    const ids = await api.request<SavedIds>('GET', '/api/user/savedIds', { token: saver.token });
    expect(ids.body).toEqual({ projectIds: projects.map((project) => project._id), teammateIds: [] });
  });

  it('skips saved projects that no longer exist and stops counting them', async () => {
    // A project removed behind the API's back, as when a delete races a save.
    const store = api.app.get<RecordStore>(RECORD_STORE);
    await store.collection(COLLECTIONS.projects).delete(projects[0]._id);
    const first = await found(1);
    expect(first.body.projects.map((project) => project._id)).not.toContain(projects[0]._id);
    expect(first.body.projects).toHaveLength(LIST_PAGE_SIZE - 1);
    expect(first.body.projectPages).toBe(1);
    const again = await found(1);
    expect(again.body.projects.map((project) => project.projectName)).toEqual(
      projects.slice(1).map((project) => project.projectName),
    );
    expect(again.body.projectPages).toBe(1);
  });

  it('pages saved profiles too, skipping ones that are gone', async () => {
    const saved: ProfileView[] = [];
    for (let n = 0; n < LIST_PAGE_SIZE + 1; n++) {
      const profile = await createProfile(api, await api.signUp(), { nickname: `S${n}` });
      await api.request('POST', `/api/user/teammates/${profile._id}`, { token: saver.token });
      saved.unshift(profile);
    }
    const profiles = (page: number) =>
      api.request<ProfilesPage>('GET', `/api/user/teammates/found?page=${page}`, { token: saver.token });
    const first = await profiles(1);
    expect(first.body.teammatesPages).toBe(2);
    expect(first.body.teammates.map((profile) => profile.nickname)).toEqual(
      saved.slice(0, LIST_PAGE_SIZE).map((profile) => profile.nickname),
    );
    expect(first.body.teammates.every((profile) => profile.isMyTeammate === true)).toBe(true);

    const store = api.app.get<RecordStore>(RECORD_STORE);
    await store.collection(COLLECTIONS.teammates).delete(saved[0]._id);
    const afterRemoval = await profiles(1);
    expect(afterRemoval.body.teammates.map((profile) => profile._id)).not.toContain(saved[0]._id);
    expect((await profiles(1)).body).toEqual({
      teammates: saved.slice(1).map((profile) => ({ ...profile, isMyTeammate: true })),
      teammatesPages: 1,
    });
  });
});
