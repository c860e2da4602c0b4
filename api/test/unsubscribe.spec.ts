import {
  DEFAULT_NOTIFICATION_SETTINGS,
  type NotificationSettings,
  NOTIFICATION_SETTINGS_MESSAGES,
  type Post,
} from '@skillers/domain';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCatcher, type MailCatcher } from '../src/mail/mail-catcher.testing';
import { UNSUBSCRIBE_MESSAGES } from '../src/notification-mail/unsubscribe.schemas';
import type { ErrorAnswer } from './listing-fixtures';
import { startTestApp, type TestApp, type TestUser } from './test-app';

const PUBLIC_URL = 'https://app.example';
const ONE_CLICK = 'List-Unsubscribe=One-Click';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

describe('one-click unsubscribe (RFC 8058)', () => {
  let catcher: MailCatcher;
  let api: TestApp;

  const settingsOf = async (user: TestUser) =>
    (
      await api.request<{ notificationSettings: NotificationSettings }>(
        'GET',
        '/api/user/notification-settings',
        { token: user.token },
      )
    ).body.notificationSettings;
  /** A user who wants likes and comments and messages by email, and the like mail that reached them. */
  const likedUser = async (): Promise<{ user: TestUser; mail: ParsedMail }> => {
    const [user, fan] = [await api.signUp(), await api.signUp()];
    const saved = await api.request('PUT', '/api/user/notification-settings', {
      token: user.token,
      body: { ...DEFAULT_NOTIFICATION_SETTINGS, likesAndComments: 'email', messages: 'email' },
    });
    expect(saved.body.message).toBe(NOTIFICATION_SETTINGS_MESSAGES.saved);
    const { body } = await api.request<{ post: Post }>('POST', '/api/post', {
      token: user.token,
      body: { data: 'Looking for a designer' },
    });
    await api.request('POST', `/api/post/${body.post._id}/like`, { token: fan.token });
    return { user, mail: await catcher.mailTo(user.email, fan.username) };
  };
  /** The mail's one-click address, as the header gives it, on this test's server. */
  const unsubscribePath = (mail: ParsedMail): string => {
    const line = mail.headerLines.find((header) => header.key === 'list-unsubscribe')?.line ?? '';
    const url = /<(.+)>/.exec(line)?.[1] ?? '';
    expect(url.startsWith(`${PUBLIC_URL}/api/unsubscribe?token=`)).toBe(true);
    return url.slice(PUBLIC_URL.length);
  };
  const tokenOf = (path: string) => new URLSearchParams(path.split('?')[1]).get('token') ?? '';

  beforeAll(async () => {
    catcher = await startMailCatcher();
    api = await startTestApp({ SMTP_URL: catcher.url, PUBLIC_URL });
  });
  afterAll(async () => {
    await api.close();
    await catcher.close();
  });

  it('carries the one-click headers and a link in every notification mail', async () => {
    const { mail } = await likedUser();
    expect(mail.headerLines.find((header) => header.key === 'list-unsubscribe-post')?.line).toBe(
      `List-Unsubscribe-Post: ${ONE_CLICK}`,
    );
    expect(mail.text).toContain(`Stop these mails: ${PUBLIC_URL}${unsubscribePath(mail)}`);
  });

  it('sets the group of the mail to in-app on a one-click POST, without signing in', async () => {
    const { user, mail } = await likedUser();
    const answer = await api.request('POST', unsubscribePath(mail), { rawBody: ONE_CLICK, headers: FORM });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ message: UNSUBSCRIBE_MESSAGES.unsubscribed });
    expect(await settingsOf(user)).toEqual({
      ...DEFAULT_NOTIFICATION_SETTINGS,
      likesAndComments: 'in-app',
      messages: 'email',
    });
  });

  it('only shows a page with a button on GET, which a browser posts to get a page back', async () => {
    const { user, mail } = await likedUser();
    const path = unsubscribePath(mail);
    const page = await api.request('GET', path);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = String(page.body);
    expect(html).toContain('likes and comments');
    expect(html).toContain(`<form method="post" action="${path.replace(/&/g, '&amp;')}">`);
    expect(html).toContain('<input type="hidden" name="List-Unsubscribe" value="One-Click">');
    // A mail scanner opening the link changes nothing.
    expect((await settingsOf(user)).likesAndComments).toBe('email');

    const posted = await api.request('POST', path, {
      rawBody: ONE_CLICK,
      headers: { ...FORM, accept: 'text/html,application/xhtml+xml' },
    });
    expect(posted.status).toBe(200);
    expect(String(posted.body)).toContain(UNSUBSCRIBE_MESSAGES.unsubscribed);
    expect((await settingsOf(user)).likesAndComments).toBe('in-app');
  });

  it('refuses a forged, changed or malformed token with 400 and a message, changing nothing', async () => {
    const { user, mail } = await likedUser();
    const victim = await api.signUp();
    await api.request('PUT', '/api/user/notification-settings', {
      token: victim.token,
      body: { ...DEFAULT_NOTIFICATION_SETTINGS, likesAndComments: 'email' },
    });
    const [, signature] = tokenOf(unsubscribePath(mail)).split('.');
    const naming = (userId: string) =>
      Buffer.from(JSON.stringify({ u: userId, g: ['likesAndComments'] })).toString('base64url');
    const refused = [
      `${naming(victim.id)}.${signature}`,
      `${naming(user.id)}.${'A'.repeat(43)}`,
      'not-a-token',
      '',
    ];
    for (const token of refused) {
      for (const method of ['GET', 'POST']) {
        const answer = await api.request<ErrorAnswer>(method, `/api/unsubscribe?token=${token}`, {
          ...(method === 'POST' && { rawBody: ONE_CLICK, headers: FORM }),
        });
        expect(answer.status).toBe(400);
        expect(answer.body.message).toBe(UNSUBSCRIBE_MESSAGES.invalidLink);
      }
    }
    expect((await settingsOf(victim)).likesAndComments).toBe('email');
    expect((await settingsOf(user)).likesAndComments).toBe('email');
  });

  it('refuses a POST without the one-click body with 400 and a message', async () => {
    const { user, mail } = await likedUser();
    const answer = await api.request<ErrorAnswer>('POST', unsubscribePath(mail), {
      rawBody: 'List-Unsubscribe=Later',
      headers: FORM,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(UNSUBSCRIBE_MESSAGES.oneClickBody);
    expect((await settingsOf(user)).likesAndComments).toBe('email');
  });
});
