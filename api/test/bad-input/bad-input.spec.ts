import 'reflect-metadata';
import {
  CHAT_EVENTS,
  CHAT_MESSAGES,
  type ChatMessage,
  chatEventSchema,
  HTTP_MESSAGES,
} from '@skillers/domain';
import fc from 'fast-check';
import { createHash } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatAck } from '../../src/realtime/chat.gateway';
import { ChatGateway } from '../../src/realtime/chat.gateway';
import { connectSocket, nextEvent } from '../socket-client';
import { startTestApp, type TestApp } from '../test-app';
import {
  absentId,
  awkwardString,
  badPageValue,
  encodePart,
  invalidJsonText,
  malformedId,
  mutatedBody,
  operatorObject,
  queryRefusedBy,
  smallWrongValue,
} from './arbitraries';
import {
  type Method,
  ONE_PIXEL_PNG,
  ROUTES,
  type RouteEntry,
  routeKey,
  type Seeded,
  SOCKET_EVENTS,
} from './catalogue';
import { countStatus, emptyTally, type RawRequest, type RawResponse, rawClient } from './raw-http';

const ADMIN_TOKEN = 'bad-input-admin-token-'.padEnd(48, '0');
/** The API's JSON body limit (3 MB); anything bigger must be answered 413 without being read. */
const BODY_LIMIT_BYTES = 3 * 1024 * 1024;
/** Requests sent at once; the client keeps as many sockets open. */
const CONCURRENCY = 8;
/** Batches per route: 26 batches of 8 make 208 requests a route, over 10 000 for the whole catalogue. */
const BATCHES_PER_ROUTE = 26;
const SOCKET_EVENTS_WITH_ACK = 800;
const SOCKET_EVENTS_WITHOUT_ACK = 100;
/** Only keeps a broken server from hanging the run; no assertion depends on it. */
const ANSWER_BOUND_MS = 10_000;

interface Attempt {
  fault: string;
  request: RawRequest;
  expected: number[];
  /** The exact message the answer must carry, where one is defined. */
  message?: string;
}

const METHODS: Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** One of each class no stored text takes: NUL, C0, DEL, C1, a bidi override and an isolate. */
const UNSAFE_SAMPLES = ['\u0000', '\u0007', '\u007f', '\u0085', '\u009b', '\u202e', '\u2066'];

/** For every string in a body, where it is and a copy of the body with that string changed. */
const withEachString = (
  value: unknown,
  change: (text: string) => string,
): { at: string; body: unknown }[] => {
  if (typeof value === 'string') return [{ at: '', body: change(value) }];
  if (Array.isArray(value)) {
    return value.flatMap((item, index) =>
      withEachString(item, change).map(({ at, body }) => ({
        at: `[${index}]${at}`,
        body: value.map((other, position) => (position === index ? body : other)),
      })),
    );
  }
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) =>
      withEachString(item, change).map(({ at, body }) => ({
        at: `.${key}${at}`,
        body: { ...value, [key]: body },
      })),
    );
  }
  return [];
};

const routePattern = (path: string) => new RegExp(`^${path.replace(/:id/g, '[^/]+')}$`);

const authHeader = (route: RouteEntry, seeded: Seeded): Record<string, string> => {
  if (route.auth === 'admin') return { authorization: `Bearer ${seeded.adminToken}` };
  if (route.auth === 'user' || route.auth === 'optional')
    return { authorization: `Bearer ${seeded.owner.token}` };
  return {};
};

const pathWith = (route: RouteEntry, id: string) => route.path.replace(':id', encodePart(id));

const jsonHeaders = { 'content-type': 'application/json' };

const expectedForSize = (body: string | Buffer): number[] =>
  Buffer.byteLength(body) > BODY_LIMIT_BYTES ? [413] : [400];

/** The bad requests one route can be sent, each with the 4xx it must get. */
const attemptsFor = (route: RouteEntry, seeded: Seeded): fc.Arbitrary<Attempt> => {
  const auth = authHeader(route, seeded);
  const path = route.id ? pathWith(route, route.id(seeded)) : route.path;
  const query = route.query ? `?${new URLSearchParams(route.query.valid(seeded)).toString()}` : '';
  const target = `${path}${query}`;
  const validText = JSON.stringify(route.body?.valid(seeded) ?? { anything: 1 });
  const options: fc.WeightedArbitrary<Attempt>[] = [];
  const add = (weight: number, arbitrary: fc.Arbitrary<Attempt>) => options.push({ weight, arbitrary });

  if (route.body) {
    const { schema, valid } = route.body;
    add(
      24,
      mutatedBody(valid(seeded), schema).map((body) => {
        const text = JSON.stringify(body);
        return {
          fault: 'body',
          request: { method: route.method, path: target, headers: { ...auth, ...jsonHeaders }, body: text },
          expected: expectedForSize(text),
        };
      }),
    );
  }

  add(
    3,
    fc
      .tuple(
        invalidJsonText(validText),
        fc.constantFrom('application/json', 'application/json; charset=utf-8'),
      )
      .map(([body, type]) => ({
        fault: 'invalid JSON',
        request: { method: route.method, path: target, headers: { ...auth, 'content-type': type }, body },
        expected: [400],
        message: HTTP_MESSAGES.malformedJson,
      })),
  );

  add(
    3,
    fc
      .tuple(
        fc.constantFrom(
          ...[
            undefined,
            'text/plain',
            'text/plain; charset=utf-8',
            'application/x-www-form-urlencoded',
            'multipart/form-data; boundary=x',
            'application/xml',
            'text/json',
            'application/jsonx',
            'application/json-patch+json',
            'application/octet-stream',
            'image/png',
          ].filter((type) => !(route.formBody && type === 'application/x-www-form-urlencoded')),
        ),
        fc.constantFrom(
          validText,
          'a=1&b=2',
          '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
        ),
      )
      .map(([type, body]) => ({
        fault: 'wrong content type',
        request: {
          method: route.method,
          path: target,
          headers: { ...auth, ...(type === undefined ? {} : { 'content-type': type }) },
          body,
        },
        expected: [415],
        message: 'Send the request body as application/json.',
      })),
  );

  add(
    1,
    fc
      .tuple(
        fc.constantFrom('gzip', 'deflate', 'br', 'compress', 'x-unknown'),
        fc.constantFrom(
          'application/json; charset=iso-8859-1',
          'application/json; charset=utf-7',
          'application/json',
        ),
      )
      .map(([encoding, type]) => ({
        fault: 'bad encoding or charset',
        request: {
          method: route.method,
          path: target,
          headers: { ...auth, 'content-type': type, 'content-encoding': encoding },
          body: validText,
        },
        expected: [400, 415],
      })),
  );

  add(
    1,
    fc.integer({ min: 1, max: 64 * 1024 }).map((extra) => ({
      fault: 'oversized body',
      request: {
        method: route.method,
        path: target,
        headers: { ...auth, ...jsonHeaders },
        body: oversized(extra),
      },
      expected: [413],
      message: HTTP_MESSAGES.payloadTooLarge,
    })),
  );

  if (route.auth === 'user') {
    const [head, payload, signature] = seeded.owner.token.split('.');
    add(
      4,
      fc
        .oneof(
          fc.constant<string | undefined>(undefined),
          fc.constantFrom(
            'Bearer',
            'Bearer ',
            `Bearer  ${seeded.owner.token}`,
            `Basic ${seeded.owner.token}`,
            `Token ${seeded.owner.token}`,
            `Bearer ${head}.${payload}.${signature.split('').reverse().join('')}`,
            `Bearer ${head}.${payload}.`,
            `Bearer ${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`,
            `Bearer ${seeded.adminToken}`,
            'Bearer null',
            'Bearer undefined',
            'Bearer {"$gt":""}',
          ),
          fc
            .string({
              unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.'),
              minLength: 1,
              maxLength: 400,
            })
            .map((token) => `Bearer ${token}`),
        )
        .map((authorization): Attempt => ({
          fault: 'bad token',
          request: {
            method: route.method,
            path: target,
            headers: authorization === undefined ? {} : { authorization },
          },
          expected: [401],
          message: HTTP_MESSAGES.unauthorized,
        })),
    );
  }

  if (route.id) {
    // The route's valid body goes along, so the id is the only fault.
    const idRequest = (idPath: string): RawRequest => ({
      method: route.method,
      path: `${idPath}${query}`,
      headers: route.body ? { ...auth, ...jsonHeaders } : auth,
      ...(route.body && { body: validText }),
    });
    add(
      10,
      malformedId.map((id) => ({
        fault: 'malformed id',
        request: idRequest(pathWith(route, id)),
        expected: [400],
        message: 'Malformed id',
      })),
    );
    add(
      1,
      fc.constantFrom('%', '%E0%A4%A', '%FF', '%C0%AF', '%00', '%uD800').map((raw) => ({
        fault: 'broken percent-encoding in the id',
        request: idRequest(route.path.replace(':id', raw)),
        expected: [400, 404],
      })),
    );
    if (route.absentIdStatus) {
      const status = route.absentIdStatus;
      add(
        2,
        absentId.map((id) => ({
          fault: 'absent id',
          request: idRequest(pathWith(route, id)),
          expected: [status],
        })),
      );
    }
  }

  if (route.query) {
    const { schemas, fields, valid } = route.query;
    const valueFor = (kind: string): fc.Arbitrary<string> => {
      if (kind === 'page') return badPageValue;
      if (kind === 'id') return fc.oneof(malformedId, fc.constant(seeded.owner.id));
      if (kind === 'ids')
        return fc.oneof(
          malformedId,
          malformedId.map((bad) => `${seeded.owner.id},${bad}`),
        );
      return fc.oneof(
        awkwardString(),
        operatorObject.map((value) => JSON.stringify(value)),
        fc.constantFrom(
          '__proto__',
          'constructor',
          'toolsexperience',
          'TOOLSEXPERIENCE',
          ' toolsExperience',
          '',
        ),
      );
    };
    add(
      12,
      fc
        .tuple(fc.constantFrom(...fields), fc.constantFrom('replace', 'repeat', 'drop'))
        .chain(([field, how]) =>
          valueFor(field.kind).map((value) => {
            const params = new URLSearchParams(valid(seeded));
            if (how === 'replace') params.set(field.name, value);
            if (how === 'repeat') params.append(field.name, value);
            if (how === 'drop') params.delete(field.name);
            return [...params].map(([name, v]) => `${encodePart(name)}=${encodePart(v)}`).join('&');
          }),
        )
        .filter((search) => queryRefusedBy(schemas, search))
        .map((search) => ({
          fault: 'bad query',
          request: { method: route.method, path: `${path}?${search}`, headers: auth },
          expected: [400],
        })),
    );
    const idField = fields.find((field) => field.kind === 'id');
    if (idField) {
      add(
        2,
        absentId.map((id) => ({
          fault: 'absent id in the query',
          request: {
            method: route.method,
            path: `${path}?${new URLSearchParams({ ...valid(seeded), [idField.name]: id }).toString()}`,
            headers: auth,
          },
          expected: [404],
        })),
      );
    }
  }

  const otherMethods = METHODS.filter(
    (method) => !ROUTES.some((other) => other.method === method && routePattern(other.path).test(path)),
  );
  if (otherMethods.length > 0) {
    add(
      1,
      fc.constantFrom(...otherMethods).map((method) => ({
        fault: 'wrong method',
        request: { method, path: target, headers: auth },
        expected: [404],
      })),
    );
  }

  return fc.oneof(...options);
};

const oversizedCache = new Map<number, Buffer>();
/** A JSON object just over the body limit (shared buffers, so memory stays flat). */
const oversized = (extra: number): Buffer => {
  const bucket = Math.ceil(extra / 8192) * 8192;
  let body = oversizedCache.get(bucket);
  if (!body) {
    const padding = BODY_LIMIT_BYTES + bucket;
    body = Buffer.from(`{"data":"${'a'.repeat(padding)}"}`);
    oversizedCache.set(bucket, body);
  }
  return body;
};

const describeAttempt = (attempt: Attempt, response: RawResponse) =>
  `${attempt.fault}: ${attempt.request.method} ${attempt.request.path.slice(0, 200)} ` +
  `(body ${attempt.request.body === undefined ? 'none' : `${Buffer.byteLength(attempt.request.body)} bytes: ${attempt.request.body.toString().slice(0, 200)}`}) ` +
  `answered ${response.status} ${response.text.slice(0, 300)}; expected ${attempt.expected.join(' or ')}`;

describe('bad input, everywhere', () => {
  let api: TestApp;
  let seeded: Seeded;
  let conversationId: string;
  let client: ReturnType<typeof rawClient>;
  const http = emptyTally();
  const socketTally = { tried: 0, refused: 0, serverErrors: 0 };
  let before: Record<string, unknown>;

  /** What the seeded users see of their data, read through the API. */
  const snapshot = async (): Promise<Record<string, unknown>> => {
    const owner = seeded.owner.token;
    const reads: [string, string | undefined][] = [
      ['/api/user/settings', owner],
      ['/api/user/users', owner],
      ['/api/user/myProjects', owner],
      ['/api/user/myProjectsIds', owner],
      ['/api/user/myTeammate', owner],
      ['/api/user/savedIds', owner],
      ['/api/user/projects/found', owner],
      ['/api/user/teammates/found', owner],
      [`/api/project/${seeded.ownProjectId}`, owner],
      [`/api/project/${seeded.friendProjectId}`, owner],
      [`/api/teammate/${seeded.friendProfileId}`, owner],
      [`/api/chat/conversation?friendId=${seeded.friendId}`, owner],
      ['/api/chat/conversations', owner],
      ['/api/project', undefined],
      ['/api/teammate', undefined],
      ['/api/post', undefined],
      ['/api/admin/propositions', seeded.adminToken],
    ];
    const seen: Record<string, unknown> = {};
    for (const [path, token] of reads) {
      const response = await api.request('GET', path, { token });
      expect(response.status, path).toBe(200);
      seen[path] = response.body;
    }
    const stats = await api.request<{ store: unknown; index: { documents: unknown } }>(
      'GET',
      '/api/admin/stats',
      {
        token: seeded.adminToken,
      },
    );
    seen.store = stats.body.store;
    seen.indexDocuments = stats.body.index.documents;
    const image = await fetch(`${api.baseUrl}/api/post/${seeded.postId}/image`);
    seen.image = createHash('sha256')
      .update(Buffer.from(await image.arrayBuffer()))
      .digest('hex');
    return seen;
  };

  beforeAll(async () => {
    api = await startTestApp({ RATE_LIMIT_SCALE: '1000', ADMIN_TOKEN });
    client = rawClient(api.baseUrl, CONCURRENCY);
    const owner = await api.signUp();
    const friend = await api.signUp();
    const as = (token: string, method: string, path: string, body?: unknown) =>
      api.request<Record<string, { _id: string } & Record<string, unknown>>>(method, path, { token, body });

    await as(owner.token, 'PATCH', '/api/user/settings', {
      name: 'Ada',
      surname: 'Lovelace',
      phoneNumber: '+44 1',
    });
    const ownProject = await as(owner.token, 'POST', '/api/project', {
      projectName: 'Solar map',
      toolsExperience: [{ tool: 'React', mep: 3 }],
      projectType: ['Start Up'],
      productType: ['Web Application'],
      offeredGratification: ['Equity Grant'],
      forGratification: ['Milestone'],
      description: 'Rooftops',
    });
    await as(owner.token, 'POST', '/api/teammate', {
      nickname: 'ada',
      toolsExperience: ['Figma'],
      projectType: ['Freelancing'],
      productType: ['Mobile Application'],
      offeredGratification: ['Salary'],
      forGratification: ['Time'],
    });
    const friendProject = await as(friend.token, 'POST', '/api/project', {
      projectName: 'Runner app',
      toolsExperience: ['Kotlin'],
      projectType: ['Hackathon Project'],
      productType: ['Mobile Application'],
      offeredGratification: ['Salary'],
      forGratification: ['Time'],
    });
    const friendProfile = await as(friend.token, 'POST', '/api/teammate', {
      nickname: 'bob',
      toolsExperience: ['Kotlin'],
      projectType: ['Business'],
      productType: ['Web Application'],
      offeredGratification: ['Bonuses'],
      forGratification: ['KPI'],
    });
    await as(owner.token, 'POST', `/api/user/projects/${friendProject.body.project._id}`);
    await as(owner.token, 'POST', `/api/user/teammates/${friendProfile.body.teammate._id}`);
    const sent = await as(owner.token, 'POST', '/api/chat/sendMessage', {
      id: friend.id,
      message: 'Hello Bob',
    });
    await as(friend.token, 'POST', '/api/chat/sendMessage', { id: owner.id, message: 'Hello Ada' });
    conversationId = (sent.body.message as unknown as ChatMessage).conversationId;
    const post = await as(owner.token, 'POST', '/api/post', { data: 'First post', image: ONE_PIXEL_PNG });
    await as(friend.token, 'POST', `/api/post/${post.body.post._id}/like`);
    await as(friend.token, 'POST', `/api/post/${post.body.post._id}/comments`, { data: 'Welcome' });
    await as(owner.token, 'POST', '/api/proposition', { proposition: 'Zig', filterType: 'toolsExperience' });
    const proposals = await api.request<{ propositions: { _id: string }[] }>(
      'GET',
      '/api/admin/propositions',
      {
        token: ADMIN_TOKEN,
      },
    );

    const report = await api.request<{ reportId: string }>('POST', '/api/reports', {
      token: owner.token,
      body: { targetKind: 'conversation', targetId: conversationId, reason: 'harassment' },
    });

    const savedSearch = await as(owner.token, 'POST', '/api/user/saved-searches', {
      kind: 'project',
      name: 'Kotlin projects',
      activeFilters: { toolsExperience: ['Kotlin'] },
    });

    seeded = {
      owner: { id: owner.id, token: owner.token, email: owner.email, password: owner.password },
      friendId: friend.id,
      adminToken: ADMIN_TOKEN,
      ownProjectId: ownProject.body.project._id,
      friendProjectId: friendProject.body.project._id,
      friendProfileId: friendProfile.body.teammate._id,
      postId: post.body.post._id,
      propositionId: proposals.body.propositions[0]._id,
      reportId: report.body.reportId,
      savedSearchId: savedSearch.body.savedSearch._id,
    };
    for (const [name, id] of Object.entries(seeded)) {
      if (name.endsWith('Id')) expect(id, name).toMatch(/^[0-9a-f]{24}$/);
    }
    // Reading a conversation marks it read, so the first read settles what every later one shows. Index
    // jobs run after the writes are answered (the model loads in a worker thread meanwhile): wait for them.
    const indexed = { project: 2, teammate: 2 };
    for (
      let wait = 0;
      JSON.stringify((await snapshot()).indexDocuments) !== JSON.stringify(indexed);
      wait++
    ) {
      if (wait === 100) throw new Error('the seeded listings were not indexed within 20 s');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    before = await snapshot();
  });

  afterAll(async () => {
    const classes = Object.entries(http.byClass)
      .map(([name, count]) => `${name} ${count}`)
      .join(', ');
    console.log(
      `bad input: ${http.tried} HTTP requests tried (${classes}; by status ${JSON.stringify(http.byStatus)}), ` +
        `5xx seen: ${http.byClass['5xx'] ?? 0}; ${socketTally.tried} socket events tried, ` +
        `${socketTally.refused} refused, server errors seen: ${socketTally.serverErrors}`,
    );
    client?.close();
    await api?.close();
  });

  it('has every route of the running app in its catalogue, and no route the app lacks', () => {
    const express = api.app.getHttpAdapter().getInstance() as {
      router: { stack: { route?: { path: string; methods: Record<string, boolean> } }[] };
    };
    const registered = new Set<string>();
    for (const layer of express.router.stack) {
      const route = layer.route;
      if (!route || !/^\/(api|embedder)\//.test(route.path)) continue;
      const methods = Object.keys(route.methods).filter((method) => route.methods[method]);
      // Middleware Nest mounts for every method is not a route of its own.
      if (methods.length !== 1) continue;
      registered.add(routeKey({ method: methods[0], path: route.path }));
    }
    expect(registered.size).toBeGreaterThan(40);
    expect([...new Set(ROUTES.map(routeKey))].sort()).toEqual([...registered].sort());
  });

  it('has every socket event of the chat gateway in its catalogue', () => {
    const prototype = ChatGateway.prototype as unknown as Record<string, unknown>;
    const events = Object.getOwnPropertyNames(prototype)
      .map((name) => prototype[name])
      .filter((handler): handler is object => typeof handler === 'function')
      .map((handler) => Reflect.getMetadata('message', handler) as string | undefined)
      .filter((event): event is string => event !== undefined);
    expect(events.sort()).toEqual([...SOCKET_EVENTS].sort());
  });

  it(
    'refuses every string field of every body holding an unsafe character: 400 with a message',
    { timeout: 120_000 },
    async () => {
      const accepted: string[] = [];
      let tried = 0;
      for (const route of ROUTES.filter((entry) => entry.body)) {
        const path = route.id ? pathWith(route, route.id(seeded)) : route.path;
        const query = route.query ? `?${new URLSearchParams(route.query.valid(seeded)).toString()}` : '';
        for (const sample of UNSAFE_SAMPLES) {
          const variants = withEachString(
            route.body!.valid(seeded),
            (text) => `${text.slice(0, 1)}${sample}${text.slice(1)}`,
          );
          // A password is not stored text: only its argon2 hash is kept, over every byte of it.
          for (const { at, body } of variants.filter((variant) => variant.at !== '.password')) {
            tried++;
            const answer = await api.request(route.method, `${path}${query}`, {
              headers: authHeader(route, seeded),
              body,
            });
            if (answer.status !== 400 || typeof answer.body.message !== 'string' || !answer.body.message) {
              accepted.push(`${routeKey(route)} ${at} ${JSON.stringify(sample)}: ${answer.status}`);
            }
          }
        }
      }
      expect(tried).toBeGreaterThan(500);
      expect(accepted).toEqual([]);
    },
  );

  describe.each(ROUTES.map((route) => [routeKey(route), route] as const))('%s', (_name, route) => {
    it('answers every malformed request with a 4xx and a message', { timeout: 120_000 }, async () => {
      const batch = fc.array(attemptsFor(route, seeded), { minLength: CONCURRENCY, maxLength: CONCURRENCY });
      await fc.assert(
        fc.asyncProperty(batch, async (attempts) => {
          const responses = await Promise.all(attempts.map((attempt) => client.send(attempt.request)));
          responses.forEach((response, index) => {
            const attempt = attempts[index];
            countStatus(http, response.status);
            const body = response.json as { statusCode?: unknown; message?: unknown } | undefined;
            const fine =
              (attempt.expected.includes(response.status) || response.status === 429) &&
              body?.statusCode === response.status &&
              typeof body.message === 'string' &&
              body.message.length > 0 &&
              (attempt.message === undefined || response.status === 429 || body.message === attempt.message);
            if (!fine) throw new Error(describeAttempt(attempt, response));
          });
        }),
        { numRuns: BATCHES_PER_ROUTE, endOnFailure: true },
      );
    });
  });

  it(
    'refuses every malformed socket event with a message, and keeps the connection',
    { timeout: 120_000 },
    async () => {
      const socket: Socket = await connectSocket(api.baseUrl, { token: seeded.owner.token });
      try {
        const joinPayload = fc.oneof(smallWrongValue, malformedId, absentId);
        const chatPayload = fc.oneof(
          mutatedBody(
            { room: conversationId, user: seeded.owner.id, text: 'Hi' },
            chatEventSchema,
            smallWrongValue,
          ),
          absentId.map((room) => ({ room, text: 'Hi' })),
          smallWrongValue,
          fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
        );
        const emission = fc
          .oneof(
            fc.tuple(fc.constant(CHAT_EVENTS.join), fc.array(joinPayload, { minLength: 1, maxLength: 3 })),
            fc.tuple(fc.constant(CHAT_EVENTS.chat), fc.array(chatPayload, { minLength: 1, maxLength: 3 })),
            fc
              .constantFrom(CHAT_EVENTS.join, CHAT_EVENTS.chat)
              .map((event) => [event, []] as [string, unknown[]]),
          )
          .filter(([, args]) => Buffer.byteLength(JSON.stringify(args) ?? '') < 12 * 1024);

        const checkRefusal = (what: string, answer: { ok?: unknown; message?: unknown }) => {
          socketTally.tried += 1;
          if (answer.message === CHAT_MESSAGES.serverError) socketTally.serverErrors += 1;
          expect(answer.ok, what).toBe(false);
          expect(answer.message, what).toEqual(expect.any(String));
          expect(answer.message, what).not.toBe(CHAT_MESSAGES.serverError);
          expect(answer.message, what).not.toBe(CHAT_MESSAGES.timedOut);
          socketTally.refused += 1;
        };

        await fc.assert(
          fc.asyncProperty(
            fc.array(emission, { minLength: CONCURRENCY, maxLength: CONCURRENCY }),
            async (batch) => {
              const answers = await Promise.all(
                batch.map(
                  ([event, args]) =>
                    socket.timeout(ANSWER_BOUND_MS).emitWithAck(event, ...args) as Promise<ChatAck>,
                ),
              );
              answers.forEach((answer, index) =>
                checkRefusal(JSON.stringify(batch[index]).slice(0, 300), answer),
              );
            },
          ),
          { numRuns: SOCKET_EVENTS_WITH_ACK / CONCURRENCY, endOnFailure: true },
        );

        // Without an ack, the refusal arrives as an `exception` event naming the event.
        for (const [event, args] of fc.sample(emission, SOCKET_EVENTS_WITHOUT_ACK)) {
          const refusal = nextEvent<{ event: string; message: string }>(
            socket,
            CHAT_EVENTS.exception,
            ANSWER_BOUND_MS,
          );
          socket.emit(event, ...args);
          const answer = await refusal;
          expect(answer.event).toBe(event);
          checkRefusal(JSON.stringify(args).slice(0, 300), { ok: false, message: answer.message });
        }

        // Events the gateway does not handle are ignored; the socket stays usable.
        for (const event of ['message', 'exception', '__proto__', 'constructor', 'toString', 'unknown']) {
          socket.emit(event, { $where: 'true' });
        }
        expect(socket.connected).toBe(true);
        expect(await socket.timeout(ANSWER_BOUND_MS).emitWithAck(CHAT_EVENTS.join, conversationId)).toEqual({
          ok: true,
          conversationId,
        });
      } finally {
        socket.close();
      }
    },
  );

  it(
    'refuses a connection whose handshake token is malformed, with a message',
    { timeout: 60_000 },
    async () => {
      const malformedTokens = fc.sample(
        fc.oneof(
          operatorObject,
          fc.constantFrom<unknown>(null, 0, 1, true, [], {}, [seeded.owner.token], {
            token: seeded.owner.token,
          }),
          awkwardString(),
          fc.constant(`${seeded.owner.token}x`),
          fc.constant('x'.repeat(8_000)),
        ),
        40,
      );
      for (const token of malformedTokens) {
        const socket = io(api.baseUrl, {
          path: '/socket.io',
          transports: ['websocket'],
          reconnection: false,
          forceNew: true,
          auth: { token },
        });
        try {
          const refusal = await new Promise<Error>((resolve, reject) => {
            socket.once('connect', () => reject(new Error(`connected with token ${JSON.stringify(token)}`)));
            socket.once('connect_error', resolve);
          });
          socketTally.tried += 1;
          if (refusal.message === CHAT_MESSAGES.serverError) socketTally.serverErrors += 1;
          expect(refusal.message, JSON.stringify(token)).toBe(HTTP_MESSAGES.unauthorized);
          socketTally.refused += 1;
        } finally {
          socket.close();
        }
      }
    },
  );

  it(
    'drops only the socket that sends a packet over 16 KB; the server keeps serving',
    { timeout: 30_000 },
    async () => {
      const socket = await connectSocket(api.baseUrl, { token: seeded.owner.token });
      const dropped = nextEvent<string>(socket, 'disconnect', ANSWER_BOUND_MS);
      socket.emit(CHAT_EVENTS.chat, { room: conversationId, text: 'x'.repeat(20 * 1024) });
      expect(await dropped).toEqual(expect.any(String));
      socketTally.tried += 1;
      socket.close();

      const fresh = await connectSocket(api.baseUrl, { token: seeded.owner.token });
      try {
        expect(await fresh.timeout(ANSWER_BOUND_MS).emitWithAck(CHAT_EVENTS.join, conversationId)).toEqual({
          ok: true,
          conversationId,
        });
      } finally {
        fresh.close();
      }
    },
  );

  it('sent over 10 000 requests with no 5xx, still answers /api/health, and changed no data', async () => {
    expect(http.tried).toBeGreaterThanOrEqual(10_000);
    expect(http.byClass['5xx'] ?? 0).toBe(0);
    expect(http.byClass['2xx'] ?? 0).toBe(0);
    expect(socketTally.serverErrors).toBe(0);
    const health = await api.request('GET', '/api/health');
    expect(health.status).toBe(200);
    expect(await snapshot()).toEqual(before);
  });
});
