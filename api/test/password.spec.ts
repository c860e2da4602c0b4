import { AUTH_MESSAGES, HTTP_MESSAGES, type PasswordResetRecord } from '@skillers/domain';
import { COLLECTIONS, type RecordStore } from '@skillers/store';
import { simpleParser } from 'mailparser';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORD_STORE } from '../src/core/tokens';
import { startMailCatcher, type MailCatcher } from '../src/mail/mail-catcher.testing';
import { connectSocket } from './socket-client';
import { startTestApp, type TestApp, type TestUser } from './test-app';

const PUBLIC_URL = 'https://skillers.example';
const NEW_PASSWORD = 'a-brand-new-secret';
const RESET_SUBJECT = 'Choose a new password';

/** The reset token of the link in a mail's plain text. */
const tokenIn = (text: string | undefined): string => {
  const link = /https:\/\/skillers\.example\/reset-password\?token=([\w-]+)/.exec(text ?? '');
  expect(link, text).not.toBeNull();
  return link![1];
};

describe('password reset and change', () => {
  let catcher: MailCatcher;
  let api: TestApp;
  let address = 0;
  /** Each test asks from its own client address, so the per-address limit is one test's alone. */
  const from = () => ({ 'x-forwarded-for': `10.9.0.${(address += 1)}` });

  beforeAll(async () => {
    catcher = await startMailCatcher();
    api = await startTestApp({ SMTP_URL: catcher.url, PUBLIC_URL, TRUST_PROXY: 'loopback' });
  });
  afterAll(async () => {
    await api?.close();
    await catcher?.close();
  });

  const forgot = (email: string, headers = from()) =>
    api.request('POST', '/api/auth/forgot-password', { body: { email }, headers });
  const login = (user: TestUser, password: string) =>
    api.request('POST', '/api/auth/login', { body: { email: user.email, password }, headers: from() });
  const reset = (token: string, password = NEW_PASSWORD) =>
    api.request('POST', '/api/auth/reset-password', { body: { token, password } });
  const mailedToken = async (user: TestUser) =>
    tokenIn((await catcher.mailTo(user.email, RESET_SUBJECT)).text);

  it('mails a single-use link; the new password works, the old one and every session end', async () => {
    const user = await api.signUp();
    const otherSession = (await login(user, user.password)).body.token as string;
    const asked = await forgot(user.email.toUpperCase());
    expect(asked.status).toBe(202);
    expect(asked.body).toEqual({ message: AUTH_MESSAGES.resetMailSent });

    const mail = await catcher.mailTo(user.email, RESET_SUBJECT);
    expect(mail.subject).toBe('Choose a new password | Skillers');
    expect(mail.html).toContain(`href="${PUBLIC_URL}/reset-password?token=`);
    const token = tokenIn(mail.text);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    // Only the token's hash is stored.
    const store = api.app.get<RecordStore>(RECORD_STORE);
    const stored = await store
      .collection<PasswordResetRecord>(COLLECTIONS.passwordResets)
      .find({ userId: user.id });
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(token);

    const done = await reset(token);
    expect(done.status).toBe(200);
    expect(done.body.message).toBe(AUTH_MESSAGES.passwordReset);
    expect((await login(user, NEW_PASSWORD)).status).toBe(200);
    expect((await login(user, user.password)).status).toBe(401);
    for (const token of [user.token, otherSession]) {
      const answer = await api.request('GET', '/api/user/settings', { token });
      expect(answer.status).toBe(401);
      expect(answer.body.message).toBe(HTTP_MESSAGES.unauthorized);
      await expect(connectSocket(api.baseUrl, { token })).rejects.toThrow(HTTP_MESSAGES.unauthorized);
    }

    const again = await reset(token, 'yet-another-secret');
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ message: AUTH_MESSAGES.resetLinkInvalid, field: 'token' });
    expect((await login(user, NEW_PASSWORD)).status).toBe(200);
  });

  it('answers an unknown address exactly as a known one, and mails nothing', async () => {
    const user = await api.signUp();
    const known = await forgot(user.email);
    const unknown = await forgot(`nobody-${user.email}`);
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(unknown.headers.get('content-length')).toBe(known.headers.get('content-length'));
    await catcher.mailTo(user.email, RESET_SUBJECT);
    expect(catcher.mails.some((mail) => mail.text?.includes(`nobody-${user.email}`))).toBe(false);
  });

  it('lets only the newest link work', async () => {
    const user = await api.signUp();
    await forgot(user.email);
    const first = await mailedToken(user);
    catcher.mails.splice(
      catcher.mails.findIndex((mail) => mail.text?.includes(first)),
      1,
    );
    await forgot(user.email);
    const second = await mailedToken(user);
    expect(second).not.toBe(first);
    expect((await reset(first)).body.message).toBe(AUTH_MESSAGES.resetLinkInvalid);
    expect((await reset(second)).status).toBe(200);
  });

  it('refuses an expired link', async () => {
    const user = await api.signUp();
    await forgot(user.email);
    const token = await mailedToken(user);
    const resets = api.app
      .get<RecordStore>(RECORD_STORE)
      .collection<PasswordResetRecord>(COLLECTIONS.passwordResets);
    const [stored] = await resets.find({ userId: user.id });
    await resets.update(stored._id, { expiresAt: new Date(Date.now() - 1000).toISOString() });
    const answer = await reset(token);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(AUTH_MESSAGES.resetLinkInvalid);
    expect((await login(user, user.password)).status).toBe(200);
  });

  it('refuses bad input with a 4xx and a message', async () => {
    for (const body of [{}, { email: 'not-an-address' }, { email: 'a@b.example', extra: 1 }]) {
      const answer = await api.request('POST', '/api/auth/forgot-password', { body, headers: from() });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.message).toEqual(expect.any(String));
    }
    const token = 'A'.repeat(43);
    for (const [body, message] of [
      [{ password: NEW_PASSWORD }, AUTH_MESSAGES.resetLinkInvalid],
      [{ token: 'short', password: NEW_PASSWORD }, AUTH_MESSAGES.resetLinkInvalid],
      [{ token, password: 'short' }, AUTH_MESSAGES.passwordTooShort],
      [{ token, password: NEW_PASSWORD }, AUTH_MESSAGES.resetLinkInvalid],
    ] as const) {
      const answer = await api.request('POST', '/api/auth/reset-password', { body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.message).toBe(message);
    }
  });

  it('limits reset mails per address, known or not, and per client address', async () => {
    const user = await api.signUp();
    const answers = [];
    for (let n = 0; n < 6; n += 1)
      answers.push(await forgot(user.email), await forgot(`ghost-${user.email}`));
    expect(answers.slice(0, 10).map((answer) => answer.status)).toEqual(Array(10).fill(202));
    for (const refused of answers.slice(10)) {
      expect(refused.status).toBe(429);
      expect(refused.body.message).toBe(AUTH_MESSAGES.tooManyResetRequests);
    }
    const client = from();
    const fromOne = [];
    for (let n = 0; n < 21; n += 1) fromOne.push((await forgot(`spray${n}-${user.email}`, client)).status);
    expect(fromOne.slice(0, 20)).toEqual(Array(20).fill(202));
    expect(fromOne[20]).toBe(429);
  });

  it('changes the password with the current one, ending every other session but the caller', async () => {
    const user = await api.signUp();
    const otherSession = (await login(user, user.password)).body.token as string;
    const change = (body: unknown, token = user.token) =>
      api.request('PUT', '/api/user/password', { token, body });

    for (const [body, message] of [
      [{ newPassword: NEW_PASSWORD }, AUTH_MESSAGES.currentPasswordRequired],
      [{ currentPassword: user.password, newPassword: 'short' }, AUTH_MESSAGES.passwordTooShort],
      [{ currentPassword: 'not-my-password', newPassword: NEW_PASSWORD }, AUTH_MESSAGES.wrongCurrentPassword],
    ] as const) {
      const answer = await change(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.message).toBe(message);
    }
    const visitor = await api.request('PUT', '/api/user/password', {
      body: { currentPassword: user.password, newPassword: NEW_PASSWORD },
    });
    expect(visitor.status).toBe(401);

    const changed = await change({ currentPassword: user.password, newPassword: NEW_PASSWORD });
    expect(changed.status).toBe(200);
    expect(changed.body.message).toBe(AUTH_MESSAGES.passwordChanged);
    const fresh = changed.body.token as string;
    expect((await api.request('GET', '/api/user/settings', { token: fresh })).status).toBe(200);
    for (const token of [user.token, otherSession])
      expect((await api.request('GET', '/api/user/settings', { token })).status).toBe(401);
    expect((await login(user, NEW_PASSWORD)).status).toBe(200);
    expect((await login(user, user.password)).status).toBe(401);
  });
});

describe('password reset without SMTP_URL', () => {
  let api: TestApp;
  beforeAll(async () => {
    api = await startTestApp({ PUBLIC_URL });
  });
  afterAll(() => api?.close());

  it('writes the mail as an .eml file under DATA_DIR/mail whose link resets the password', async () => {
    const user = await api.signUp();
    const asked = await api.request('POST', '/api/auth/forgot-password', { body: { email: user.email } });
    expect(asked.status).toBe(202);
    const folder = join(api.dataDir, 'mail');
    // The mail leaves after the answer.
    const resetMails = async () => {
      const files = existsSync(folder) ? readdirSync(folder).filter((name) => name.endsWith('.eml')) : [];
      const mails = await Promise.all(files.map((name) => simpleParser(readFileSync(join(folder, name)))));
      return mails.filter((mail) => mail.subject?.startsWith(RESET_SUBJECT));
    };
    let mails = await resetMails();
    while (mails.length === 0) {
      await sleep(20);
      mails = await resetMails();
    }
    const [mail] = mails;
    expect(mail.to).toMatchObject({ value: [{ address: user.email }] });
    const answer = await api.request('POST', '/api/auth/reset-password', {
      body: { token: tokenIn(mail.text), password: NEW_PASSWORD },
    });
    expect(answer.status).toBe(200);
    const login = await api.request('POST', '/api/auth/login', {
      body: { email: user.email, password: NEW_PASSWORD },
    });
    expect(login.status).toBe(200);
  });
});
