import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettings, type Post } from '@skillers/domain';
import type { ParsedMail } from 'mailparser';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailsAfterSignUp, startMailCatcher, type MailCatcher } from '../src/mail/mail-catcher.testing';
import { UNREAD_MESSAGE_WAIT_MS } from '@skillers/indexing';
import { InstantMailsService } from '../src/notification-mail/instant-mails.service';
import { createProfile } from './listing-fixtures';
import { startTestApp, type TestApp, type TestUser } from './test-app';

const MINUTE_MS = 60 * 1000;

describe('notifications by email right away', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'skillers-instant-mail-'));
  let catcher: MailCatcher;
  let api: TestApp;

  const start = () =>
    startTestApp({ DATA_DIR: dataDir, SMTP_URL: catcher.url, PUBLIC_URL: 'https://app.example' });
  /** Moves the app's clock on, then runs the sweep a timer would run. */
  const later = async (ms: number) => {
    vi.setSystemTime(Date.now() + ms);
    await api.app.get(InstantMailsService).sendDue();
  };
  const mailsTo = (user: TestUser): ParsedMail[] => mailsAfterSignUp(catcher, user.email);
  const choose = (user: TestUser, settings: Partial<NotificationSettings>) =>
    api.request('PUT', '/api/user/notification-settings', {
      token: user.token,
      body: { ...DEFAULT_NOTIFICATION_SETTINGS, ...settings },
    });
  const send = (from: TestUser, to: TestUser, message: string) =>
    api.request('POST', '/api/chat/sendMessage', { token: from.token, body: { id: to.id, message } });
  const openConversation = (reader: TestUser, friend: TestUser) =>
    api.request('GET', `/api/chat/conversation?friendId=${friend.id}`, { token: reader.token });

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    catcher = await startMailCatcher();
    api = await start();
  });
  afterAll(async () => {
    await api.close();
    await catcher.close();
    vi.useRealTimers();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('mails no one for a message read within 10 minutes', async () => {
    const [ada, bob] = [await api.signUp(), await api.signUp()];
    await choose(bob, { messages: 'email' });
    await send(ada, bob, 'Shall we build it?');
    await later(UNREAD_MESSAGE_WAIT_MS - MINUTE_MS);
    await openConversation(bob, ada);
    await later(2 * MINUTE_MS);
    await later(60 * MINUTE_MS);
    expect(mailsTo(bob)).toEqual([]);
  });

  it('mails no one for a message whose notification was read within 10 minutes', async () => {
    const [ada, bob] = [await api.signUp(), await api.signUp()];
    await choose(bob, { messages: 'email' });
    await send(ada, bob, 'Shall we build it?');
    await later(UNREAD_MESSAGE_WAIT_MS - MINUTE_MS);
    await api.request('POST', '/api/notifications/read', { token: bob.token });
    await later(60 * MINUTE_MS);
    expect(mailsTo(bob)).toEqual([]);
  });

  it('mails one mail with a link to the conversation for a message left unread 10 minutes', async () => {
    const [ada, bob] = [await api.signUp(), await api.signUp()];
    await choose(bob, { messages: 'email' });
    await send(ada, bob, 'Shall we build it?');
    await later(MINUTE_MS);
    // A second message before the mail shares its notification and its due time.
    await send(ada, bob, 'I have the designs ready.');
    await later(UNREAD_MESSAGE_WAIT_MS - 2 * MINUTE_MS);
    expect(mailsTo(bob)).toEqual([]);
    await later(MINUTE_MS);
    await later(60 * MINUTE_MS);
    const mails = mailsTo(bob);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain(`${ada.username} sent you a message`);
    expect(mails[0].text).toContain('I have the designs ready.');
    expect(mails[0].text).toContain(`https://app.example/conversations?friendId=${ada.id}`);
  });

  it('mails no one whose messages stay in the app', async () => {
    const [ada, bob] = [await api.signUp(), await api.signUp()];
    await choose(bob, { messages: 'in-app', likesAndComments: 'email' });
    await send(ada, bob, 'Shall we build it?');
    await later(UNREAD_MESSAGE_WAIT_MS + MINUTE_MS);
    expect(mailsTo(bob)).toEqual([]);
  });

  it('mails a like at once to whoever wants likes by email', async () => {
    const [ada, bob] = [await api.signUp(), await api.signUp()];
    await choose(bob, { likesAndComments: 'email' });
    const { body } = await api.request<{ post: Post }>('POST', '/api/post', {
      token: bob.token,
      body: { data: 'Looking for a designer' },
    });
    await api.request('POST', `/api/post/${body.post._id}/like`, { token: ada.token });
    const mail = await catcher.mailTo(bob.email, ada.username);
    expect(mail.subject).toContain(`${ada.username} liked your post`);
    await later(60 * MINUTE_MS);
    expect(mailsTo(bob)).toHaveLength(1);
  });

  it('mails a saved-search alert, stored on the alerts thread, to whoever wants alert matches by email', async () => {
    const [ada, bob] = [await api.signUp(), await api.signUp()];
    await choose(ada, { alertMatches: 'email' });
    await api.request('POST', '/api/user/saved-searches', {
      token: ada.token,
      body: { kind: 'teammate', name: 'Blender', activeFilters: { toolsExperience: ['Blender'] } },
    });
    await createProfile(api, bob, { toolsExperience: [{ tool: 'Blender', mep: 3 }] });
    await vi.waitFor(
      async () => {
        await api.app.get(InstantMailsService).sendDue();
        expect(mailsTo(ada)).toHaveLength(1);
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(mailsTo(ada)[0].subject).toContain(`${bob.username} published a skiller profile matching`);
  });

  it('sends a message mail that was waiting across a restart, once', async () => {
    const [ada, bob] = [await api.signUp(), await api.signUp()];
    await choose(bob, { messages: 'email' });
    await send(ada, bob, 'Still there?');
    await api.close();
    api = await start();
    await later(UNREAD_MESSAGE_WAIT_MS + MINUTE_MS);
    await later(60 * MINUTE_MS);
    expect(mailsTo(bob)).toHaveLength(1);
  });
});
