import { RequestMethod, type INestApplication, type Type } from '@nestjs/common';
import { GUARDS_METADATA, METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import {
  CHAT_EVENTS,
  CHAT_MESSAGES,
  type ChatMessage,
  type ConversationSummary,
  HTTP_MESSAGES,
  LISTING_MESSAGES,
  type Post,
  type ProjectRecord,
  type ProfileView,
} from '@skillers/domain';
import { createHmac, randomBytes } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '../src/admin/admin.messages';
import { AdminTokenGuard } from '../src/admin/admin-token.guard';
import { JwtAuthGuard } from '../src/auth/jwt-auth.guard';
import type { ChatAck } from '../src/realtime/chat.gateway';
import { createProject, createProfile, projectBody, profileBody, UNKNOWN_ID } from './listing-fixtures';
import { connectSocket, eventsDuring } from './socket-client';
import { startTestApp, type TestApp, type TestUser } from './test-app';

/**
 * Who may call what (OWASP API Security Top 10 2023 API1, API2, API5; ASVS 4.0.3 §3.5, §4).
 * `user`: a valid bearer JWT, acting on the caller's own data only. `admin`: the admin token.
 * `open`: visitors too; where a route reads a token when one is sent (saved marks, per-user limits),
 * a bad token counts as none. Every controller route must be listed with the access its guards give it.
 */
type Access = 'user' | 'admin' | 'open';
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface Route {
  method: Method;
  path: string;
  access: Access;
}

const route = (access: Access, method: Method, path: string): Route => ({ method, path, access });

const ROUTES: readonly Route[] = [
  route('user', 'GET', '/api/chat/conversation'),
  route('user', 'GET', '/api/chat/conversations'),
  route('user', 'GET', '/api/chat/unread'),
  route('user', 'GET', '/api/notifications'),
  route('user', 'POST', '/api/notifications/read'),
  route('user', 'POST', '/api/chat/sendMessage'),
  route('user', 'POST', '/api/chat/singlePage/sendMessage'),
  route('user', 'POST', '/api/post'),
  route('user', 'POST', '/api/post/:id/like'),
  route('user', 'DELETE', '/api/post/:id/like'),
  route('user', 'POST', '/api/post/:id/comments'),
  route('user', 'POST', '/api/proposition'),
  route('user', 'POST', '/api/project'),
  route('user', 'PUT', '/api/project/editProject/:id'),
  route('user', 'GET', '/api/user/myProjects'),
  route('user', 'DELETE', '/api/user/myProjects'),
  route('user', 'GET', '/api/user/myProjectsIds'),
  route('user', 'GET', '/api/user/projects/found'),
  route('user', 'POST', '/api/user/projects/found/filter'),
  route('user', 'POST', '/api/user/projects/:id'),
  route('user', 'DELETE', '/api/user/projects/:id'),
  route('user', 'GET', '/api/user/teammates/found'),
  route('user', 'POST', '/api/user/teammates/:id'),
  route('user', 'DELETE', '/api/user/teammates/:id'),
  route('user', 'GET', '/api/user/savedIds'),
  route('user', 'POST', '/api/teammate'),
  route('user', 'PUT', '/api/teammate/editTeammate'),
  route('user', 'GET', '/api/user/myTeammate'),
  route('user', 'PUT', '/api/user/myTeammate/open'),
  route('user', 'PUT', '/api/project/:id/open'),
  route('user', 'GET', '/api/user/settings'),
  route('user', 'PATCH', '/api/user/settings'),
  route('user', 'PUT', '/api/user/password'),
  route('user', 'POST', '/api/user/verification-email'),
  route('user', 'GET', '/api/user/users'),
  route('user', 'GET', '/api/user/export'),
  route('user', 'DELETE', '/api/user'),
  route('user', 'GET', '/api/user/notification-settings'),
  route('user', 'PUT', '/api/user/notification-settings'),
  route('user', 'POST', '/api/reports'),
  route('user', 'GET', '/api/user/blocks'),
  route('user', 'POST', '/api/user/blocks/:id'),
  route('user', 'DELETE', '/api/user/blocks/:id'),
  route('user', 'GET', '/api/user/saved-searches'),
  route('user', 'POST', '/api/user/saved-searches'),
  route('user', 'PATCH', '/api/user/saved-searches/:id'),
  route('user', 'PUT', '/api/user/saved-searches/:id'),
  route('user', 'DELETE', '/api/user/saved-searches/:id'),
  route('user', 'POST', '/api/user/saved-searches/:id/view'),
  route('user', 'GET', '/api/matches/teammates'),
  route('user', 'GET', '/api/matches/projects'),
  route('user', 'POST', '/api/matches/hidden'),
  route('user', 'GET', '/api/invitations'),
  route('user', 'POST', '/api/invitations'),
  route('user', 'POST', '/api/invitations/:id/accept'),
  route('user', 'POST', '/api/invitations/:id/decline'),

  route('admin', 'GET', '/api/admin/stats'),
  route('admin', 'GET', '/metrics'),
  route('admin', 'POST', '/api/admin/reindex'),
  route('admin', 'POST', '/api/admin/jobs/retry-failed'),
  route('admin', 'GET', '/api/admin/propositions'),
  route('admin', 'DELETE', '/api/admin/propositions/:id'),
  route('admin', 'GET', '/api/admin/analytics'),
  route('admin', 'GET', '/api/admin/reports'),
  route('admin', 'POST', '/api/admin/reports/:id/hide'),
  route('admin', 'POST', '/api/admin/reports/:id/restore'),
  route('admin', 'POST', '/api/admin/reports/:id/dismiss'),
  route('admin', 'GET', '/api/admin/users/export'),
  route('admin', 'DELETE', '/api/admin/users'),

  route('open', 'POST', '/api/auth/signup'),
  route('open', 'POST', '/api/auth/login'),
  route('open', 'POST', '/api/auth/forgot-password'),
  route('open', 'POST', '/api/auth/reset-password'),
  route('open', 'GET', '/api/unsubscribe'),
  route('open', 'POST', '/api/unsubscribe'),
  route('open', 'POST', '/api/auth/verify-email'),
  route('open', 'GET', '/api/health'),
  route('open', 'GET', '/api/ready'),
  route('open', 'GET', '/api/options'),
  route('open', 'GET', '/api/answer-rates'),
  route('open', 'GET', '/api/post'),
  route('open', 'GET', '/api/post/:id/image'),
  route('open', 'POST', '/api/feedback'),
  route('open', 'GET', '/api/project'),
  route('open', 'GET', '/api/project/:id'),
  route('open', 'GET', '/api/teammate'),
  route('open', 'GET', '/api/teammates'),
  route('open', 'GET', '/api/teammate/:id'),
  route('open', 'POST', '/api/project/traditional_filtering_all'),
  route('open', 'POST', '/api/teammate/traditional_filtering'),
  route('open', 'POST', '/api/sort'),
  route('open', 'POST', '/api/search/click'),
  route('open', 'POST', '/api/ml'),
  route('open', 'POST', '/embedder/embed'),
  route('open', 'POST', '/embedder/sort'),
  route('open', 'POST', '/embedder/ml'),
  route('open', 'GET', '/embedder/health'),
];

const USER_ROUTES = ROUTES.filter((entry) => entry.access === 'user');
const ADMIN_ROUTES = ROUTES.filter((entry) => entry.access === 'admin');
const label = ({ method, path }: Route) => `${method} ${path}`;
/** Guards run before pipes, so any well-formed id reaches the guard. */
const concrete = (path: string) => path.replace(':id', UNKNOWN_ID);

/** Only these guards refuse a caller for its credentials; any other (OptionalJwtAuthGuard, limits) lets visitors in. */
const accessOf = (guards: readonly unknown[]): Access => {
  if (guards.includes(AdminTokenGuard)) return 'admin';
  if (guards.includes(JwtAuthGuard)) return 'user';
  return 'open';
};

const joinPath = (...parts: string[]) =>
  `/${parts
    .flatMap((part) => part.split('/'))
    .filter(Boolean)
    .join('/')}`;

/** Every route the express router actually serves, as `METHOD /path`. */
const mountedRoutes = (app: INestApplication): Set<string> => {
  interface Layer {
    route?: { path: string; methods: Record<string, boolean> };
  }
  const express = app.getHttpAdapter().getInstance() as { router: { stack: Layer[] } };
  const mounted = new Set<string>();
  for (const layer of express.router.stack) {
    if (!layer.route) continue;
    for (const method of Object.keys(layer.route.methods)) {
      mounted.add(`${method.toUpperCase()} ${layer.route.path}`);
    }
  }
  return mounted;
};

/** Every controller route from Nest's metadata, with the access its class and method guards give it. */
const declaredRoutes = (app: INestApplication): Route[] => {
  const mounted = mountedRoutes(app);
  const routes: Route[] = [];
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as Type;
      const bases = [Reflect.getMetadata(PATH_METADATA, controller) as string | string[]].flat();
      const classGuards = (Reflect.getMetadata(GUARDS_METADATA, controller) ?? []) as unknown[];
      for (const name of Object.getOwnPropertyNames(controller.prototype)) {
        if (name === 'constructor') continue;
        const handler = (controller.prototype as Record<string, unknown>)[name];
        if (typeof handler !== 'function') continue;
        const verb = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (verb === undefined) continue;
        const guards = [
          ...classGuards,
          ...((Reflect.getMetadata(GUARDS_METADATA, handler) ?? []) as unknown[]),
        ];
        const method = RequestMethod[verb] as Method;
        for (const base of bases) {
          for (const path of [Reflect.getMetadata(PATH_METADATA, handler) as string | string[]].flat()) {
            // The API prefix, or none for the routes mounted outside it (the embedder's).
            const full = [joinPath('api', base, path), joinPath(base, path)].find((candidate) =>
              mounted.has(`${method} ${candidate}`),
            );
            if (!full) throw new Error(`${method} ${joinPath(base, path)} is declared but not mounted`);
            routes.push({ method, path: full, access: accessOf(guards) });
          }
        }
      }
    }
  }
  return routes;
};

const byLabel = (routes: readonly Route[]) => [...routes].sort((a, b) => label(a).localeCompare(label(b)));

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Hand-made tokens, signed with `secret` by HMAC-SHA`bits`, or unsigned when there is no secret. */
const forgeToken = (header: object, payload: object, secret?: string, bits: 256 | 512 = 256) => {
  const unsigned = `${base64url(header)}.${base64url(payload)}`;
  const signature = secret ? createHmac(`sha${bits}`, secret).update(unsigned).digest('base64url') : '';
  return `${unsigned}.${signature}`;
};

interface BadCredential {
  name: string;
  headers: () => Record<string, string>;
  message: string;
}

describe('authorization matrix', () => {
  const jwtSecret = randomBytes(48).toString('base64url');
  const adminToken = randomBytes(32).toString('base64url');
  let api: TestApp;
  /** Owns the data the others try to reach. */
  let ada: TestUser;
  /** The intruder. */
  let bob: TestUser;
  /** Talks with Ada; Bob is not part of their conversation. */
  let cem: TestUser;
  const sockets: Socket[] = [];
  let forwardedFor = 0;

  /**
   * The admin guard locks an address out after a few wrong tokens; each admin call here comes from its
   * own address (the loopback proxy is trusted), so every row shows the guard's answer, not the lockout.
   */
  const ownAddress = () => {
    forwardedFor += 1;
    return { 'x-forwarded-for': `198.51.${Math.floor(forwardedFor / 250)}.${(forwardedFor % 250) + 1}` };
  };

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const claimsOf = (user: TestUser, lifetimeSeconds = 3600) => {
    const now = Math.floor(Date.now() / 1000);
    return { id: user.id, sub: user.id, username: user.username, iat: now, exp: now + lifetimeSeconds };
  };

  let badUserTokens: { name: string; token: () => string; message: string }[] = [];

  beforeAll(async () => {
    api = await startTestApp({ JWT_SECRET: jwtSecret, ADMIN_TOKEN: adminToken, RATE_LIMIT_SCALE: '100' });
    [ada, bob, cem] = [await api.signUp(), await api.signUp(), await api.signUp()];
    const [header, , signature] = bob.token.split('.');
    const hs256 = { alg: 'HS256', typ: 'JWT' };
    badUserTokens = [
      {
        name: 'expired token (right key, exp in the past)',
        token: () => forgeToken(hs256, claimsOf(bob, -60), jwtSecret),
        message: HTTP_MESSAGES.sessionExpired,
      },
      {
        name: "tampered payload (Bob's signature, Ada's id)",
        token: () => `${header}.${base64url(claimsOf(ada))}.${signature}`,
        message: HTTP_MESSAGES.unauthorized,
      },
      {
        name: 'wrong signature (another key)',
        token: () => forgeToken(hs256, claimsOf(bob), randomBytes(48).toString('base64url')),
        message: HTTP_MESSAGES.unauthorized,
      },
      {
        name: 'alg: none (unsigned)',
        token: () => forgeToken({ alg: 'none', typ: 'JWT' }, claimsOf(bob)),
        message: HTTP_MESSAGES.unauthorized,
      },
      {
        name: 'alg: HS512 with the right key (algorithm is pinned)',
        token: () => forgeToken({ alg: 'HS512', typ: 'JWT' }, claimsOf(bob), jwtSecret, 512),
        message: HTTP_MESSAGES.unauthorized,
      },
      {
        name: 'the admin token instead of a JWT',
        token: () => adminToken,
        message: HTTP_MESSAGES.unauthorized,
      },
    ];
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(() => api.close());

  const userCredentials = (): BadCredential[] => [
    { name: 'no token', headers: () => ({}), message: HTTP_MESSAGES.unauthorized },
    {
      name: 'a valid token under another scheme',
      headers: () => ({ authorization: `Token ${bob.token}` }),
      message: HTTP_MESSAGES.unauthorized,
    },
    ...badUserTokens.map(({ name, token, message }) => ({ name, headers: () => bearer(token()), message })),
  ];

  describe('route table', () => {
    it('lists every controller route with the access its guards give it', () => {
      expect(byLabel(declaredRoutes(api.app))).toEqual(byLabel(ROUTES));
    });

    it('has no route listed twice', () => {
      expect(new Set(ROUTES.map(label)).size).toBe(ROUTES.length);
    });
  });

  describe('signed-in routes refuse every bad credential with 401 and a message', () => {
    it.each(USER_ROUTES.map((entry) => [label(entry), entry] as const))('%s', async (_name, entry) => {
      const path = concrete(entry.path);
      const answers: Record<string, { status: number; message: unknown }> = {};
      const expected: Record<string, { status: number; message: unknown }> = {};
      for (const credential of userCredentials()) {
        const response = await api.request(entry.method, path, { headers: credential.headers() });
        answers[credential.name] = { status: response.status, message: response.body.message };
        expected[credential.name] = { status: 401, message: credential.message };
      }
      expect(answers).toEqual(expected);

      // The same call with a valid token gets past the guard (the table names a live route).
      const valid = await api.request(entry.method, path, { token: cem.token });
      expect(valid.status).not.toBe(401);
      expect(valid.status).toBeLessThan(500);
    });
  });

  describe('admin routes take the admin token only', () => {
    const adminCredentials = (): BadCredential[] => [
      { name: 'no token', headers: () => ({}), message: ADMIN_MESSAGES.tokenMissing },
      {
        name: 'the admin token under another scheme',
        headers: () => ({ authorization: `Token ${adminToken}` }),
        message: ADMIN_MESSAGES.tokenMissing,
      },
      {
        name: 'a wrong admin token',
        headers: () => bearer(randomBytes(32).toString('base64url')),
        message: ADMIN_MESSAGES.tokenWrong,
      },
      {
        name: "a user's valid JWT",
        headers: () => bearer(ada.token),
        message: ADMIN_MESSAGES.tokenWrong,
      },
      {
        name: 'the admin token with a character changed',
        headers: () => bearer(`${adminToken.slice(0, -1)}${adminToken.endsWith('A') ? 'B' : 'A'}`),
        message: ADMIN_MESSAGES.tokenWrong,
      },
    ];

    it.each(ADMIN_ROUTES.map((entry) => [label(entry), entry] as const))('%s', async (_name, entry) => {
      const path = concrete(entry.path);
      const answers: Record<string, { status: number; message: unknown }> = {};
      const expected: Record<string, { status: number; message: unknown }> = {};
      for (const credential of adminCredentials()) {
        const response = await api.request(entry.method, path, {
          headers: { ...credential.headers(), ...ownAddress() },
        });
        answers[credential.name] = { status: response.status, message: response.body.message };
        expected[credential.name] = { status: 401, message: credential.message };
      }
      expect(answers).toEqual(expected);

      // With the admin token the guard lets the call through (a malformed body keeps reindex from running).
      const valid = await api.request(entry.method, path, {
        headers: { ...bearer(adminToken), ...ownAddress() },
        body: entry.path === '/api/admin/reindex' ? { kind: 'nothing' } : undefined,
      });
      expect(valid.status).not.toBe(401);
      expect(valid.status).toBeLessThan(500);
    });
  });

  describe('visitor routes treat a bad token as no token', () => {
    it('lists projects and profiles without anyone’s saved marks for forged tokens', async () => {
      const project = await createProject(api, cem, { projectName: 'Marked project' });
      const profile = await createProfile(api, cem, { nickname: 'marked-profile' });
      for (const kind of ['projects', 'teammates'] as const) {
        const id = kind === 'projects' ? project._id : profile._id;
        expect((await api.request('POST', `/api/user/${kind}/${id}`, { token: bob.token })).status).toBe(200);
      }
      const paths = [
        '/api/project',
        `/api/project/${project._id}`,
        '/api/teammates',
        `/api/teammate/${profile._id}`,
      ];

      // A valid token adds the caller's marks: the check below can tell a forged token from none.
      const marked = await api.request<{ project: { isSaved?: boolean } }>('GET', paths[1], {
        token: bob.token,
      });
      expect(marked.body.project.isSaved).toBe(true);

      for (const { name, token } of badUserTokens) {
        for (const path of paths) {
          const response = await api.request('GET', path, { token: token() });
          expect({ name, path, status: response.status }).toEqual({ name, path, status: 200 });
          expect(JSON.stringify(response.body), `${name} on ${path}`).not.toContain('isSaved');
        }
      }
    });
  });

  describe('the chat handshake refuses bad tokens at connect', () => {
    const refusal = async (options: Parameters<typeof connectSocket>[1]) => {
      try {
        sockets.push(await connectSocket(api.baseUrl, options));
        return 'connected';
      } catch (error) {
        return (error as Error).message;
      }
    };

    it('refuses no token and every bad token, in the auth field and in the Authorization header', async () => {
      const answers: Record<string, string> = {};
      const expected: Record<string, string> = {};
      answers['no token'] = await refusal({});
      expected['no token'] = HTTP_MESSAGES.unauthorized;
      for (const { name, token, message } of badUserTokens) {
        answers[`auth: ${name}`] = await refusal({ token: token() });
        expected[`auth: ${name}`] = message;
        answers[`header: ${name}`] = await refusal({ token: token(), tokenInHeader: true });
        expected[`header: ${name}`] = message;
      }
      expect(answers).toEqual(expected);
      expect(await refusal({ token: cem.token })).toBe('connected');
    });
  });

  describe("one user cannot reach another's data", () => {
    let adaProject: ProjectRecord;
    let adaProfile: ProfileView;
    let adaPost: Post;
    let conversationId: string;

    const read = async <T>(path: string, user: TestUser) => {
      const response = await api.request<T>('GET', path, { token: user.token });
      expect(response.status, `${path}: ${JSON.stringify(response.body)}`).toBe(200);
      return response.body;
    };
    const projectOf = (id: string) => read<{ project: ProjectRecord }>(`/api/project/${id}`, ada);
    const adaConversation = () =>
      read<{ conversation: { _id: string; messages: ChatMessage[] } }>(
        `/api/chat/conversation?friendId=${cem.id}`,
        ada,
      );

    beforeAll(async () => {
      adaProject = await createProject(api, ada, { projectName: "Ada's project", description: 'Hers alone' });
      adaProfile = await createProfile(api, ada, { nickname: 'ada-profile', description: 'Her profile' });
      const settings = await api.request('PATCH', '/api/user/settings', {
        token: ada.token,
        body: { name: 'Ada', surname: 'Lovelace', phoneNumber: '+44 20 7946 0000' },
      });
      expect(settings.status).toBe(200);
      const sent = await api.request<{ message: ChatMessage }>('POST', '/api/chat/sendMessage', {
        token: ada.token,
        body: { id: cem.id, message: 'Private note for Cem' },
      });
      conversationId = sent.body.message.conversationId;
      await api.request('POST', '/api/chat/sendMessage', {
        token: cem.token,
        body: { id: ada.id, message: 'Private reply for Ada' },
      });
      const post = await api.request<{ post: Post }>('POST', '/api/post', {
        token: ada.token,
        body: { data: "Ada's post" },
      });
      adaPost = post.body.post;
      expect((await api.request('POST', `/api/post/${adaPost._id}/like`, { token: ada.token })).status).toBe(
        200,
      );
      expect(
        (await api.request('POST', `/api/user/projects/${adaProject._id}`, { token: cem.token })).status,
      ).toBe(200);
    });

    it("cannot edit Ada's project: 403, and the project is unchanged", async () => {
      const before = await projectOf(adaProject._id);
      const edit = await api.request('PUT', `/api/project/editProject/${adaProject._id}`, {
        token: bob.token,
        body: projectBody({ projectName: 'Taken over' }),
      });
      expect(edit.status).toBe(403);
      expect(edit.body.message).toBe(LISTING_MESSAGES.notProjectOwner);
      expect(await projectOf(adaProject._id)).toEqual(before);
    });

    it("cannot delete Ada's project: 403, and it is still there and still hers", async () => {
      const remove = await api.request('DELETE', '/api/user/myProjects', {
        token: bob.token,
        body: { project_id: adaProject._id },
      });
      expect(remove.status).toBe(403);
      expect(remove.body.message).toBe(LISTING_MESSAGES.notProjectOwner);
      expect((await projectOf(adaProject._id)).project.projectName).toBe("Ada's project");
      const ids = await read<{ myProjectsIds: string[] }>('/api/user/myProjectsIds', ada);
      expect(ids.myProjectsIds).toContain(adaProject._id);
      // Cem's saved mark on it survives: deleting would have forgotten it for everyone.
      const saved = await read<{ projectIds: string[] }>('/api/user/savedIds', cem);
      expect(saved.projectIds).toContain(adaProject._id);
    });

    it('cannot take over a project or profile by sending an owner or id in the body', async () => {
      const bobProject = await createProject(api, bob, { projectName: "Bob's project" });
      const attempts = [
        { method: 'POST', path: '/api/project', body: projectBody({ ownerId: ada.id }) },
        {
          method: 'PUT',
          path: `/api/project/editProject/${bobProject._id}`,
          body: projectBody({ _id: adaProject._id, ownerId: ada.id }),
        },
        { method: 'POST', path: '/api/teammate', body: profileBody({ ownerId: ada.id }) },
        {
          method: 'PUT',
          path: '/api/teammate/editTeammate',
          body: profileBody({ _id: adaProfile._id, ownerId: ada.id }),
        },
        { method: 'PATCH', path: '/api/user/settings', body: { _id: ada.id, name: 'Mallory' } },
      ];
      for (const attempt of attempts) {
        const response = await api.request(attempt.method, attempt.path, {
          token: bob.token,
          body: attempt.body,
        });
        expect({ ...attempt, status: response.status }).toEqual({ ...attempt, status: 400 });
        expect(typeof response.body.message).toBe('string');
      }
      expect((await projectOf(bobProject._id)).project.ownerId).toBe(bob.id);
      expect(await read(`/api/teammate/${adaProfile._id}`, ada)).toMatchObject({
        teammate: { _id: adaProfile._id, nickname: 'ada-profile', description: 'Her profile' },
      });
    });

    it("cannot edit Ada's profile: the edit route only ever reaches the caller's own", async () => {
      const before = await read(`/api/teammate/${adaProfile._id}`, ada);
      const edit = await api.request('PUT', '/api/teammate/editTeammate', {
        token: bob.token,
        body: profileBody({ nickname: 'taken-over' }),
      });
      expect(edit.status).toBe(404);
      expect(edit.body.message).toBe(LISTING_MESSAGES.noProfileYet);
      expect(await read(`/api/teammate/${adaProfile._id}`, ada)).toEqual(before);
      expect(await read('/api/user/myTeammate', bob)).toEqual({ userTeammateProfile: null });
    });

    it("cannot read or change Ada's settings: the settings routes only ever reach the caller's own", async () => {
      const before = await read<{ user: Record<string, string> }>('/api/user/settings', ada);
      expect(before.user).toMatchObject({ _id: ada.id, name: 'Ada', email: ada.email });

      const bobsView = await read<{ user: Record<string, string> }>('/api/user/settings', bob);
      expect(bobsView.user._id).toBe(bob.id);
      expect(JSON.stringify(bobsView)).not.toContain(ada.email);

      const takeEmail = await api.request('PATCH', '/api/user/settings', {
        token: bob.token,
        body: { email: ada.email },
      });
      expect(takeEmail.status).toBe(409);
      const rename = await api.request('PATCH', '/api/user/settings', {
        token: bob.token,
        body: { name: 'Mallory', surname: '', phoneNumber: '' },
      });
      expect(rename.status).toBe(200);
      expect(await read('/api/user/settings', ada)).toEqual(before);
      // The user list others see carries no email or phone number.
      expect(JSON.stringify(await read('/api/user/users', bob))).not.toMatch(/@|7946/);
    });

    it("cannot read Ada's conversation with Cem over HTTP", async () => {
      const before = await adaConversation();
      expect(before.conversation.messages.map((message) => message.message)).toEqual([
        'Private note for Cem',
        'Private reply for Ada',
      ]);
      // The only way to name a conversation over HTTP is by the other participant, so Bob gets his own.
      for (const friend of [ada, cem]) {
        const view = await read<{ conversation: { _id?: string; messages: ChatMessage[] } }>(
          `/api/chat/conversation?friendId=${friend.id}`,
          bob,
        );
        expect(view.conversation._id).not.toBe(conversationId);
        expect(JSON.stringify(view)).not.toContain('Private');
      }
      const list = await read<{ conversations: ConversationSummary[] }>('/api/chat/conversations', bob);
      expect(list.conversations.map((summary) => summary._id)).not.toContain(conversationId);
      expect(await adaConversation()).toEqual(before);
    });

    it("cannot join or write into Ada's conversation over the socket, nor overhear it", async () => {
      const before = await adaConversation();
      const socket = await connectSocket(api.baseUrl, { token: bob.token });
      sockets.push(socket);
      const emit = (event: string, payload: unknown) =>
        socket.timeout(2_000).emitWithAck(event, payload) as Promise<ChatAck>;

      expect(await emit(CHAT_EVENTS.join, conversationId)).toEqual({
        ok: false,
        message: CHAT_MESSAGES.notInConversation,
      });
      expect(await emit(CHAT_EVENTS.chat, { room: conversationId, user: ada.id, text: 'Injected' })).toEqual({
        ok: false,
        message: CHAT_MESSAGES.notInConversation,
      });

      const overheard = eventsDuring(socket, CHAT_EVENTS.message, 300);
      const next = await api.request('POST', '/api/chat/sendMessage', {
        token: ada.token,
        body: { id: cem.id, message: 'Another private note' },
      });
      expect(next.status).toBe(201);
      expect(await overheard).toEqual([]);

      const after = await adaConversation();
      expect(after.conversation.messages.slice(0, -1)).toEqual(before.conversation.messages);
      expect(after.conversation.messages.at(-1)).toMatchObject({
        senderId: ada.id,
        message: 'Another private note',
      });
      expect(JSON.stringify(after)).not.toContain('Injected');
    });

    it('cannot send a message in Ada’s name: the sender is always the signed-in user', async () => {
      const socket = await connectSocket(api.baseUrl, { token: bob.token });
      sockets.push(socket);
      const first = await api.request<{ message: ChatMessage }>('POST', '/api/chat/sendMessage', {
        token: bob.token,
        body: { id: cem.id, message: 'Hello Cem' },
      });
      const ack = (await socket.timeout(2_000).emitWithAck(CHAT_EVENTS.chat, {
        room: first.body.message.conversationId,
        user: ada.id,
        text: 'Signed as Ada',
      })) as ChatAck;
      expect(ack).toMatchObject({ ok: true, message: { senderId: bob.id, message: 'Signed as Ada' } });
    });

    it("cannot remove Ada's like or Cem's saved item: unlike and forget only touch the caller's own", async () => {
      const unlike = await api.request<{ likes: string[] }>('DELETE', `/api/post/${adaPost._id}/like`, {
        token: bob.token,
      });
      expect(unlike.status).toBe(200);
      expect(unlike.body.likes).toEqual([ada.id]);
      const feed = await read<{ posts: Post[] }>('/api/post', ada);
      expect(feed.posts.find((post) => post._id === adaPost._id)?.likes).toEqual([ada.id]);

      const forget = await api.request('DELETE', `/api/user/projects/${adaProject._id}`, {
        token: bob.token,
      });
      expect(forget.status).toBe(200);
      expect((await read<{ projectIds: string[] }>('/api/user/savedIds', cem)).projectIds).toContain(
        adaProject._id,
      );
      expect((await read<{ projectIds: string[] }>('/api/user/savedIds', bob)).projectIds).not.toContain(
        adaProject._id,
      );
    });

    it("cannot see Ada's own lists: my-projects, saved and profile routes answer the caller's", async () => {
      const mine = await read<{ UserProjects: ProjectRecord[] }>('/api/user/myProjects', bob);
      expect(mine.UserProjects.map((project) => project._id)).not.toContain(adaProject._id);
      const found = await read<{ projects: { _id: string }[] }>('/api/user/projects/found', bob);
      expect(JSON.stringify(found)).not.toContain(adaProject._id);
      const profile = await read<{ userTeammateProfile: ProfileView | null }>('/api/user/myTeammate', bob);
      expect(profile.userTeammateProfile?._id).not.toBe(adaProfile._id);
    });
  });
});
