import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettings, type Post } from '@skillers/domain';
import type { RepeatingTask } from '@skillers/queue';
import type { ParsedMail } from 'mailparser';
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
import { DigestService } from '../src/notification-mail/digest.service';
import { DIGEST_TASK } from '../src/notification-mail/digest-task';
import { startTestApp, type TestApp, type TestUser } from './test-app';

const redisBinary = findRedisServer();
if (!redisBinary) console.warn(REDIS_SERVER_MISSING);
const describeWithRedis = redisBinary ? describe : describe.skip;

/** Noon of the day the notifications happen, and one in the morning after it, when its digest is due. */
const DAY = '2031-03-10';
const NOON = Date.parse(`${DAY}T12:00:00Z`);
const NEXT_MORNING = Date.parse('2031-03-11T01:00:00Z');
/** BullMQ may take up to its longest block (10 s) to see a job the clock's jump made due. */
const SCHEDULED_RUN_BOUND_MS = 30_000;

interface Scene {
  /** Wants likes and comments in a digest; had a like and a message that day. */
  ada: TestUser;
  /** Wants alert matches in a digest, and had none. */
  bob: TestUser;
}

/** Two users with their settings, and the day's doings of a third, all at noon. */
const playTheDay = async (api: TestApp): Promise<Scene> => {
  vi.setSystemTime(NOON);
  const [ada, bob, carl] = [await api.signUp(), await api.signUp(), await api.signUp()];
  const choose = (user: TestUser, settings: Partial<NotificationSettings>) =>
    api.request('PUT', '/api/user/notification-settings', {
      token: user.token,
      body: { ...DEFAULT_NOTIFICATION_SETTINGS, ...settings },
    });
  await choose(ada, { likesAndComments: 'digest', messages: 'in-app' });
  await choose(bob, { alertMatches: 'digest' });
  const { body } = await api.request<{ post: Post }>('POST', '/api/post', {
    token: ada.token,
    body: { data: 'Looking for a designer' },
  });
  await api.request('POST', `/api/post/${body.post._id}/like`, { token: carl.token });
  await api.request('POST', '/api/chat/sendMessage', {
    token: carl.token,
    body: { id: ada.id, message: 'Count me in' },
  });
  vi.setSystemTime(NEXT_MORNING - 30 * 60 * 1000);
  // After the day: in the next day's digest, not this one.
  await api.request('POST', `/api/post/${body.post._id}/comments`, {
    token: carl.token,
    body: { data: 'Nice one' },
  });
  return { ada, bob };
};

const mailsTo = (catcher: MailCatcher, user: TestUser): ParsedMail[] => mailsAfterSignUp(catcher, user.email);

const expectTheDigest = (catcher: MailCatcher, { ada, bob }: Scene) => {
  const mails = mailsTo(catcher, ada);
  expect(mails).toHaveLength(1);
  expect(mails[0].subject).toBe('Your day: 1 notification | Skillers');
  expect(mails[0].text).toContain(`What happened for you on ${DAY} (UTC):`);
  expect(mails[0].text).toMatch(/liked your post/);
  // Messages stay in the app; the comment came the day after.
  expect(mails[0].text).not.toMatch(/sent you a message|commented/);
  // Its one-click unsubscribe names the digest's groups.
  expect(mails[0].headerLines.map((header) => header.key)).toContain('list-unsubscribe');
  expect(mailsTo(catcher, bob)).toEqual([]);
};

describe('daily digest', () => {
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

  const start = (env: Record<string, string> = {}) =>
    startTestApp({ DATA_DIR: dataDir, SMTP_URL: catcher.url, ...env });

  // Four app starts on one data folder, hence the longer bound.
  it(
    'in the embedded setup, sends one mail per user across a restart, from the timer run at each start',
    { timeout: 60_000 },
    async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'skillers-digest-'));
      vi.useFakeTimers({ toFake: ['Date'], now: NOON });
      api = await start();
      expect(api.app.get<RepeatingTask>(DIGEST_TASK).adapter).toBe('timer');
      const scene = await playTheDay(api);
      await api.close();

      vi.setSystemTime(NEXT_MORNING);
      for (let restart = 0; restart < 2; restart += 1) {
        api = await start();
        // Closing waits for the run the timer started with.
        await api.close();
        expectTheDigest(catcher, scene);
      }
      api = await start();
      // Runs at once in one process: one of them sends.
      const digest = api.app.get(DigestService);
      await Promise.all([digest.run(), digest.run()]);
      expectTheDigest(catcher, scene);
    },
  );

  describeWithRedis('in the cluster', () => {
    let redis: RestartableRedisServer;
    beforeAll(async () => {
      redis = await startRedisServer(redisBinary as string);
    });
    afterAll(() => redis.stop());

    it(
      'sends one mail per user from the BullMQ job scheduler, across a restart',
      { timeout: 60_000 },
      async () => {
        dataDir = mkdtempSync(join(tmpdir(), 'skillers-digest-'));
        vi.useFakeTimers({ toFake: ['Date'], now: NOON });
        api = await start({ REDIS_URL: redis.url });
        expect(api.app.get<RepeatingTask>(DIGEST_TASK).adapter).toBe('bullmq');
        const scene = await playTheDay(api);

        // The scheduler's next job, due an hour after the start, is due now.
        vi.setSystemTime(NEXT_MORNING);
        await catcher.mailTo(scene.ada.email, 'Your day');
        await api.close();

        api = await start({ REDIS_URL: redis.url });
        const run = vi.spyOn(api.app.get(DigestService), 'run');
        vi.setSystemTime(NEXT_MORNING + 2 * 60 * 60 * 1000);
        await vi.waitFor(() => expect(run).toHaveBeenCalled(), { timeout: SCHEDULED_RUN_BOUND_MS });
        await run.mock.results[0].value;
        expectTheDigest(catcher, scene);
      },
    );
  });
});
