import { AUTH_MESSAGES, CHAT_EVENTS } from '@skillers/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject, projectBody, profileBody } from './listing-fixtures';
import { connectSocket } from './socket-client';
import { startTestApp, type TestApp, type TestUser } from './test-app';

const signup = (api: TestApp, username: string, n: number) =>
  api.request('POST', '/api/auth/signup', {
    body: { username, email: `lookalike${n}@example.com`, password: 'long-enough-pass' },
    headers: { 'x-forwarded-for': `192.0.2.${n}` },
  });

describe('usernames as people see them', () => {
  let api: TestApp;
  beforeAll(async () => {
    api = await startTestApp();
    expect((await signup(api, 'demo', 1)).status).toBe(201);
    expect((await signup(api, 'cope', 2)).status).toBe(201);
  });
  afterAll(() => api.close());

  it('refuses invisible characters and mixed alphabets with 400', async () => {
    const refused = [
      ['demo\u200b', AUTH_MESSAGES.usernameInvisible],
      ['de\u200cmo', AUTH_MESSAGES.usernameInvisible],
      ['d\u0435mo', AUTH_MESSAGES.usernameMixedScripts],
    ] as const;
    for (const [index, [username, message]] of refused.entries()) {
      const answer = await signup(api, username, 10 + index);
      expect(answer.status, JSON.stringify(username)).toBe(400);
      expect(answer.body.message).toBe(message);
    }
  });

  it('folds compatibility forms, so a fullwidth name is the name it shows', async () => {
    const answer = await signup(api, 'ＤＥＭＯ', 20);
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe(AUTH_MESSAGES.usernameTaken);
  });

  it('refuses a name in another alphabet that imitates an existing one', async () => {
    const answer = await signup(api, '\u0441\u043e\u0440\u0435', 21);
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe(AUTH_MESSAGES.usernameLookAlike);
    // A name in that alphabet that imitates no one is welcome.
    expect((await signup(api, 'Дмитрий', 22)).status).toBe(201);
  });
});

describe('text fields refuse NUL and direction overrides', () => {
  let api: TestApp;
  let user: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    api = await startTestApp();
    [user, other] = [await api.signUp(), await api.signUp()];
  });
  afterAll(() => api.close());

  const bad = [
    'nul\u0000byte',
    'evil\u202etxt.exe',
    'isolate\u2066x\u2069',
    'bell\u0007',
    'next\u0085line',
    'csi\u009b31m',
  ];

  it('answers 400 naming the field, and stores nothing', async () => {
    const project = await createProject(api, user);
    const search = (
      await api.request<{ savedSearch: { _id: string } }>('POST', '/api/user/saved-searches', {
        token: user.token,
        body: { kind: 'project', name: 'Solar', activeFilters: {}, text: 'solar' },
      })
    ).body.savedSearch;
    const writes = (text: string): [string, string, unknown][] => [
      ['POST', '/api/project', projectBody({ projectName: text })],
      ['POST', '/api/project', projectBody({ description: text })],
      ['PUT', `/api/project/editProject/${project._id}`, { projectName: text }],
      ['POST', '/api/teammate', profileBody({ nickname: text })],
      ['POST', '/api/post', { data: text }],
      ['POST', '/api/chat/sendMessage', { id: other.id, message: text }],
      ['PATCH', '/api/user/settings', { name: text }],
      ['POST', '/api/feedback', { description: text }],
      ['POST', '/api/user/saved-searches', { kind: 'project', name: text, activeFilters: {}, text: 'solar' }],
      ['POST', '/api/user/saved-searches', { kind: 'project', name: 'Solar', activeFilters: {}, text }],
      [
        'POST',
        '/api/user/saved-searches',
        { kind: 'project', name: 'Solar', activeFilters: { locations: [text] } },
      ],
      ['PATCH', `/api/user/saved-searches/${search._id}`, { name: text }],
    ];
    for (const text of bad) {
      for (const [method, path, body] of writes(text)) {
        const answer = await api.request(method, path, { token: user.token, body });
        expect(answer.status, `${method} ${path} ${JSON.stringify(text)}`).toBe(400);
        expect(answer.body.message).toMatch(/cannot contain control characters or text-direction overrides/);
      }
    }
    const mine = await api.request<{ myProjectsIds: string[] }>('GET', '/api/user/myProjectsIds', {
      token: user.token,
    });
    expect(mine.body.myProjectsIds).toEqual([project._id]);
  });

  it('refuses them on the socket too, and keeps line breaks, tabs and right-to-left marks', async () => {
    const sent = await api.request<{ message: { conversationId: string } }>('POST', '/api/chat/sendMessage', {
      token: user.token,
      body: { id: other.id, message: 'line one\nline two\ttabbed \u05e9\u05dc\u05d5\u05dd\u200f!' },
    });
    expect(sent.status).toBe(201);
    const socket = await connectSocket(api.baseUrl, { token: user.token });
    try {
      const room = sent.body.message.conversationId;
      const ack = (await socket
        .timeout(2_000)
        .emitWithAck(CHAT_EVENTS.chat, { room, text: 'hidden\u202eevil' })) as {
        ok: boolean;
        message: string;
      };
      expect(ack).toMatchObject({ ok: false });
      expect(ack.message).toMatch(/text-direction overrides/);
    } finally {
      socket.close();
    }
  });
});
