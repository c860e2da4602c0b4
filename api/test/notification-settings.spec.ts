import {
  type AccountExport,
  DEFAULT_NOTIFICATION_SETTINGS,
  HTTP_MESSAGES,
  NOTIFICATION_SETTINGS_MESSAGES,
  type NotificationSettings,
} from '@skillers/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorAnswer } from './listing-fixtures';
import { startTestApp, type TestApp, type TestUser } from './test-app';

interface SettingsAnswer extends ErrorAnswer {
  notificationSettings: NotificationSettings;
}

const CHOSEN: NotificationSettings = {
  messages: 'email',
  alertMatches: 'digest',
  likesAndComments: 'in-app',
  moderation: 'email',
};

describe('notification settings', () => {
  let api: TestApp;
  const read = (user: TestUser) =>
    api.request<SettingsAnswer>('GET', '/api/user/notification-settings', { token: user.token });
  const save = (user: TestUser, body: unknown) =>
    api.request<SettingsAnswer>('PUT', '/api/user/notification-settings', { token: user.token, body });

  beforeAll(async () => {
    api = await startTestApp();
  });
  afterAll(() => api.close());

  it('starts in the app only for every group, saves a choice per group, and reads it back', async () => {
    const user = await api.signUp();
    expect((await read(user)).body.notificationSettings).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
    const saved = await save(user, CHOSEN);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      message: NOTIFICATION_SETTINGS_MESSAGES.saved,
      notificationSettings: CHOSEN,
    });
    expect((await read(user)).body.notificationSettings).toEqual(CHOSEN);
    const exported = await api.request<AccountExport>('GET', '/api/user/export', { token: user.token });
    expect(exported.body.notificationSettings).toEqual(CHOSEN);
  });

  it("keeps each user's own: another user's choice changes nothing of theirs", async () => {
    const [ada, bob] = [await api.signUp(), await api.signUp()];
    await save(ada, CHOSEN);
    await save(bob, { ...DEFAULT_NOTIFICATION_SETTINGS, moderation: 'digest' });
    expect((await read(ada)).body.notificationSettings).toEqual(CHOSEN);
    expect((await read(bob)).body.notificationSettings).toEqual({
      ...DEFAULT_NOTIFICATION_SETTINGS,
      moderation: 'digest',
    });
  });

  it.each([
    ['an unknown delivery', { ...CHOSEN, messages: 'pigeon' }, NOTIFICATION_SETTINGS_MESSAGES.delivery],
    ['a group left out', { messages: 'email', alertMatches: 'email', likesAndComments: 'email' }, undefined],
    ['an unknown group', { ...CHOSEN, sms: 'email' }, undefined],
    ['not an object', ['email'], undefined],
  ])('refuses %s with 400 and a message, and keeps the settings', async (_name, body, message) => {
    const user = await api.signUp();
    await save(user, CHOSEN);
    const refused = await save(user, body);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain(message ?? '');
    expect(refused.body.message).toEqual(expect.any(String));
    expect((await read(user)).body.notificationSettings).toEqual(CHOSEN);
  });

  it('refuses visitors with a message', async () => {
    for (const method of ['GET', 'PUT']) {
      const answer = await api.request<ErrorAnswer>(method, '/api/user/notification-settings', {
        body: method === 'PUT' ? CHOSEN : undefined,
      });
      expect(answer.status).toBe(401);
      expect(answer.body.message).toBe(HTTP_MESSAGES.unauthorized);
    }
  });
});
