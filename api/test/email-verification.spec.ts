import {
  EMAIL_VERIFICATION_MESSAGES,
  type EmailVerificationRecord,
  HTTP_MESSAGES,
  TRUST_MESSAGES,
  type UserRecord,
} from '@skillers/domain';
import { COLLECTIONS, type RecordStore } from '@skillers/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORD_STORE } from '../src/core/tokens';
import { startMailCatcher, type MailCatcher } from '../src/mail/mail-catcher.testing';
import { startTestApp, type TestApp, type TestUser } from './test-app';

const PUBLIC_URL = 'https://skillers.example';
const SUBJECT = 'Confirm your email address';

/** The confirmation token of the link in a mail's plain text. */
const tokenIn = (text: string | undefined): string => {
  const link = /https:\/\/skillers\.example\/verify-email\?token=([\w-]+)/.exec(text ?? '');
  expect(link, text).not.toBeNull();
  return link![1];
};

describe('email verification', () => {
  let catcher: MailCatcher;
  let api: TestApp;
  let address = 0;
  /** Each test asks from its own client address, so the per-address limit is one test's alone. */
  const from = () => ({ 'x-forwarded-for': `10.8.0.${(address += 1)}` });

  beforeAll(async () => {
    catcher = await startMailCatcher();
    api = await startTestApp({
      SMTP_URL: catcher.url,
      PUBLIC_URL,
      TRUST_PROXY: 'loopback',
      FIRST_CONTACTS_PER_DAY: '5',
      // Many sign-ups from one address; the per-account limit tested here is never scaled.
      RATE_LIMIT_SCALE: '10',
    });
  });
  afterAll(async () => {
    await api?.close();
    await catcher?.close();
  });

  const store = () => api.app.get<RecordStore>(RECORD_STORE);
  const verifications = () => store().collection<EmailVerificationRecord>(COLLECTIONS.emailVerifications);
  const verify = (token: string, options: { token?: string } = {}) =>
    api.request('POST', '/api/auth/verify-email', { body: { token }, headers: from(), ...options });
  const resend = (user: TestUser) =>
    api.request('POST', '/api/user/verification-email', { token: user.token, headers: from() });
  const verified = async (user: TestUser) =>
    (
      await api.request<{ user: { emailVerified: boolean } }>('GET', '/api/user/settings', {
        token: user.token,
      })
    ).body.user.emailVerified;
  /** The token of the latest confirmation mail to `email`, once `count` of them have arrived. */
  const mailedToken = async (email: string, count = 1) =>
    tokenIn((await catcher.mailsTo(email, SUBJECT, count)).at(-1)?.text);

  it('mails a single-use link on sign-up that confirms the address once', async () => {
    const user = await api.signUp();
    expect(await verified(user)).toBe(false);

    const mail = await catcher.mailTo(user.email, SUBJECT);
    expect(mail.subject).toBe(`${SUBJECT} | Skillers`);
    expect(mail.html).toContain(`href="${PUBLIC_URL}/verify-email?token=`);
    const token = tokenIn(mail.text);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    // Only the token's hash is stored, with the address it went to.
    const stored = await verifications().find({ userId: user.id });
    expect(stored).toMatchObject([{ email: user.email }]);
    expect(JSON.stringify(stored)).not.toContain(token);
    const lifetime = Date.parse(stored[0].expiresAt) - Date.parse(stored[0].createdAt);
    expect(lifetime).toBe(48 * 60 * 60 * 1000);

    const done = await verify(token);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ message: EMAIL_VERIFICATION_MESSAGES.verified });
    expect(await verified(user)).toBe(true);

    const again = await verify(token);
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ message: EMAIL_VERIFICATION_MESSAGES.linkInvalid, field: 'token' });
  });

  it('sends a new link on request, which ends the earlier one', async () => {
    const user = await api.signUp();
    const first = await mailedToken(user.email);
    const asked = await resend(user);
    expect(asked.status).toBe(202);
    expect(asked.body).toEqual({ message: EMAIL_VERIFICATION_MESSAGES.mailSent });
    const second = await mailedToken(user.email, 2);
    expect(second).not.toBe(first);
    expect((await verify(first)).body.message).toBe(EMAIL_VERIFICATION_MESSAGES.linkInvalid);
    expect(await verified(user)).toBe(false);
    expect((await verify(second)).status).toBe(200);
    expect(await verified(user)).toBe(true);

    const late = await resend(user);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(EMAIL_VERIFICATION_MESSAGES.alreadyVerified);
  });

  it('refuses an expired link', async () => {
    const user = await api.signUp();
    const token = await mailedToken(user.email);
    const [stored] = await verifications().find({ userId: user.id });
    await verifications().update(stored._id, { expiresAt: new Date(Date.now() - 1000).toISOString() });
    const answer = await verify(token);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(EMAIL_VERIFICATION_MESSAGES.linkInvalid);
    expect(await verified(user)).toBe(false);
  });

  it('confirms only the account a link was mailed for, whoever is signed in when it is opened', async () => {
    const ada = await api.signUp();
    const bob = await api.signUp();
    const adaToken = await mailedToken(ada.email);
    // Bob, signed in, opens Ada's link: Ada's address is confirmed, Bob's is not.
    expect((await verify(adaToken, { token: bob.token })).status).toBe(200);
    expect(await verified(bob)).toBe(false);
    expect(await verified(ada)).toBe(true);
  });

  it('asks again after an email change, and a link to the old address confirms nothing', async () => {
    const user = await api.signUp();
    const oldLink = await mailedToken(user.email);
    const other = await api.signUp();
    expect((await verify(await mailedToken(other.email))).status).toBe(200);

    // A change of name alone keeps a confirmed address confirmed.
    const renamed = await api.request('PATCH', '/api/user/settings', {
      token: other.token,
      body: { name: 'Ada' },
    });
    expect(renamed.status).toBe(200);
    expect(await verified(other)).toBe(true);

    const newEmail = `new-${other.email}`;
    const changed = await api.request('PATCH', '/api/user/settings', {
      token: other.token,
      body: { email: newEmail },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.user).toMatchObject({ email: newEmail, emailVerified: false });
    const token = await mailedToken(newEmail);
    expect((await verify(token)).status).toBe(200);
    expect(await verified(other)).toBe(true);

    // The first account changes its address before opening the link mailed to the old one.
    await api.request('PATCH', '/api/user/settings', {
      token: user.token,
      body: { email: `moved-${user.email}` },
    });
    await mailedToken(`moved-${user.email}`);
    expect((await verify(oldLink)).body.message).toBe(EMAIL_VERIFICATION_MESSAGES.linkInvalid);
    expect(await verified(user)).toBe(false);
  });

  it('counts accounts from before confirmation existed as confirmed', async () => {
    const user = await api.signUp();
    await store().collection<UserRecord>(COLLECTIONS.users).update(user.id, {}, ['emailVerified']);
    expect(await verified(user)).toBe(true);
  });

  it('removes the confirmation link with the account, and its address with it', async () => {
    const user = await api.signUp();
    const token = await mailedToken(user.email);
    const deleted = await api.request('DELETE', '/api/user', {
      token: user.token,
      body: { password: user.password },
    });
    expect(deleted.status).toBe(200);
    expect(await verifications().find({ userId: user.id })).toEqual([]);
    expect((await verify(token)).body.message).toBe(EMAIL_VERIFICATION_MESSAGES.linkInvalid);
  });

  it('refuses bad input with a 4xx and a message', async () => {
    for (const body of [
      {},
      { token: 'short' },
      { token: 'A'.repeat(43), extra: 1 },
      { token: 'A'.repeat(43) },
    ]) {
      const answer = await api.request('POST', '/api/auth/verify-email', { body, headers: from() });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.message).toEqual(expect.any(String));
    }
    const visitor = await api.request('POST', '/api/user/verification-email', { headers: from() });
    expect(visitor.status).toBe(401);
    expect(visitor.body.message).toBe(HTTP_MESSAGES.unauthorized);
  });

  it('limits the mails one account asks for', async () => {
    const user = await api.signUp();
    const answers = [];
    for (let n = 0; n < 6; n += 1) answers.push((await resend(user)).status);
    expect(answers).toEqual([202, 202, 202, 202, 202, 429]);
    const refused = await resend(user);
    expect(refused.body.message).toBe(EMAIL_VERIFICATION_MESSAGES.tooManyRequests);
  });

  describe('first contacts', () => {
    const send = (sender: TestUser, recipient: TestUser, message = 'Hi') =>
      api.request('POST', '/api/chat/sendMessage', {
        token: sender.token,
        body: { id: recipient.id, message },
      });

    it('limits an unconfirmed account to 3 new conversations a day, with its own text; replies go on', async () => {
      const sender = await api.signUp();
      const recipients = await Promise.all(Array.from({ length: 4 }, () => api.signUp()));
      for (const recipient of recipients.slice(0, 3))
        expect((await send(sender, recipient)).status).toBe(201);
      const fourth = await send(sender, recipients[3]);
      expect(fourth.status).toBe(429);
      expect(fourth.body.message).toBe(EMAIL_VERIFICATION_MESSAGES.tooManyFirstContacts(3));
      expect((await send(sender, recipients[0], 'Still there?')).status).toBe(201);

      // Once confirmed, the general allowance (5 here) applies.
      expect((await verify(await mailedToken(sender.email))).status).toBe(200);
      expect((await send(sender, recipients[3])).status).toBe(201);
    });

    it('leaves a confirmed account the general allowance, as before', async () => {
      const sender = await api.signUp();
      expect((await verify(await mailedToken(sender.email))).status).toBe(200);
      const recipients = await Promise.all(Array.from({ length: 6 }, () => api.signUp()));
      for (const recipient of recipients.slice(0, 5))
        expect((await send(sender, recipient)).status).toBe(201);
      const sixth = await send(sender, recipients[5]);
      expect(sixth.status).toBe(429);
      expect(sixth.body.message).toBe(TRUST_MESSAGES.tooManyFirstContacts(5));
    });
  });
});
