import {
  DEFAULT_NOTIFICATION_SETTINGS,
  type Notification,
  type NotificationsPage,
  type ProfileView,
  type TwoSidedFit,
} from '@skillers/domain';
import type { RepeatingTask } from '@skillers/queue';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  findRedisServer,
  REDIS_SERVER_MISSING,
  type RestartableRedisServer,
  startRedisServer,
} from '../../libs/queue/src/bullmq/redis-server.testing';
import { mailsAfterSignUp, startMailCatcher, type MailCatcher } from '../src/mail/mail-catcher.testing';
import { STRONG_MATCH_MIN_SCORE, WeeklyMatchesService } from '../src/weekly-matches/weekly-matches.service';
import { WEEKLY_MATCHES_TASK } from '../src/weekly-matches/weekly-matches-task';
import { createProfile, createProject, profileBody } from './listing-fixtures';
import { startTestApp, type TestApp, type TestUser } from './test-app';
import { markEmailVerified } from './verified-account';

const redisBinary = findRedisServer();
if (!redisBinary) console.warn(REDIS_SERVER_MISSING);
const describeWithRedis = redisBinary ? describe : describe.skip;
/** BullMQ may take up to its longest block (10 s) to see a job the clock's jump made due. */
const SCHEDULED_RUN_BOUND_MS = 30_000;

/** Two Mondays, a week apart: each starts a UTC week, so each has its digest. */
const FIRST_WEEK = Date.parse('2031-03-10T09:00:00Z');
const SECOND_WEEK = Date.parse('2031-03-17T09:00:00Z');
const THIRD_WEEK = Date.parse('2031-03-24T09:00:00Z');

/** A project asking for Rust backend work, remote, offering equity for milestones. */
const PROJECT = {
  projectName: 'Ledger engine',
  toolsExperience: [{ tool: 'Rust', mep: 3 }],
  hardSkills: ['Backend Developer'],
  offeredGratification: ['Equity Grant'],
  forGratification: ['Milestone'],
  workingTypeRemote: true,
};
/** Fits the project both ways. */
const { projectName: _name, ...ASKS } = PROJECT;
const STRONG = { ...ASKS, toolsExperience: [{ tool: 'Rust', mep: 4 }] };
/** Has half of what the project asks, and the project offers only part of what it wants. */
const WEAK = {
  toolsExperience: [{ tool: 'Go', mep: 4 }],
  hardSkills: ['Backend Developer'],
  offeredGratification: ['Salary'],
  forGratification: ['Milestone'],
  workingTypeRemote: true,
};

/** Matches come from the search index, which the index worker fills shortly after each write. */
const profilesIndexed = (app: TestApp, count: number) =>
  vi.waitFor(
    async () => {
      const answer = await app.request<{ total: number }>('POST', '/api/teammate/traditional_filtering', {
        body: { activeFilters: {} },
      });
      expect(answer.body.total).toBe(count);
    },
    { timeout: 10_000 },
  );

describe('weekly digest of new strong matches', () => {
  let catcher: MailCatcher;
  let dataDir: string;
  let api: TestApp | undefined;

  beforeAll(async () => {
    catcher = await startMailCatcher();
  });
  afterEach(async () => {
    await api?.close();
    api = undefined;
    vi.useRealTimers();
    rmSync(dataDir, { recursive: true, force: true });
  });
  afterAll(() => catcher.close());

  const start = () =>
    startTestApp({ DATA_DIR: dataDir, SMTP_URL: catcher.url, FIRST_CONTACTS_PER_DAY: '50' });
  const digestsOf = async (app: TestApp, user: TestUser): Promise<Notification[]> => {
    const page = await app.request<NotificationsPage>('GET', '/api/notifications', { token: user.token });
    expect(page.body).toEqual(expect.objectContaining({ notifications: expect.any(Array) }));
    return page.body.notifications.filter((notification) => notification.kind === 'weekly_matches');
  };
  /** Signs in again: a week later the first session has expired. */
  const signedInAgain = async (app: TestApp, user: TestUser): Promise<TestUser> => {
    const login = await app.request<{ token: string }>('POST', '/api/auth/login', {
      body: { email: user.email, password: user.password },
    });
    return { ...user, token: login.body.token };
  };
  const names = (notification: Notification) => (notification.matches ?? []).map((match) => match.name);

  it(
    'lists each week the strong matches not listed before, once per user across a restart, and mails who chose it',
    { timeout: 60_000 },
    async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'skillers-weekly-matches-'));
      vi.useFakeTimers({ toFake: ['Date'], now: FIRST_WEEK });
      api = await start();
      expect(api.app.get<RepeatingTask>(WEEKLY_MATCHES_TASK).adapter).toBe('timer');
      const app = api;
      const owner = await app.signUp();
      await markEmailVerified(app, owner.id);
      await app.request('PUT', '/api/user/notification-settings', {
        token: owner.token,
        body: { ...DEFAULT_NOTIFICATION_SETTINGS, alertMatches: 'email' },
      });
      const project = await createProject(app, owner, PROJECT);
      const member = async (nickname: string, fields: Record<string, unknown>) => {
        const user = await app.signUp();
        return { user, profile: await createProfile(app, user, { nickname, ...fields }) };
      };
      const strong = await member('strong-one', STRONG);
      const weak = await member('weak-one', WEAK);
      const blocked = await member('blocked-one', STRONG);
      const invited = await member('invited-one', STRONG);
      const declined = await member('declined-one', STRONG);
      expect(
        (await app.request('POST', `/api/user/blocks/${blocked.user.id}`, { token: owner.token })).status,
      ).toBeLessThan(300);
      for (const { profile } of [invited, declined]) {
        const sent = await app.request<{ invitation: { _id: string } }>('POST', '/api/invitations', {
          token: owner.token,
          body: { projectId: project._id, teammateId: profile._id },
        });
        expect(sent.status).toBe(201);
        if (profile === declined.profile)
          await app.request('POST', `/api/invitations/${sent.body.invitation._id}/decline`, {
            token: declined.user.token,
            body: {},
          });
      }
      await profilesIndexed(app, 5);
      // The weak match is a match, under the threshold.
      const listed = await app.request<{ teammates: (ProfileView & { why: TwoSidedFit })[] }>(
        'GET',
        `/api/matches/teammates?projectId=${project._id}`,
        { token: owner.token },
      );
      const scoreOf = (nickname: string) =>
        listed.body.teammates.find((one) => one.nickname === nickname)?.why.score;
      expect(scoreOf('weak-one')).toBeLessThan(STRONG_MATCH_MIN_SCORE);
      expect(scoreOf('strong-one')).toBeGreaterThanOrEqual(STRONG_MATCH_MIN_SCORE);

      await app.app.get(WeeklyMatchesService).run();
      const [ownersDigest, ...more] = await digestsOf(app, owner);
      expect(more).toEqual([]);
      expect(names(ownersDigest)).toEqual(['strong-one']);
      expect(ownersDigest.matches?.[0]).toEqual({
        kind: 'teammate',
        id: strong.profile._id,
        name: 'strong-one',
      });
      // The skiller's side: the project fits their profile.
      expect((await digestsOf(app, strong.user)).map(names)).toEqual([['Ledger engine']]);
      expect(await digestsOf(app, weak.user)).toEqual([]);
      const mail = await catcher.mailTo(owner.email, 'New strong matches this week');
      expect(mail.text).toContain('strong-one');

      // A restart in the same week, whose timer runs the task at once, and two runs at once: nothing more.
      await app.close();
      api = await start();
      const again = api.app.get(WeeklyMatchesService);
      await Promise.all([again.run(), again.run()]);
      const app2 = api;
      expect(await digestsOf(app2, owner)).toHaveLength(1);
      // A strong match new this week waits for the next one: a user's week has one digest.
      await createProfile(app2, await app2.signUp(), { nickname: 'late-one', ...STRONG });
      await profilesIndexed(app2, 6);
      await again.run();
      expect(await digestsOf(app2, owner)).toHaveLength(1);
      expect(mailsAfterSignUp(catcher, owner.email)).toHaveLength(1);

      // The next week: only the match not listed before.
      vi.setSystemTime(SECOND_WEEK);
      const newcomer = await app2.signUp();
      await createProfile(app2, newcomer, { nickname: 'new-one', ...STRONG });
      await profilesIndexed(app2, 7);
      await again.run();
      const [ownerAgain, strongAgain] = [
        await signedInAgain(app2, owner),
        await signedInAgain(app2, strong.user),
      ];
      expect((await digestsOf(app2, ownerAgain)).map(names)).toEqual([
        ['new-one', 'late-one'],
        ['strong-one'],
      ]);
      expect(await digestsOf(app2, strongAgain)).toHaveLength(1);

      // An edit makes a pair new: the weak match, now strong, comes the week after.
      vi.setSystemTime(THIRD_WEEK);
      const weakAgain = await signedInAgain(app2, weak.user);
      const edited = await app2.request('PUT', '/api/teammate/editTeammate', {
        token: weakAgain.token,
        body: profileBody({ nickname: 'weak-one', ...STRONG }),
      });
      expect(edited.status).toBe(200);
      await vi.waitFor(async () => {
        await again.run();
        expect((await digestsOf(app2, await signedInAgain(app2, owner)))[0]).toEqual(
          expect.objectContaining({
            matches: [{ kind: 'teammate', id: weak.profile._id, name: 'weak-one' }],
          }),
        );
      });
    },
  );

  describeWithRedis('in the cluster', () => {
    let redis: RestartableRedisServer;
    beforeAll(async () => {
      redis = await startRedisServer(redisBinary as string);
    });
    afterAll(() => redis.stop());

    it('runs from the BullMQ job scheduler', { timeout: 60_000 }, async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'skillers-weekly-matches-'));
      vi.useFakeTimers({ toFake: ['Date'], now: FIRST_WEEK });
      api = await startTestApp({ DATA_DIR: dataDir, REDIS_URL: redis.url });
      expect(api.app.get<RepeatingTask>(WEEKLY_MATCHES_TASK).adapter).toBe('bullmq');
      const owner = await api.signUp();
      await createProject(api, owner, PROJECT);
      await createProfile(api, await api.signUp(), { nickname: 'strong-one', ...STRONG });

      // The scheduler's next job, due an hour after the start, is due now.
      const run = vi.spyOn(api.app.get(WeeklyMatchesService), 'run');
      vi.setSystemTime(FIRST_WEEK + 2 * 60 * 60 * 1000);
      await vi.waitFor(() => expect(run).toHaveBeenCalled(), { timeout: SCHEDULED_RUN_BOUND_MS });
      await run.mock.results[0].value;
      expect((await digestsOf(api, owner)).map(names)).toEqual([['strong-one']]);
    });
  });
});
