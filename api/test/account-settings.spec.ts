import { AUTH_MESSAGES, FORM_MESSAGES } from '@skillers/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './test-app';

describe('account settings and user list', () => {
  let api: TestApp;
  beforeAll(async () => {
    api = await startTestApp();
  });
  afterAll(() => api.close());

  it('reads empty settings for a new account', async () => {
    const user = await api.signUp();
    const response = await api.request('GET', '/api/user/settings', { token: user.token });
    expect(response.status).toBe(200);
    expect(response.body.user).toEqual({
      _id: user.id,
      username: user.username,
      email: user.email,
      name: '',
      surname: '',
      phoneNumber: '',
      // Until the link mailed on sign-up is opened.
      emailVerified: false,
    });
  });

  it('saves settings, and an empty value clears a field', async () => {
    const user = await api.signUp();
    const saved = await api.request('PATCH', '/api/user/settings', {
      token: user.token,
      body: { name: ' Ada ', surname: 'Lovelace', email: user.email, phoneNumber: '+44 20 7946 0958' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe(FORM_MESSAGES.settingsSaved);
    expect(saved.body.user).toMatchObject({
      name: 'Ada',
      surname: 'Lovelace',
      phoneNumber: '+44 20 7946 0958',
    });

    const cleared = await api.request('PATCH', '/api/user/settings', {
      token: user.token,
      body: { surname: '' },
    });
    expect(cleared.body.user).toMatchObject({ name: 'Ada', surname: '' });
    const reread = await api.request('GET', '/api/user/settings', { token: user.token });
    expect(reread.body.user).toMatchObject({ name: 'Ada', surname: '', phoneNumber: '+44 20 7946 0958' });
  });

  it('changes the email, and login then uses the new one', async () => {
    const user = await api.signUp();
    const response = await api.request('PATCH', '/api/user/settings', {
      token: user.token,
      body: { email: `NEW-${user.email}` },
    });
    expect(response.status).toBe(200);
    expect(response.body.user).toMatchObject({ email: `new-${user.email}` });
    const login = await api.request('POST', '/api/auth/login', {
      body: { email: `new-${user.email}`, password: user.password },
    });
    expect(login.status).toBe(200);
  });

  it("refuses another account's email with the spec text", async () => {
    const [first, second] = [await api.signUp(), await api.signUp()];
    const response = await api.request('PATCH', '/api/user/settings', {
      token: second.token,
      body: { email: first.email },
    });
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({ message: AUTH_MESSAGES.emailTaken, field: 'email' });
    const unchanged = await api.request('GET', '/api/user/settings', { token: second.token });
    expect(unchanged.body.user).toMatchObject({ email: second.email });
  });

  it.each([
    [{ email: 'not-an-email' }, 'email', AUTH_MESSAGES.emailInvalid],
    [
      { phoneNumber: 'call me maybe' },
      'phoneNumber',
      'Phone number can only contain digits, spaces and + ( ) - .',
    ],
    [{ name: 'x'.repeat(81) }, 'name', 'First name must be at most 80 characters'],
    [{ name: { $set: 'x' } }, 'name', 'First name is required'],
    [{ username: 'renamed' }, 'username', 'Unknown field: username'],
    [{ passwordHash: 'x' }, 'passwordHash', 'Unknown field: passwordHash'],
  ])('rejects %j with 400', async (body, field, message) => {
    const user = await api.signUp();
    const response = await api.request('PATCH', '/api/user/settings', { token: user.token, body });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
    expect(response.body.errors).toContainEqual({ field, message });
  });

  it('requires a token for settings and the user list', async () => {
    for (const [method, path] of [
      ['GET', '/api/user/settings'],
      ['PATCH', '/api/user/settings'],
      ['GET', '/api/user/users'],
    ]) {
      const response = await api.request(method, path, {
        body: method === 'PATCH' ? { name: 'x' } : undefined,
      });
      expect(response.status).toBe(401);
      expect(response.body.message).toBe('You need to be logged in to do that.');
    }
  });

  it('lists the other users by name, without private fields', async () => {
    const me = await api.signUp({ username: 'zed-me' });
    await api.signUp({ username: 'Alpha-other' });
    const response = await api.request<{ users: Record<string, unknown>[] }>('GET', '/api/user/users', {
      token: me.token,
    });
    expect(response.status).toBe(200);
    const names = response.body.users.map((user) => user.username as string);
    expect(names).toContain('Alpha-other');
    expect(names).not.toContain('zed-me');
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    for (const user of response.body.users) expect(Object.keys(user).sort()).toEqual(['_id', 'username']);
  });
});
