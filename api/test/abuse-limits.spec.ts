import {
  AUTH_MESSAGES,
  CHAT_EVENTS,
  type ChatEventError,
  type ChatMessage,
  FILTER_OPTIONS_MAX,
  HTTP_MESSAGES,
  MAX_PAGE,
  PAGE_MESSAGE,
  type Post,
  VOCABULARIES,
} from '@skillers/domain';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LOGINS_PER_MINUTE, SIGNUPS_PER_MINUTE } from '../src/auth/auth.controller';
import { LOGIN_FAILURES_ALLOWED } from '../src/auth/login-rate-limiter';
import type { ChatAck } from '../src/realtime/chat.gateway';
import { SOCKET_MAX_PAYLOAD_BYTES } from '../src/realtime/chat.gateway';
import { SIGNUP_ACCOUNT_LIMIT, USER_LIMITS } from '../src/common/rate-limits';
import { projectBody, profileBody } from './listing-fixtures';
import { connectSocket, nextEvent } from './socket-client';
import { type ApiResponse, startTestApp, type TestApp } from './test-app';

/** Only keeps a broken answer from hanging the run; loopback answers in milliseconds. */
const ANSWER_BOUND_MS = 2_000;

/** The test app believes X-Forwarded-For from loopback, so each request can come from its own address. */
let addressCounter = 0;
const freshAddress = (): string => {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
};
const from = (address: string) => ({ 'x-forwarded-for': address });

interface LimitedUser {
  id: string;
  token: string;
  email: string;
  username: string;
  password: string;
}

let userCounter = 0;
/** Signs up and logs in from an address of its own, so no per-address allowance is used up. */
const newUser = async (api: TestApp): Promise<LimitedUser> => {
  userCounter += 1;
  const unique = `${Date.now().toString(36)}l${userCounter}`;
  const user = {
    username: `lim${unique}`,
    email: `lim${unique}@example.com`,
    password: 'correct-horse-battery',
  };
  const address = freshAddress();
  const signup = await api.request('POST', '/api/auth/signup', { body: user, headers: from(address) });
  expect(signup.status).toBe(201);
  const login = await api.request<{ token: string }>('POST', '/api/auth/login', {
    body: { email: user.email, password: user.password },
    headers: from(address),
  });
  expect(login.status).toBe(200);
  const { id } = JSON.parse(Buffer.from(login.body.token.split('.')[1], 'base64url').toString()) as {
    id: string;
  };
  return { ...user, id, token: login.body.token };
};

/** A 429 that says what happened and how long to wait, in the body and in the Retry-After header. */
const expectRefusal = (response: ApiResponse, message: string) => {
  expect(response.status).toBe(429);
  expect(response.body.message).toBe(message);
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(60 * 60);
};

describe('abuse limits at RATE_LIMIT_SCALE=1', () => {
  let api: TestApp;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    api = await startTestApp({ RATE_LIMIT_SCALE: '1', TRUST_PROXY: 'loopback' });
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(() => api.close());

  describe('login', () => {
    const login = (email: string, password: string, address: string) =>
      api.request('POST', '/api/auth/login', { body: { email, password }, headers: from(address) });

    it(`locks an account after ${LOGIN_FAILURES_ALLOWED} failures from any addresses; other accounts log in`, async () => {
      const [target, other] = [await newUser(api), await newUser(api)];
      for (let n = 0; n < LOGIN_FAILURES_ALLOWED; n += 1) {
        expect((await login(target.email, 'wrong-password', freshAddress())).status).toBe(401);
      }
      expectRefusal(
        await login(target.email, target.password, freshAddress()),
        AUTH_MESSAGES.tooManyLoginAttempts,
      );
      expect((await login(other.email, other.password, freshAddress())).status).toBe(200);
    });

    it(`locks an address after ${LOGIN_FAILURES_ALLOWED} failures on any accounts; other addresses log in`, async () => {
      const user = await newUser(api);
      const guesser = freshAddress();
      for (let n = 0; n < LOGIN_FAILURES_ALLOWED; n += 1) {
        expect((await login(`nobody${n}@example.com`, 'wrong-password', guesser)).status).toBe(401);
      }
      expectRefusal(await login(user.email, user.password, guesser), AUTH_MESSAGES.tooManyLoginAttempts);
      expect((await login(user.email, user.password, freshAddress())).status).toBe(200);
    });

    it(`answers at most ${LOGINS_PER_MINUTE} logins a minute to one address, successful or not`, async () => {
      const user = await newUser(api);
      const busy = freshAddress();
      for (let n = 0; n < LOGINS_PER_MINUTE; n += 1) {
        expect((await login(user.email, user.password, busy)).status).toBe(200);
      }
      expectRefusal(await login(user.email, user.password, busy), HTTP_MESSAGES.tooManyRequests);
      expect((await login(user.email, user.password, freshAddress())).status).toBe(200);
    });
  });

  describe('sign-up', () => {
    const signup = (body: Record<string, string>, address: string) =>
      api.request('POST', '/api/auth/signup', { body, headers: from(address) });

    it(`answers at most ${SIGNUPS_PER_MINUTE} sign-ups a minute to one address`, async () => {
      const busy = freshAddress();
      const account = (n: number) => ({
        username: `burst${n}`,
        email: `burst${n}@example.com`,
        password: 'long-enough-pass',
      });
      for (let n = 0; n < SIGNUPS_PER_MINUTE; n += 1)
        expect((await signup(account(n), busy)).status).toBe(201);
      expectRefusal(await signup(account(SIGNUPS_PER_MINUTE), busy), HTTP_MESSAGES.tooManyRequests);
      expect((await signup(account(SIGNUPS_PER_MINUTE), freshAddress())).status).toBe(201);
    });

    it(`answers at most ${SIGNUP_ACCOUNT_LIMIT.points} attempts on one email, from any addresses`, async () => {
      const body = { username: 'repeat', email: 'Repeat@Example.com', password: 'long-enough-pass' };
      expect((await signup(body, freshAddress())).status).toBe(201);
      for (let n = 1; n < SIGNUP_ACCOUNT_LIMIT.points; n += 1) {
        // The same address in other cases and spacing is the same account.
        const email = n % 2 ? ' repeat@example.COM ' : body.email;
        expect((await signup({ ...body, username: `repeat${n}`, email }, freshAddress())).status).toBe(409);
      }
      expectRefusal(
        await signup({ ...body, username: 'repeatlast', email: 'repeat@example.com' }, freshAddress()),
        AUTH_MESSAGES.tooManySignups,
      );
      const other = { username: 'unrelated', email: 'unrelated@example.com', password: 'long-enough-pass' };
      expect((await signup(other, freshAddress())).status).toBe(201);
    });

    it(`answers at most ${SIGNUP_ACCOUNT_LIMIT.points} attempts on one username, in any case`, async () => {
      for (let n = 0; n < SIGNUP_ACCOUNT_LIMIT.points; n += 1) {
        const username = n % 2 ? 'NAMESAKE' : 'Namesake';
        const body = { username, email: `namesake${n}@example.com`, password: 'long-enough-pass' };
        expect((await signup(body, freshAddress())).status).toBe(n === 0 ? 201 : 409);
      }
      const refused = await signup(
        { username: 'namesake', email: 'namesake-last@example.com', password: 'long-enough-pass' },
        freshAddress(),
      );
      expectRefusal(refused, AUTH_MESSAGES.tooManySignups);
    });

    it('does not count requests refused by validation', async () => {
      const body = { username: 'validated', email: 'validated@example.com', password: 'short' };
      for (let n = 0; n <= SIGNUP_ACCOUNT_LIMIT.points; n += 1) {
        expect((await signup(body, freshAddress())).status).toBe(400);
      }
      expect((await signup({ ...body, password: 'long-enough-pass' }, freshAddress())).status).toBe(201);
    });
  });

  describe('messages, per user over HTTP and socket together', () => {
    const connect = async (user: LimitedUser) => {
      const socket = await connectSocket(api.baseUrl, { token: user.token });
      sockets.push(socket);
      return socket;
    };
    const emit = (socket: Socket, event: string, payload: unknown) =>
      socket.timeout(ANSWER_BOUND_MS).emitWithAck(event, payload) as Promise<ChatAck>;
    const send = (sender: LimitedUser, recipient: LimitedUser, path = '/api/chat/sendMessage') =>
      api.request<{ message: ChatMessage }>('POST', path, {
        token: sender.token,
        body: { id: recipient.id, message: 'hello' },
        headers: from(freshAddress()),
      });

    it(`refuses message ${USER_LIMITS.messages.points + 1} in a minute, on either transport`, async () => {
      const [ann, ben, cid] = [await newUser(api), await newUser(api), await newUser(api)];
      const first = await send(ann, ben);
      expect(first.status).toBe(201);
      const room = first.body.message.conversationId;
      const socket = await connect(ann);
      await emit(socket, CHAT_EVENTS.join, room);
      // Half over HTTP (both routes, a new address each time), half over the socket: one allowance.
      const half = Math.floor(USER_LIMITS.messages.points / 2);
      for (let n = 1; n < half; n += 1) {
        const path = n % 2 ? '/api/chat/sendMessage' : '/api/chat/singlePage/sendMessage';
        expect((await send(ann, ben, path)).status).toBe(201);
      }
      for (let n = half; n < USER_LIMITS.messages.points; n += 1) {
        expect((await emit(socket, CHAT_EVENTS.chat, { room, text: `m${n}` })).ok).toBe(true);
      }

      const refusalEvent = nextEvent<ChatEventError>(socket, CHAT_EVENTS.exception, ANSWER_BOUND_MS);
      const ack = await emit(socket, CHAT_EVENTS.chat, { room, text: 'one too many' });
      expect(ack).toMatchObject({ ok: false, message: HTTP_MESSAGES.tooManyMessages });
      expect(ack.ok === false && ack.retryAfterSeconds).toBeGreaterThan(0);
      expect(await refusalEvent).toMatchObject({
        event: CHAT_EVENTS.chat,
        message: HTTP_MESSAGES.tooManyMessages,
      });
      expect(socket.connected).toBe(true);
      expectRefusal(await send(ann, ben), HTTP_MESSAGES.tooManyMessages);
      expectRefusal(await send(ann, ben, '/api/chat/singlePage/sendMessage'), HTTP_MESSAGES.tooManyMessages);

      // Another user, on the same loopback socket address, is not affected.
      expect((await send(ben, ann)).status).toBe(201);
      const cidSocket = await connect(cid);
      const cidRoom = (await send(cid, ann)).body.message.conversationId;
      expect((await emit(cidSocket, CHAT_EVENTS.chat, { room: cidRoom, text: 'hi' })).ok).toBe(true);
    });

    it(`refuses join ${USER_LIMITS.joins.points + 1} in a minute with an answer, not a disconnect`, async () => {
      const [dee, eli] = [await newUser(api), await newUser(api)];
      const room = (await send(dee, eli)).body.message.conversationId;
      const socket = await connect(dee);
      for (let n = 0; n < USER_LIMITS.joins.points; n += 1) {
        expect((await emit(socket, CHAT_EVENTS.join, room)).ok).toBe(true);
      }
      expect(await emit(socket, CHAT_EVENTS.join, room)).toMatchObject({
        ok: false,
        message: HTTP_MESSAGES.tooManyRequests,
      });
      expect(socket.connected).toBe(true);
      expect((await emit(await connect(eli), CHAT_EVENTS.join, room)).ok).toBe(true);
    });
  });

  describe('feed, per user', () => {
    const post = (user: LimitedUser) =>
      api.request<{ post: Post }>('POST', '/api/post', {
        token: user.token,
        body: { data: 'a post' },
        headers: from(freshAddress()),
      });

    it(`refuses post ${USER_LIMITS.posts.points + 1} in a minute, whatever the address`, async () => {
      const [fay, gus] = [await newUser(api), await newUser(api)];
      for (let n = 0; n < USER_LIMITS.posts.points; n += 1) expect((await post(fay)).status).toBe(201);
      expectRefusal(await post(fay), HTTP_MESSAGES.tooManyPosts);
      expect((await post(gus)).status).toBe(201);
    });

    it(`refuses comment ${USER_LIMITS.comments.points + 1} and like ${USER_LIMITS.likes.points + 1} in a minute`, async () => {
      const [hal, ivy] = [await newUser(api), await newUser(api)];
      const postId = (await post(ivy)).body.post._id;
      const act = (user: LimitedUser, method: string, path: string, body?: unknown) =>
        api.request(method, `/api/post/${postId}/${path}`, {
          token: user.token,
          body,
          headers: from(freshAddress()),
        });
      for (let n = 0; n < USER_LIMITS.comments.points; n += 1) {
        expect((await act(hal, 'POST', 'comments', { data: `c${n}` })).status).toBe(201);
      }
      expectRefusal(await act(hal, 'POST', 'comments', { data: 'more' }), HTTP_MESSAGES.tooManyRequests);
      expect((await act(ivy, 'POST', 'comments', { data: 'mine' })).status).toBe(201);

      // Likes and unlikes draw on one allowance.
      for (let n = 0; n < USER_LIMITS.likes.points; n += 1) {
        expect((await act(hal, n % 2 ? 'DELETE' : 'POST', 'like')).status).toBe(200);
      }
      expectRefusal(await act(hal, 'POST', 'like'), HTTP_MESSAGES.tooManyLikes);
      expect((await act(ivy, 'POST', 'like')).status).toBe(200);
    });
  });

  describe('writes, per user, sent all at once', () => {
    /** Sends `count` copies of one request at once; resolves to the answers. */
    const burst = (count: number, send: (n: number) => Promise<ApiResponse>) =>
      Promise.all(Array.from({ length: count }, (_, n) => send(n)));
    const accepted = (answers: ApiResponse[]) => answers.filter((answer) => answer.status < 300).length;
    const refusedWith = (answers: ApiResponse[], message: string) => {
      const refused = answers.filter((answer) => answer.status !== 200 && answer.status !== 201);
      for (const answer of refused) expectRefusal(answer, message);
      return refused.length;
    };
    const write = (user: LimitedUser, method: string, path: string, body?: unknown) =>
      api.request(method, path, { token: user.token, body, headers: from(freshAddress()) });
    const allowance = USER_LIMITS.listings.points;

    it(`creates and edits at most ${allowance} projects a minute for one user`, async () => {
      const [lou, max] = [await newUser(api), await newUser(api)];
      const created = await burst(allowance + 15, (n) =>
        write(lou, 'POST', '/api/project', projectBody({ projectName: `Flood ${n}` })),
      );
      expect(accepted(created)).toBe(allowance);
      expect(refusedWith(created, HTTP_MESSAGES.tooManyListingChanges)).toBe(15);
      const someId = (created.find((answer) => answer.status === 201)!.body.project as { _id: string })._id;
      // Edits and deletes draw on the same allowance; other users keep theirs.
      expectRefusal(
        await write(lou, 'PUT', `/api/project/editProject/${someId}`, { projectName: 'Renamed' }),
        HTTP_MESSAGES.tooManyListingChanges,
      );
      expect((await write(max, 'POST', '/api/project', projectBody())).status).toBe(201);
      const mine = await api.request<{ myProjectsIds: string[] }>('GET', '/api/user/myProjectsIds', {
        token: lou.token,
      });
      expect(mine.body.myProjectsIds).toHaveLength(allowance);
    });

    it(`creates at most ${USER_LIMITS.newProjects.points} projects an hour for one user`, async () => {
      const nia = await newUser(api);
      const create = () => write(nia, 'POST', '/api/project', projectBody());
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
      try {
        let made = 0;
        // A minute's allowance at a time, the clock moved on past each minute: only the hourly rule is left.
        while (made < USER_LIMITS.newProjects.points) {
          const batch = Math.min(allowance, USER_LIMITS.newProjects.points - made);
          expect(accepted(await burst(batch, create))).toBe(batch);
          made += batch;
          vi.setSystemTime(Date.now() + 61_000);
        }
        expectRefusal(await create(), HTTP_MESSAGES.tooManyNewProjects);
      } finally {
        vi.useRealTimers();
      }
    });

    it(`creates and edits a profile at most ${allowance} times a minute`, async () => {
      const ora = await newUser(api);
      expect((await write(ora, 'POST', '/api/teammate', profileBody())).status).toBe(201);
      const edits = await burst(allowance + 5, (n) =>
        write(ora, 'PUT', '/api/teammate/editTeammate', profileBody({ nickname: `edit-${n}` })),
      );
      expect(accepted(edits)).toBe(allowance - 1);
      expect(refusedWith(edits, HTTP_MESSAGES.tooManyListingChanges)).toBe(6);
    });

    it(`saves settings at most ${USER_LIMITS.settings.points} times a minute`, async () => {
      const pia = await newUser(api);
      const patches = await burst(USER_LIMITS.settings.points + 5, (n) =>
        write(pia, 'PATCH', '/api/user/settings', { name: `Name ${n}` }),
      );
      expect(accepted(patches)).toBe(USER_LIMITS.settings.points);
      expect(refusedWith(patches, HTTP_MESSAGES.tooManySettingsChanges)).toBe(5);
    });

    it(`saves and forgets at most ${USER_LIMITS.saves.points} items a minute`, async () => {
      const [quin, rae, sam] = [await newUser(api), await newUser(api), await newUser(api)];
      const project = await write(rae, 'POST', '/api/project', projectBody());
      const id = (project.body.project as { _id: string })._id;
      const saves = await burst(USER_LIMITS.saves.points + 10, (n) =>
        write(quin, n % 2 ? 'DELETE' : 'POST', `/api/user/projects/${id}`),
      );
      expect(accepted(saves)).toBe(USER_LIMITS.saves.points);
      expect(refusedWith(saves, HTTP_MESSAGES.tooManySaves)).toBe(10);
      expect((await write(sam, 'POST', `/api/user/projects/${id}`)).status).toBe(200);
    });
  });

  describe('/ml and /sort', () => {
    const sortBody = { type: 'project', text: 'design' };
    const mlBody = { input_text: 'a designer for a mobile app' };

    it('answers at most 60 calls a minute to one address on each route, /embedder included', async () => {
      for (const [path, body] of [
        ['/api/sort', sortBody],
        ['/api/ml', mlBody],
        ['/embedder/sort', sortBody],
        ['/embedder/ml', mlBody],
      ] as const) {
        const busy = freshAddress();
        for (let n = 0; n < 60; n += 1) {
          expect((await api.request('POST', path, { body, headers: from(busy) })).status).toBe(200);
        }
        expectRefusal(
          await api.request('POST', path, { body, headers: from(busy) }),
          HTTP_MESSAGES.tooManyRequests,
        );
        expect((await api.request('POST', path, { body, headers: from(freshAddress()) })).status).toBe(200);
      }
    });

    it(`answers a signed-in user at most ${USER_LIMITS.similarity.points} calls a minute across them, from any address`, async () => {
      const [jan, kim] = [await newUser(api), await newUser(api)];
      const call = (user: LimitedUser, n: number) => {
        const [path, body] = [
          ['/api/sort', sortBody],
          ['/api/ml', mlBody],
          ['/embedder/sort', sortBody],
          ['/embedder/ml', mlBody],
        ][n % 4];
        return api.request('POST', path as string, {
          body,
          token: user.token,
          headers: from(freshAddress()),
        });
      };
      for (let n = 0; n < USER_LIMITS.similarity.points; n += 1)
        expect((await call(jan, n)).status).toBe(200);
      for (let n = 0; n < 4; n += 1) expectRefusal(await call(jan, n), HTTP_MESSAGES.tooManyRequests);
      expect((await call(kim, 0)).status).toBe(200);
    });
  });

  describe('caps on pages, lists and payloads', () => {
    it(`refuses pages past ${MAX_PAGE} with 400 on every paged list`, async () => {
      const user = await newUser(api);
      const pagedLists = [
        '/api/post',
        '/api/project',
        '/api/teammate',
        '/api/user/myProjects',
        '/api/user/projects/found',
        '/api/user/teammates/found',
      ];
      for (const path of pagedLists) {
        for (const page of [String(MAX_PAGE + 1), '99999999999999999999']) {
          const refused = await api.request('GET', `${path}?page=${page}`, { token: user.token });
          expect(refused.status, `${path}?page=${page}`).toBe(400);
          expect(refused.body.message).toBe(PAGE_MESSAGE);
        }
        expect((await api.request('GET', `${path}?page=${MAX_PAGE}`, { token: user.token })).status).toBe(
          200,
        );
      }
      const filtering = (page: number) =>
        api.request('POST', '/api/project/traditional_filtering_all', { body: { activeFilters: {}, page } });
      expect((await filtering(MAX_PAGE)).status).toBe(200);
      expect((await filtering(MAX_PAGE + 1)).status).toBe(400);
    });

    it(`refuses filters with more than ${FILTER_OPTIONS_MAX} options`, async () => {
      for (const [path, body, vocabulary] of [
        [
          '/api/teammate/traditional_filtering',
          (list: readonly string[]) => ({ activeFilters: { hardSkills: list } }),
          VOCABULARIES.role,
        ],
        [
          '/api/sort',
          (list: readonly string[]) => ({ type: 'teammate', filter: { locations: list } }),
          VOCABULARIES.country,
        ],
      ] as const) {
        const options = (count: number) => vocabulary.slice(0, count);
        expect((await api.request('POST', path, { body: body(options(FILTER_OPTIONS_MAX)) })).status).toBe(
          200,
        );
        const refused = await api.request('POST', path, { body: body(options(FILTER_OPTIONS_MAX + 1)) });
        expect(refused.status).toBe(400);
        expect(refused.body.message).toContain(`at most ${FILTER_OPTIONS_MAX}`);
      }
    });

    it(`closes a socket that sends an event over ${SOCKET_MAX_PAYLOAD_BYTES} bytes; the server carries on`, async () => {
      const user = await newUser(api);
      const socket = await connectSocket(api.baseUrl, { token: user.token });
      sockets.push(socket);
      const closed = nextEvent<string>(socket, 'disconnect', ANSWER_BOUND_MS);
      socket.emit(CHAT_EVENTS.chat, { room: '0'.repeat(24), text: 'x'.repeat(SOCKET_MAX_PAYLOAD_BYTES + 1) });
      expect(await closed).toMatch(/transport (close|error)/);
      const again = await connectSocket(api.baseUrl, { token: user.token });
      sockets.push(again);
      expect(again.connected).toBe(true);
    });
  });
});

describe('RATE_LIMIT_SCALE multiplies the per-user limits', () => {
  let api: TestApp;
  beforeAll(async () => {
    api = await startTestApp({ RATE_LIMIT_SCALE: '2' });
  });
  afterAll(() => api.close());

  it(`lets one user post ${USER_LIMITS.posts.points * 2} times in a minute at scale 2, not more`, async () => {
    const user = await newUser(api);
    const post = () =>
      api.request('POST', '/api/post', {
        token: user.token,
        body: { data: 'scaled' },
        headers: from(freshAddress()),
      });
    for (let n = 0; n < USER_LIMITS.posts.points * 2; n += 1) expect((await post()).status).toBe(201);
    expectRefusal(await post(), HTTP_MESSAGES.tooManyPosts);
  });

  it('does not scale the per-account sign-up limit', async () => {
    const body = { username: 'unscaled', email: 'unscaled@example.com', password: 'long-enough-pass' };
    for (let n = 0; n < SIGNUP_ACCOUNT_LIMIT.points; n += 1) {
      expect(
        (await api.request('POST', '/api/auth/signup', { body, headers: from(freshAddress()) })).status,
      ).toBe(n === 0 ? 201 : 409);
    }
    expectRefusal(
      await api.request('POST', '/api/auth/signup', { body, headers: from(freshAddress()) }),
      AUTH_MESSAGES.tooManySignups,
    );
  });
});
