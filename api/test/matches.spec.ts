import {
  HIDDEN_MATCH_MESSAGES,
  type ProfileView,
  type ProjectView,
  type TwoSidedFit,
} from '@skillers/domain';
import { COLLECTIONS, type RecordStore } from '@skillers/store';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RECORD_STORE } from '../src/core/tokens';
import { createProfile, createProject, type ErrorAnswer, UNKNOWN_ID } from './listing-fixtures';
import { startTestApp, type TestApp, type TestUser } from './test-app';

type Matched<T> = T & { why: TwoSidedFit };
interface ProfileMatches {
  teammates: Matched<ProfileView>[];
  total: number;
  teammatesPages: number;
}
interface ProjectMatches {
  projects: Matched<ProjectView>[];
  total: number;
  projectsPages: number;
}

/** A project asking for Rust and Go backend work, remote, offering equity. */
const RUST_PROJECT = {
  projectName: 'Ledger engine',
  toolsExperience: [
    { tool: 'Rust', mep: 3 },
    { tool: 'Go', mep: 2 },
  ],
  hardSkills: ['Backend Developer'],
  offeredGratification: ['Equity Grant'],
  forGratification: ['Milestone'],
  workingTypeRemote: true,
};

describe('matches for you', () => {
  let api: TestApp;
  let owner: TestUser;
  let both: TestUser;
  let needsOnly: TestUser;
  let wantsOnly: TestUser;
  let talking: TestUser;
  let blocker: TestUser;
  let projectId: string;

  beforeAll(async () => {
    api = await startTestApp({ RATE_LIMIT_SCALE: '5' });
    [owner, both, needsOnly, wantsOnly, talking, blocker] = await Promise.all(
      Array.from({ length: 6 }, () => api.signUp()),
    );
    projectId = (await createProject(api, owner, RUST_PROJECT))._id;
    const fits = { toolsExperience: [{ tool: 'Rust', mep: 4 }], hardSkills: ['Backend Developer'] };
    const wantsEquity = { offeredGratification: ['Equity Grant'], forGratification: ['Milestone'] };
    await createProfile(api, both, {
      nickname: 'both-ways',
      ...fits,
      ...wantsEquity,
      workingTypeRemote: true,
    });
    // Has what the project needs, but wants a salary it does not offer, on site.
    await createProfile(api, needsOnly, {
      nickname: 'needs-only',
      ...fits,
      offeredGratification: ['Salary'],
      forGratification: ['Time'],
      workingTypeOffice: true,
    });
    // Wants what the project offers, but has none of what it needs.
    await createProfile(api, wantsOnly, { nickname: 'wants-only', ...wantsEquity, workingTypeRemote: true });
    await createProfile(api, talking, { nickname: 'already-talking', ...fits, ...wantsEquity });
    await createProfile(api, blocker, { nickname: 'blocker', ...fits, ...wantsEquity });
    const sent = await api.request('POST', '/api/chat/sendMessage', {
      token: owner.token,
      body: { id: talking.id, message: 'Hello, about the ledger engine' },
    });
    expect(sent.status).toBe(201);
    const blocked = await api.request('POST', `/api/user/blocks/${owner.id}`, { token: blocker.token });
    expect(blocked.status).toBeLessThan(300);
    // Matches come from the search index, which the index worker fills shortly after each write.
    const indexed = async (path: string) =>
      (await api.request<{ total: number }>('POST', path, { body: { activeFilters: {} } })).body.total;
    await vi.waitFor(
      async () => {
        expect(await indexed('/api/teammate/traditional_filtering')).toBe(5);
        expect(await indexed('/api/project/traditional_filtering_all')).toBe(1);
      },
      { timeout: 10_000 },
    );
  });
  afterAll(() => api.close());

  const profilesFor = (user: TestUser, query: string) =>
    api.request<ProfileMatches & ErrorAnswer>('GET', `/api/matches/teammates?${query}`, {
      token: user.token,
    });

  it("ranks profiles for the owner's project by the fit both ways, explained both ways", async () => {
    const answer = await profilesFor(owner, `projectId=${projectId}`);
    expect(answer.status).toBe(200);
    // Both ways first; one way only has no fit; talking and blocking users never come back.
    expect(answer.body.teammates.map((profile) => profile.nickname)).toEqual(['both-ways']);
    expect(answer.body.total).toBe(1);
    expect(answer.body.teammatesPages).toBe(1);
    const { why } = answer.body.teammates[0];
    expect(why.needs.matched).toEqual(['Rust', 'Backend Developer']);
    expect(why.needs.missing).toEqual(['Go']);
    expect(why.wants.matched).toEqual(['Equity Grant', 'Milestone', 'Remote']);
    expect(why.score).toBeGreaterThan(0);
  });

  it('ranks projects for the caller’s own profile, and leaves out its own and blocked owners’', async () => {
    const answer = await api.request<ProjectMatches & ErrorAnswer>('GET', '/api/matches/projects', {
      token: both.token,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.projects.map((project) => project.projectName)).toEqual(['Ledger engine']);
    expect(answer.body.projects[0].why.wants.missing).toEqual([]);
    const ofBlocker = await api.request<ProjectMatches>('GET', '/api/matches/projects', {
      token: blocker.token,
    });
    expect(ofBlocker.status).toBe(200);
    expect(ofBlocker.body.projects).toEqual([]);
  });

  it('shows a project’s matches to its owner only, and refuses bad input with a message', async () => {
    const other = await profilesFor(both, `projectId=${projectId}`);
    expect(other.status).toBe(403);
    expect(other.body.message).toBe('Only the owner of a project sees its matches');
    const unknown = await profilesFor(owner, `projectId=${UNKNOWN_ID}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Project not found');
    for (const query of ['', 'projectId=nope', `projectId=${projectId}&page=0`]) {
      const bad = await profilesFor(owner, query);
      expect(bad.status, query).toBe(400);
      expect(typeof bad.body.message, query).toBe('string');
    }
    const anonymous = await api.request('GET', `/api/matches/teammates?projectId=${projectId}`);
    expect(anonymous.status).toBe(401);
    const noProfile = await api.request<ErrorAnswer>('GET', '/api/matches/projects', { token: owner.token });
    expect(noProfile.status).toBe(404);
    expect(noProfile.body.message).toBe('Create your skiller profile to see projects for you');
  });

  it('a hidden match never comes back, for the one who hid it only', async () => {
    const [hider, hidden] = [await api.signUp(), await api.signUp()];
    const hiderProject = (await createProject(api, hider, RUST_PROJECT))._id;
    const profile = await createProfile(api, hidden, {
      nickname: 'hidden-one',
      toolsExperience: [{ tool: 'Rust', mep: 4 }],
      offeredGratification: ['Equity Grant'],
      forGratification: ['Milestone'],
      workingTypeRemote: true,
    });
    const names = async (user: TestUser, project: string) =>
      (await profilesFor(user, `projectId=${project}`)).body.teammates.map((match) => match.nickname);
    // Shown first, once the index has both new records.
    await vi.waitFor(async () => expect(await names(hider, hiderProject)).toContain('hidden-one'), {
      timeout: 10_000,
    });

    const hide = (body: unknown, token?: string) =>
      api.request<{ message: string } & ErrorAnswer>('POST', '/api/matches/hidden', { token, body });
    for (let times = 0; times < 2; times += 1) {
      const hidden = await hide({ id: profile._id }, hider.token);
      expect(hidden.status).toBe(201);
      expect(hidden.body.message).toBe(HIDDEN_MATCH_MESSAGES.hidden);
    }
    expect(await names(hider, hiderProject)).not.toContain('hidden-one');
    expect(await names(owner, projectId)).toContain('hidden-one');

    const unknown = await hide({ id: UNKNOWN_ID }, hider.token);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(HIDDEN_MATCH_MESSAGES.notFound);
    expect((await hide({ id: 'nope' }, hider.token)).status).toBe(400);
    expect((await hide({ id: profile._id, more: 1 }, hider.token)).status).toBe(400);
    expect((await hide({ id: profile._id })).status).toBe(401);

    // Leaving takes the hider's choices along.
    const hiddenRows = () =>
      api.app.get<RecordStore>(RECORD_STORE).collection(COLLECTIONS.hiddenMatches).find({ userId: hider.id });
    expect(await hiddenRows()).toHaveLength(1);
    const left = await api.request('DELETE', '/api/user', {
      token: hider.token,
      body: { password: hider.password },
    });
    expect(left.status).toBeLessThan(300);
    expect(await hiddenRows()).toEqual([]);
  });
});
