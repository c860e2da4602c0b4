import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AUTH_MESSAGES, HTTP_MESSAGES } from '@skillers/domain';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { JWT_SECRET_FILE } from '../src/config/jwt-secret';
import { SIGNUPS_PER_MINUTE } from '../src/auth/auth.controller';
import { LOGIN_FAILURES_ALLOWED } from '../src/auth/login-rate-limiter';
import { startTestApp, type TestApp } from './test-app';

const base64url = (value: object | string) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/** Hand-made tokens, to check the API refuses every token it did not sign itself. */
const forgeToken = (header: object, payload: object, secret?: string) => {
  const unsigned = `${base64url(header)}.${base64url(payload)}`;
  const signature = secret ? createHmac('sha256', secret).update(unsigned).digest('base64url') : '';
  return `${unsigned}.${signature}`;
};

describe('accounts: sign-up and login', () => {
  let api: TestApp;
  beforeAll(async () => {
    api = await startTestApp();
  });
  afterAll(() => api.close());

  const signup = (body: unknown) => api.request('POST', '/api/auth/signup', { body });
  const login = (body: unknown, headers?: Record<string, string>) =>
    api.request('POST', '/api/auth/login', { body, headers });

  it('signs up, then logs in with a token whose payload carries the user id', async () => {
    const created = await signup({
      username: 'ada',
      email: 'Ada@Example.com',
      password: 'analytical-engine',
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ message: AUTH_MESSAGES.signedUp });

    const session = await login({ email: 'ada@example.com', password: 'analytical-engine' });
    expect(session.status).toBe(200);
    expect(session.body.message).toBe(AUTH_MESSAGES.loggedIn);
    const [header, payload] = String(session.body.token)
      .split('.')
      .slice(0, 2)
      .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()));
    expect(header.alg).toBe('HS256');
    expect(payload.id).toMatch(/^[0-9a-f]{24}$/);
    expect(payload.sub).toBe(payload.id);
    expect(payload.exp - payload.iat).toBe(7 * 24 * 3600);

    const settings = await api.request('GET', '/api/user/settings', { token: String(session.body.token) });
    expect(settings.status).toBe(200);
    expect(settings.body.user).toMatchObject({ _id: payload.id, username: 'ada', email: 'ada@example.com' });
  });

  it('never stores or returns the password', async () => {
    const user = await api.signUp({ password: 'plain-text-never' });
    const stored = ['skillers.sqlite', 'skillers.sqlite-wal']
      .map((file) => readFileSync(join(api.dataDir, file)).toString('latin1'))
      .join('');
    expect(stored).not.toContain('plain-text-never');
    expect(stored).toContain('$argon2id$');
    const settings = await api.request('GET', '/api/user/settings', { token: user.token });
    expect(JSON.stringify(settings.body)).not.toMatch(/password/i);
  });

  it('answers "Email is already taken" under email, whatever the case', async () => {
    await signup({ username: 'grace', email: 'grace@example.com', password: 'cobol-forever' });
    const again = await signup({ username: 'grace2', email: 'GRACE@example.com', password: 'cobol-forever' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: AUTH_MESSAGES.emailTaken, field: 'email' });
  });

  it('answers "Username is already taken", whatever the case', async () => {
    await signup({ username: 'Linus', email: 'linus@example.com', password: 'penguins-rule' });
    const again = await signup({
      username: 'linus',
      email: 'other-linus@example.com',
      password: 'penguins-rule',
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: AUTH_MESSAGES.usernameTaken, field: 'username' });
  });

  it('lets the store decide between two sign-ups racing for one email', async () => {
    const attempts = await Promise.all(
      [1, 2, 3].map((n) =>
        signup({ username: `racer${n}`, email: 'race@example.com', password: 'fast-and-furious' }),
      ),
    );
    expect(attempts.map((attempt) => attempt.status).sort()).toEqual([201, 409, 409]);
  });

  it.each([
    [{}, 'username', AUTH_MESSAGES.usernameRequired],
    [{ username: '', email: 'a@b.com', password: '12345678' }, 'username', AUTH_MESSAGES.usernameRequired],
    [{ username: 'x', password: '12345678' }, 'email', AUTH_MESSAGES.emailRequired],
    [{ username: 'x', email: 'not-an-email', password: '12345678' }, 'email', AUTH_MESSAGES.emailInvalid],
    [{ username: 'x', email: 'a@b.toolong', password: '12345678' }, 'email', AUTH_MESSAGES.emailInvalid],
    [{ username: 'x', email: 'a@b.com' }, 'password', AUTH_MESSAGES.passwordRequired],
    [{ username: 'x', email: 'a@b.com', password: 'short' }, 'password', AUTH_MESSAGES.passwordTooShort],
    [
      { username: { $gt: '' }, email: 'a@b.com', password: '12345678' },
      'username',
      AUTH_MESSAGES.usernameRequired,
    ],
    [{ username: 'x', email: 'a@b.com', password: '12345678', isAdmin: true }, '', 'Unknown field: isAdmin'],
  ])('rejects sign-up %j with 400 naming %s', async (body, field, message) => {
    const response = await signup(body);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
    expect(response.body.errors).toContainEqual({ field: field || 'isAdmin', message });
  });

  it('answers "Cant find user" under email for an unknown account', async () => {
    const response = await login({ email: 'nobody@example.com', password: 'whatever-it-is' });
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ message: AUTH_MESSAGES.userNotFound, field: 'email' });
  });

  it('answers "Wrong Password!" under password', async () => {
    const user = await api.signUp();
    const response = await login({ email: user.email, password: 'not-the-password' });
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ message: AUTH_MESSAGES.wrongPassword, field: 'password' });
  });

  it.each([
    [{}, AUTH_MESSAGES.emailRequired],
    [{ email: 'bad', password: 'x' }, AUTH_MESSAGES.emailInvalid],
    [{ email: 'a@b.com' }, AUTH_MESSAGES.passwordRequired],
    [{ email: 'a@b.com', password: '' }, AUTH_MESSAGES.passwordRequired],
    [{ email: { $gt: '' }, password: 'x' }, AUTH_MESSAGES.emailRequired],
    [{ email: 'a@b.com', password: { $ne: null } }, AUTH_MESSAGES.passwordRequired],
    [['a@b.com', 'x'], 'Invalid input: expected object, received array'],
  ])('rejects login %j with 400', async (body, message) => {
    const response = await login(body);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
  });

  it('rejects malformed JSON and oversized bodies with a message', async () => {
    const malformed = await api.request('POST', '/api/auth/login', { rawBody: '{"email": "a@b.com",' });
    expect(malformed.status).toBe(400);
    expect(typeof malformed.body.message).toBe('string');
    const huge = await api.request('POST', '/api/auth/login', {
      rawBody: JSON.stringify({ email: 'x'.repeat(30_000_000) }),
    });
    expect(huge.status).toBe(413);
    expect(huge.body.message).toBe('The request is too large.');
  });

  it('refuses tokens it did not sign: none algorithm, wrong key, tampered payload, expired, garbage', async () => {
    const user = await api.signUp();
    const secret = readFileSync(join(api.dataDir, JWT_SECRET_FILE), 'utf8').trim();
    const now = Math.floor(Date.now() / 1000);
    const claims = { id: user.id, sub: user.id, username: user.username, iat: now, exp: now + 3600 };
    const [header, , signature] = user.token.split('.');
    const tokens = {
      none: forgeToken({ alg: 'none', typ: 'JWT' }, claims),
      wrongKey: forgeToken({ alg: 'HS256', typ: 'JWT' }, claims, 'x'.repeat(48)),
      tampered: `${header}.${base64url({ ...claims, id: '0'.repeat(24), sub: '0'.repeat(24) })}.${signature}`,
      garbage: 'not.a.token',
    };
    for (const token of Object.values(tokens)) {
      const response = await api.request('GET', '/api/user/settings', { token });
      expect(response.status).toBe(401);
      expect(response.body.message).toBe('You need to be logged in to do that.');
    }
    const expired = forgeToken(
      { alg: 'HS256', typ: 'JWT' },
      { ...claims, iat: now - 7200, exp: now - 3600 },
      secret,
    );
    const response = await api.request('GET', '/api/user/settings', { token: expired });
    expect(response.status).toBe(401);
    expect(response.body.message).toBe('Your session has expired. Please log in again.');
    const valid = forgeToken({ alg: 'HS256', typ: 'JWT' }, claims, secret);
    expect((await api.request('GET', '/api/user/settings', { token: valid })).status).toBe(200);
  });
});

describe('accounts: login rate limit', () => {
  let api: TestApp;
  beforeEach(async () => {
    api = await startTestApp();
  });
  afterEach(() => api.close());

  const login = (email: string, password: string) =>
    api.request('POST', '/api/auth/login', { body: { email, password } });

  it(`locks an account after ${LOGIN_FAILURES_ALLOWED} failures, even with the right password`, async () => {
    const user = await api.signUp();
    for (let attempt = 0; attempt < LOGIN_FAILURES_ALLOWED; attempt++) {
      expect((await login(user.email, 'guess-guess')).status).toBe(401);
    }
    const locked = await login(user.email, user.password);
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe(AUTH_MESSAGES.tooManyLoginAttempts);
    expect(locked.body.retryAfterSeconds).toBeGreaterThan(0);
  });

  it('locks one address that guesses across many accounts', async () => {
    const user = await api.signUp();
    for (let attempt = 0; attempt < LOGIN_FAILURES_ALLOWED; attempt++) {
      expect((await login(`nobody${attempt}@example.com`, 'guess-guess')).status).toBe(401);
    }
    expect((await login(user.email, user.password)).status).toBe(429);
  });

  it('checks no more guesses than the limit when they are all sent at once, from one address or many', async () => {
    const [one, other] = [await api.signUp(), await api.signUp()];
    const parallel = (count: number, email: string, address: (n: number) => string) =>
      Promise.all(
        Array.from({ length: count }, (_, n) =>
          api.request('POST', '/api/auth/login', {
            body: { email, password: 'guess-guess' },
            headers: { 'x-forwarded-for': address(n) },
          }),
        ),
      ).then((answers) => answers.map((answer) => answer.status));
    const fromOne = await parallel(40, one.email, () => '192.0.2.1');
    expect(fromOne.filter((status) => status === 401)).toHaveLength(LOGIN_FAILURES_ALLOWED);
    expect(fromOne.filter((status) => status === 429)).toHaveLength(40 - LOGIN_FAILURES_ALLOWED);
    const fromMany = await parallel(50, other.email, (n) => `198.51.100.${n + 1}`);
    expect(fromMany.filter((status) => status === 401)).toHaveLength(LOGIN_FAILURES_ALLOWED);
    expect(fromMany.filter((status) => status === 429)).toHaveLength(50 - LOGIN_FAILURES_ALLOWED);
    expect((await login(other.email, other.password)).status).toBe(429);
  });

  it('does not count successful logins', async () => {
    const user = await api.signUp();
    for (let attempt = 0; attempt < LOGIN_FAILURES_ALLOWED + 5; attempt++) {
      expect((await login(user.email, user.password)).status).toBe(200);
    }
  });
});

describe('accounts: sign-up rate limit', () => {
  it('refuses sign-ups past the per-minute allowance of one address with a readable 429', async () => {
    const api = await startTestApp();
    try {
      const statuses: number[] = [];
      let refusal: Record<string, unknown> = {};
      for (let n = 0; n <= SIGNUPS_PER_MINUTE; n++) {
        const response = await api.request('POST', '/api/auth/signup', {
          body: { username: `burst${n}`, email: `burst${n}@example.com`, password: 'long-enough-pass' },
        });
        statuses.push(response.status);
        if (response.status === 429) refusal = response.body;
      }
      expect(statuses.filter((status) => status === 201)).toHaveLength(SIGNUPS_PER_MINUTE);
      expect(statuses.at(-1)).toBe(429);
      expect(refusal.message).toBe(HTTP_MESSAGES.tooManyRequests);
    } finally {
      await api.close();
    }
  });

  it('scales the allowance with RATE_LIMIT_SCALE', async () => {
    const api = await startTestApp({ RATE_LIMIT_SCALE: '2' });
    try {
      for (let n = 0; n <= SIGNUPS_PER_MINUTE; n++) {
        const response = await api.request('POST', '/api/auth/signup', {
          body: { username: `scaled${n}`, email: `scaled${n}@example.com`, password: 'long-enough-pass' },
        });
        expect(response.status).toBe(201);
      }
    } finally {
      await api.close();
    }
  });
});
