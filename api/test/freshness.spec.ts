import {
  FRESHNESS_MESSAGES,
  LISTING_MESSAGES,
  MS_PER_DAY,
  type NotificationsPage,
  type ProjectRecord,
  type ProjectView,
  type ProfileView,
} from '@skillers/domain';
import type { SharedLock } from '@skillers/queue';
import { COLLECTIONS, type RecordStore } from '@skillers/store';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RECORD_STORE } from '../src/core/tokens';
import { LAPSE_SWEEP_LOCK } from '../src/freshness/lapse-sweep-lock.provider';
import { LAPSE_SWEEP_LOCK_NAME, LapseSweepService } from '../src/freshness/lapse-sweep.service';
import { RecordChangesService } from '../src/indexing/record-changes.service';
import {
  createProject,
  createProfile,
  type ErrorAnswer,
  MALFORMED_IDS,
  type ProjectDetail,
  UNKNOWN_ID,
} from './listing-fixtures';
import { startTestApp, type TestApp, type TestUser } from './test-app';

const PROJECTS = '/api/project/traditional_filtering_all';
const PROFILES = '/api/teammate/traditional_filtering';

interface ProjectHits {
  items: ProjectView[];
  total: number;
}
interface ProfileHits {
  teammates: ProfileView[];
  total: number;
}

/** Indexing runs in the background; on a busy machine it may take a while. */
const INDEXED = { timeout: 10_000, interval: 50 };

const daysAgo = (days: number) => new Date(Date.now() - days * MS_PER_DAY).toISOString();

describe('freshness: last active and open to collaborate', () => {
  let api: TestApp;
  let store: RecordStore;

  const open = (user: TestUser | undefined, path: string, body: unknown) =>
    api.request<{ message: string; project?: ProjectView; teammate?: ProfileView } & ErrorAnswer>(
      'PUT',
      path,
      { token: user?.token, body },
    );
  const login = (user: TestUser) =>
    api.request('POST', '/api/auth/login', { body: { email: user.email, password: user.password } });
  const findProjects = (activeFilters: Record<string, unknown>) =>
    api.request<ProjectHits & ErrorAnswer>('POST', PROJECTS, {
      body: { activeFilters, filtering_restriction: 'min_1_match' },
    });
  const findProfiles = (activeFilters: Record<string, unknown>) =>
    api.request<ProfileHits>('POST', PROFILES, {
      body: { activeFilters, filtering_restriction: 'min_1_match' },
    });
  /** Writes stored fields as an old record would have them, through the index outbox like any edit. */
  const backdate = async (kind: 'project' | 'teammate', id: string, set: Record<string, unknown>) => {
    const changes = api.app.get(RecordChangesService);
    const change = changes.change(kind, id);
    const collection = kind === 'project' ? COLLECTIONS.projects : COLLECTIONS.teammates;
    await store.collection(collection).update(id, set, [], change.write);
    changes.written(change);
  };

  beforeAll(async () => {
    api = await startTestApp();
    store = api.app.get<RecordStore>(RECORD_STORE);
  });
  afterAll(() => api.close());

  it('starts new records active and open, on the created record, the cards and the detail page', async () => {
    const owner = await api.signUp();
    const before = Date.now();
    const project = (await createProject(api, owner, { projectName: 'Fresh start' })) as ProjectView;
    expect(project.openToCollaborate).toBe(true);
    expect(project.openNow).toBe(true);
    expect(Date.parse(project.lastActiveAt ?? '')).toBeGreaterThanOrEqual(before);
    expect(project.openConfirmedAt).toBe(project.lastActiveAt);

    const detail = await api.request<ProjectDetail>('GET', `/api/project/${project._id}`);
    expect(detail.body.project).toMatchObject({ lastActiveAt: project.lastActiveAt, openNow: true });
    await vi.waitFor(async () => {
      const card = (await findProjects({})).body.items.find((item) => item._id === project._id);
      expect(card).toMatchObject({ lastActiveAt: project.lastActiveAt, openNow: true });
    }, INDEXED);

    const profile = await createProfile(api, owner);
    expect(profile).toMatchObject({ openToCollaborate: true, openNow: true });
    const mine = await api.request<{ userTeammateProfile: ProfileView }>('GET', '/api/user/myTeammate', {
      token: owner.token,
    });
    expect(mine.body.userTeammateProfile.openNow).toBe(true);
  });

  it('lets the owner close and reopen a project; "Open only" follows', async () => {
    const owner = await api.signUp();
    const project = await createProject(api, owner, { projectName: 'Switchable', locations: ['Estonia'] });
    await vi.waitFor(
      async () => expect((await findProjects({ locations: ['Estonia'], openOnly: true })).body.total).toBe(1),
      INDEXED,
    );
    const closed = await open(owner, `/api/project/${project._id}/open`, { open: false });
    expect(closed.status).toBe(200);
    expect(closed.body.message).toBe(FRESHNESS_MESSAGES.closed);
    expect(closed.body.project).toMatchObject({ openToCollaborate: false, openNow: false });
    await vi.waitFor(
      async () => expect((await findProjects({ locations: ['Estonia'], openOnly: true })).body.total).toBe(0),
      INDEXED,
    );
    expect((await findProjects({ locations: ['Estonia'] })).body.total).toBe(1);

    const reopened = await open(owner, `/api/project/${project._id}/open`, { open: true });
    expect(reopened.body.message).toBe(FRESHNESS_MESSAGES.reconfirmed);
    expect(reopened.body.project).toMatchObject({ openToCollaborate: true, openNow: true });
    await vi.waitFor(
      async () => expect((await findProjects({ locations: ['Estonia'], openOnly: true })).body.total).toBe(1),
      INDEXED,
    );
  });

  it('refuses bad bodies and ids with a message', async () => {
    const owner = await api.signUp();
    const project = await createProject(api, owner);
    for (const body of [{}, { open: 'yes' }, { open: true, extra: 1 }, []]) {
      const answer = await open(owner, `/api/project/${project._id}/open`, body);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toEqual(expect.any(String));
      expect(answer.body.message.length).toBeGreaterThan(0);
    }
    expect((await open(owner, `/api/project/${project._id}/open`, { open: 1 })).body.message).toBe(
      'open must be true or false',
    );
    for (const id of MALFORMED_IDS) {
      expect((await open(owner, `/api/project/${id}/open`, { open: true })).status).toBe(400);
    }
    const profileAnswer = await open(owner, '/api/user/myTeammate/open', { open: 'no' });
    expect(profileAnswer.status).toBe(400);
  });

  it("refuses another user's project (403), an unknown one (404), a missing profile (404) and no token (401)", async () => {
    const [owner, other] = [await api.signUp(), await api.signUp()];
    const project = await createProject(api, owner);
    const foreign = await open(other, `/api/project/${project._id}/open`, { open: false });
    expect(foreign.status).toBe(403);
    expect(foreign.body.message).toBe(LISTING_MESSAGES.notProjectOwner);
    const stored = await api.request<ProjectDetail>('GET', `/api/project/${project._id}`);
    expect(stored.body.project.openToCollaborate).toBe(true);

    const unknown = await open(owner, `/api/project/${UNKNOWN_ID}/open`, { open: true });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(LISTING_MESSAGES.projectNotFound);
    const noProfile = await open(other, '/api/user/myTeammate/open', { open: true });
    expect(noProfile.status).toBe(404);
    expect(noProfile.body.message).toBe(LISTING_MESSAGES.noProfileYet);

    expect((await open(undefined, `/api/project/${project._id}/open`, { open: true })).status).toBe(401);
    expect((await open(undefined, '/api/user/myTeammate/open', { open: true })).status).toBe(401);
  });

  it('marks the records active at sign-in at most hourly, and tells of a lapse once', async () => {
    const owner = await api.signUp();
    const profile = await createProfile(api, owner, { nickname: 'lapsing-lena', locations: ['Latvia'] });
    const project = await createProject(api, owner, { projectName: 'Recent work' });
    const confirmedAt = daysAgo(70);
    await backdate('teammate', profile._id, { lastActiveAt: daysAgo(45), openConfirmedAt: confirmedAt });
    await vi.waitFor(async () => {
      expect((await findProfiles({ locations: ['Latvia'], openOnly: true })).body.total).toBe(0);
      expect((await findProfiles({ locations: ['Latvia'], activeWithinDays: 30 })).body.total).toBe(0);
    }, INDEXED);

    const before = Date.now();
    expect((await login(owner)).status).toBe(200);
    const mine = await api.request<{ userTeammateProfile: ProfileView }>('GET', '/api/user/myTeammate', {
      token: owner.token,
    });
    const touched = mine.body.userTeammateProfile;
    expect(Date.parse(touched.lastActiveAt ?? '')).toBeGreaterThanOrEqual(before);
    expect(touched).toMatchObject({ openToCollaborate: true, openNow: false, openConfirmedAt: confirmedAt });
    // Which lapse was told is bookkeeping, never shown.
    expect(touched).not.toHaveProperty('openLapseNotifiedFor');
    // The project was edited moments ago: within the hour, a sign-in leaves it alone.
    const projectNow = await api.request<ProjectDetail>('GET', `/api/project/${project._id}`);
    expect(projectNow.body.project.lastActiveAt).toBe(project.lastActiveAt);
    await vi.waitFor(
      async () =>
        expect((await findProfiles({ locations: ['Latvia'], activeWithinDays: 30 })).body.total).toBe(1),
      INDEXED,
    );

    const lapses = async () =>
      (
        await api.request<NotificationsPage>('GET', '/api/notifications', { token: owner.token })
      ).body.notifications.filter((notification) => notification.kind === 'open_lapsed');
    expect(await lapses()).toEqual([
      expect.objectContaining({
        kind: 'open_lapsed',
        read: false,
        listing: { kind: 'teammate', id: profile._id, name: 'lapsing-lena' },
      }),
    ]);
    await login(owner);
    expect(await lapses()).toHaveLength(1);

    // "Still open" from the notification: one call reopens it for 60 days.
    const still = await open(owner, '/api/user/myTeammate/open', { open: true });
    expect(still.status).toBe(200);
    expect(still.body.teammate).toMatchObject({ openToCollaborate: true, openNow: true });
    await vi.waitFor(
      async () => expect((await findProfiles({ locations: ['Latvia'], openOnly: true })).body.total).toBe(1),
      INDEXED,
    );
  });

  it('offers "Active within" and "Open only" as one-click relaxations when they hold matches back', async () => {
    const owner = await api.signUp();
    const profile = await createProfile(api, owner, { nickname: 'quiet-quinn', locations: ['Cyprus'] });
    await backdate('teammate', profile._id, { lastActiveAt: daysAgo(45), openConfirmedAt: daysAgo(70) });
    const relaxFor = async (activeFilters: Record<string, unknown>) => {
      const answer = await api.request<ProfileHits & { relax?: unknown[] }>('POST', PROFILES, {
        body: { activeFilters, filtering_restriction: 'min_1_match', facets: true },
      });
      expect(answer.status).toBe(200);
      expect(answer.body.total).toBe(0);
      return answer.body.relax;
    };
    await vi.waitFor(
      async () =>
        expect(await relaxFor({ locations: ['Cyprus'], activeWithinDays: 30 })).toContainEqual({
          key: 'activeWithinDays',
          count: 1,
        }),
      INDEXED,
    );
    expect(await relaxFor({ locations: ['Cyprus'], openOnly: true })).toContainEqual({
      key: 'openOnly',
      count: 1,
    });
  });

  it('tells owners who do not sign in of a lapse in the daily sweep, once, one process at a time', async () => {
    const sweeper = api.app.get(LapseSweepService);
    const owner = await api.signUp();
    const project = await createProject(api, owner, { projectName: 'Quiet venture' });
    const confirmedAt = daysAgo(59);
    await backdate('project', project._id, { lastActiveAt: confirmedAt, openConfirmedAt: confirmedAt });
    const lapses = async () =>
      (
        await api.request<NotificationsPage>('GET', '/api/notifications', { token: owner.token })
      ).body.notifications.filter((notification) => notification.kind === 'open_lapsed');

    // Still open today: nothing to tell.
    await sweeper.sweep(new Date());
    expect(await lapses()).toEqual([]);

    // Two days on it has lapsed: the sweep tells the owner, who never signed in again.
    const later = new Date(Date.now() + 2 * MS_PER_DAY);
    // While another process sweeps, this one leaves it to them.
    const lock = api.app.get<SharedLock>(LAPSE_SWEEP_LOCK);
    const elsewhere = await lock.tryAcquire(LAPSE_SWEEP_LOCK_NAME);
    expect(elsewhere).toBeDefined();
    expect(await sweeper.sweep(later)).toBeUndefined();
    expect(await lapses()).toEqual([]);
    await elsewhere?.release();

    expect(await sweeper.sweep(later)).toBeGreaterThanOrEqual(1);
    expect(await lapses()).toEqual([
      expect.objectContaining({
        kind: 'open_lapsed',
        read: false,
        listing: { kind: 'project', id: project._id, name: 'Quiet venture' },
      }),
    ]);
    // Once per lapse: neither the next sweep nor a sign-in tells it again.
    await sweeper.sweep(new Date(later.getTime() + MS_PER_DAY));
    await login(owner);
    expect(await lapses()).toHaveLength(1);
    const stored = await store.collection<ProjectRecord>(COLLECTIONS.projects).findById(project._id);
    expect(stored?.openLapseNotifiedFor).toBe(confirmedAt);
  });

  it('refuses "Active within" values other than 0, 7, 30 and 90 days with a message', async () => {
    const answer = await findProjects({ activeWithinDays: 14 });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain('Active within must be 0 (any) or 7, 30, 90 days');
    const notBoolean = await findProjects({ openOnly: 'true' });
    expect(notBoolean.status).toBe(400);
    expect(JSON.stringify(notBoolean.body)).toContain('Open only must be true or false');
  });
});
