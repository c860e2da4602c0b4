import {
  FORM_MESSAGES,
  HTTP_MESSAGES,
  LIST_PAGE_SIZE,
  LISTING_MESSAGES,
  PAGE_MESSAGE,
  type PublicUser,
  type ProfileView,
} from '@skillers/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RecordChangesService } from '../src/indexing/record-changes.service';
import {
  BAD_PAGES,
  createProfile,
  type ErrorAnswer,
  MALFORMED_IDS,
  profileBody,
  type ProfilesPage,
  UNKNOWN_ID,
} from './listing-fixtures';
import { startTestApp, type TestApp, type TestUser } from './test-app';

interface ProfileDetail {
  teammate: ProfileView;
  teammate_creator: PublicUser | null;
}
type ProfileAnswer = { message: string; teammate: ProfileView } & ErrorAnswer;

describe('profiles: create, read and edit', () => {
  let api: TestApp;
  beforeAll(async () => {
    api = await startTestApp();
  });
  afterAll(() => api.close());

  const create = (body: unknown, token?: string) =>
    api.request<ProfileAnswer>('POST', '/api/teammate', { token, body });
  const edit = (body: unknown, token?: string) =>
    api.request<ProfileAnswer>('PUT', '/api/teammate/editTeammate', { token, body });
  const mine = (token?: string) =>
    api.request<{ userTeammateProfile: ProfileView | null }>('GET', '/api/user/myTeammate', { token });

  it('creates a profile with display fields derived from the stored lists', async () => {
    const user = await api.signUp();
    const created = await create(
      profileBody({
        techRole: 80,
        deadline: 12,
        availability: 20,
        description: '',
        workingTypeRemote: true,
      }),
      user.token,
    );
    expect(created.status).toBe(201);
    expect(created.body.message).toBe(LISTING_MESSAGES.profileCreated);
    const { teammate: profile } = created.body;
    expect(profile).toMatchObject({
      ...profileBody(),
      ownerId: user.id,
      bizRole: 20,
      techRole: 80,
      deadline: 12,
      availability: 20,
      workingTypeRemote: true,
      reward: ['Salary'],
      compensationBasis: ['Time'],
      tools: ['Figma'],
      skillsOrientation: ['Tech'],
    });
    expect(profile).not.toHaveProperty('description');
    expect(new Date(profile.createdAt).toISOString()).toBe(profile.createdAt);

    const read = await api.request<ProfileDetail>('GET', `/api/teammate/${profile._id}`);
    expect(read.status).toBe(200);
    expect(read.body.teammate).toEqual(profile);
    expect(read.body.teammate_creator).toEqual({ _id: user.id, username: user.username });
  });

  it('keeps one profile per user: a second one answers 409, even when both race', async () => {
    const user = await api.signUp();
    await createProfile(api, user);
    const again = await create(profileBody({ nickname: 'second' }), user.token);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(LISTING_MESSAGES.profileExists);

    const racer = await api.signUp();
    const attempts = await Promise.all(
      [1, 2, 3].map((n) => create(profileBody({ nickname: `racer ${n}` }), racer.token)),
    );
    expect(attempts.map((attempt) => attempt.status).sort()).toEqual([201, 409, 409]);
  });

  it('asks for the required fields with the form alert', async () => {
    const user = await api.signUp();
    const refused = await create({ nickname: ' ', description: 'Designer' }, user.token);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(FORM_MESSAGES.requiredFields);
    expect(refused.body.errors).toEqual(
      [
        'nickname',
        'toolsExperience',
        'projectType',
        'productType',
        'offeredGratification',
        'forGratification',
      ].map((field) => ({ field, message: FORM_MESSAGES.requiredFields })),
    );
    expect((await mine(user.token)).body.userTeammateProfile).toBeNull();
  });

  it.each([
    [{ deadline: 61 }, 'deadline', 'Collaboration duration must be at most 60 months'],
    [{ availability: 101 }, 'availability', 'Availability must be at most 100 hours per week'],
    [{ bizRole: 70, techRole: 70 }, 'techRole', LISTING_MESSAGES.rolesMustAddUp],
    [{ nickname: { $gt: '' } }, 'nickname', 'Nickname must be text'],
    [{ projectType: { $in: ['Business'] } }, 'projectType', 'Project type must be a list'],
    [{ reward: ['Salary'] }, 'reward', 'Unknown field: reward'],
    [{ ownerId: UNKNOWN_ID }, 'ownerId', 'Unknown field: ownerId'],
  ])('refuses %j with 400 naming %s', async (change, field, message) => {
    const user = await api.signUp();
    const refused = await create(profileBody(change), user.token);
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toContainEqual({ field, message });
  });

  it('answers 401 to every signed-in call without a valid token', async () => {
    for (const token of [undefined, 'not.a.token']) {
      for (const answer of [
        await create(profileBody(), token),
        await edit(profileBody(), token),
        await mine(token),
      ]) {
        expect(answer.status).toBe(401);
        expect((answer.body as ErrorAnswer).message).toBe(HTTP_MESSAGES.unauthorized);
      }
    }
  });

  it('answers 404 for an unknown profile and 400 for a malformed id', async () => {
    const unknown = await api.request<ErrorAnswer>('GET', `/api/teammate/${UNKNOWN_ID}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(LISTING_MESSAGES.profileNotFound);
    for (const id of [...MALFORMED_IDS, encodeURIComponent('{"$gt":""}')]) {
      expect((await api.request('GET', `/api/teammate/${id}`)).status).toBe(400);
    }
  });

  it("shows the caller's own profile, or null before there is one", async () => {
    const user = await api.signUp();
    const none = await mine(user.token);
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ userTeammateProfile: null });
    const profile = await createProfile(api, user);
    expect((await mine(user.token)).body.userTeammateProfile).toEqual(profile);
  });

  it("edits only the caller's own profile, replacing what the form sends", async () => {
    const [owner, other] = [await api.signUp(), await api.signUp()];
    const profile = await createProfile(api, owner, {
      description: 'Old text',
      locations: ['Spain'],
      bizRole: 90,
    });
    const otherProfile = await createProfile(api, other, { nickname: 'other' });

    const { productType: _dropped, ...withoutProductType } = profileBody();
    const edited = await edit(
      { ...withoutProductType, nickname: 'renamed', softSkills: ['Empathy'] },
      owner.token,
    );
    expect(edited.status).toBe(200);
    expect(edited.body.message).toBe(LISTING_MESSAGES.profileUpdated);
    expect(edited.body.teammate).toMatchObject({
      _id: profile._id,
      ownerId: owner.id,
      createdAt: profile.createdAt,
      nickname: 'renamed',
      softSkills: ['Empathy'],
      bizRole: 50,
      techRole: 50,
      skillsOrientation: ['Business', 'Tech'],
    });
    for (const cleared of ['description', 'locations', 'productType']) {
      expect(edited.body.teammate).not.toHaveProperty(cleared);
    }
    const read = await api.request<ProfileDetail>('GET', `/api/teammate/${profile._id}`);
    expect(read.body.teammate).toEqual(edited.body.teammate);
    const untouched = await api.request<ProfileDetail>('GET', `/api/teammate/${otherProfile._id}`);
    expect(untouched.body.teammate).toEqual(otherProfile);
  });

  it("cannot be pointed at someone else's profile, and answers 404 without one of your own", async () => {
    const [owner, stranger] = [await api.signUp(), await api.signUp()];
    const profile = await createProfile(api, owner);
    const redirected = await edit(profileBody({ _id: profile._id, nickname: 'hijacked' }), stranger.token);
    expect(redirected.status).toBe(400);
    expect(redirected.body.errors).toContainEqual({ field: '_id', message: 'Unknown field: _id' });
    const noProfile = await edit(profileBody({ nickname: 'hijacked' }), stranger.token);
    expect(noProfile.status).toBe(404);
    expect(noProfile.body.message).toBe(LISTING_MESSAGES.noProfileYet);
    expect((await api.request<ProfileDetail>('GET', `/api/teammate/${profile._id}`)).body.teammate).toEqual(
      profile,
    );
  });

  it('reports every create and edit to the record-changes service, and nothing refused', async () => {
    const written = vi.spyOn(api.app.get(RecordChangesService), 'written');
    try {
      const owner = await api.signUp();
      const profile = await createProfile(api, owner);
      await create(profileBody(), owner.token);
      await edit(profileBody({ nickname: 'edited' }), owner.token);
      await edit({ nickname: 'incomplete' }, owner.token);
      expect(written.mock.calls.map(([change]) => [change.entry.kind, change.entry.recordId])).toEqual([
        ['teammate', profile._id],
        ['teammate', profile._id],
      ]);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('refuses an edit with missing required fields and changes nothing', async () => {
    const owner = await api.signUp();
    const profile = await createProfile(api, owner);
    const refused = await edit({ nickname: 'only a name' }, owner.token);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(FORM_MESSAGES.requiredFields);
    expect((await mine(owner.token)).body.userTeammateProfile).toEqual(profile);
  });
});

describe('profiles: lists and pages', () => {
  let api: TestApp;
  let viewer: TestUser;
  const names: string[] = [];
  beforeAll(async () => {
    api = await startTestApp();
    viewer = await api.signUp();
    for (let n = 0; n < LIST_PAGE_SIZE + 2; n++) {
      const user = await api.signUp();
      await createProfile(api, user, { nickname: `skiller ${n}` });
      names.unshift(`skiller ${n}`);
    }
  });
  afterAll(() => api.close());

  it(`lists profiles newest first, ${LIST_PAGE_SIZE} per page, under every path the web app uses`, async () => {
    const first = await api.request<ProfilesPage>('GET', '/api/teammate');
    expect(first.status).toBe(200);
    expect(first.body.teammatesPages).toBe(2);
    expect(first.body.teammates.map((profile) => profile.nickname)).toEqual(names.slice(0, LIST_PAGE_SIZE));
    for (const path of ['/api/teammate?page=1', '/api/teammates/?page=1', '/api/teammates?page=1']) {
      expect((await api.request<ProfilesPage>('GET', path)).body).toEqual(first.body);
    }
    const second = await api.request<ProfilesPage>('GET', '/api/teammates/?page=2');
    expect(second.body.teammates.map((profile) => profile.nickname)).toEqual(names.slice(LIST_PAGE_SIZE));
    expect(second.body.teammatesPages).toBe(2);
    expect((await api.request<ProfilesPage>('GET', '/api/teammate?page=3')).body).toEqual({
      teammates: [],
      teammatesPages: 2,
    });
  });

  it('refuses page numbers that are not positive whole numbers', async () => {
    for (const path of ['/api/teammate', '/api/teammates/']) {
      for (const page of BAD_PAGES) {
        const refused = await api.request<ErrorAnswer>('GET', `${path}?page=${page}`);
        expect(refused.status).toBe(400);
        expect(refused.body.message).toBe(PAGE_MESSAGE);
      }
    }
  });

  it('marks profiles the signed-in viewer saved, and only for signed-in viewers', async () => {
    const anonymous = await api.request<ProfilesPage>('GET', '/api/teammate');
    expect(anonymous.body.teammates.every((profile) => !('isMyTeammate' in profile))).toBe(true);
    const target = anonymous.body.teammates[3];
    expect(
      (await api.request('POST', `/api/user/teammates/${target._id}`, { token: viewer.token })).status,
    ).toBe(200);
    const signedIn = await api.request<ProfilesPage>('GET', '/api/teammate', { token: viewer.token });
    expect(
      signedIn.body.teammates.filter((profile) => profile.isMyTeammate).map((profile) => profile._id),
    ).toEqual([target._id]);
    expect(signedIn.body.teammates.filter((profile) => profile.isMyTeammate === false)).toHaveLength(
      LIST_PAGE_SIZE - 1,
    );
    const detail = await api.request<ProfileDetail>('GET', `/api/teammate/${target._id}`, {
      token: viewer.token,
    });
    expect(detail.body.teammate.isMyTeammate).toBe(true);
  });
});
