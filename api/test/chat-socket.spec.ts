import {
  CHAT_EVENTS,
  CHAT_MESSAGES,
  type ChatEventError,
  type ChatMessage,
  CONVERSATION_MESSAGES_LIMIT,
  HTTP_MESSAGES,
  MESSAGE_MAX_LENGTH,
  type RealtimeMessage,
} from '@skillers/domain';
import { Logger } from '@nestjs/common';
import { COLLECTIONS, type CollectionSpec, type RecordStore } from '@skillers/store';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { RECORD_STORE } from '../src/core/tokens';
import { CROSS_ORIGIN_REFUSED } from '../src/realtime/socket-handshake';
import { BUDGET_EVENT, type ChatAck } from '../src/realtime/chat.gateway';
import { EVENT_BUDGET } from '../src/realtime/event-budget';
import { connectSocket, eventsDuring, nextEvent } from './socket-client';
import { startTestApp, type TestApp, type TestUser } from './test-app';
import { markEmailVerified } from './verified-account';

/** Delivery on loopback is a few milliseconds; this bound only keeps a broken push from hanging the run. */
const DELIVERY_BOUND_MS = 1_000;

describe('real-time chat over socket.io', () => {
  let api: TestApp;
  let ada: TestUser;
  let bob: TestUser;
  let eve: TestUser;
  let conversationId: string;
  const sockets: Socket[] = [];

  const connect = async (user?: TestUser, options: Parameters<typeof connectSocket>[1] = {}) => {
    const socket = await connectSocket(api.baseUrl, { token: user?.token, ...options });
    sockets.push(socket);
    return socket;
  };
  const emit = (socket: Socket, event: string, ...args: unknown[]) =>
    socket.timeout(DELIVERY_BOUND_MS).emitWithAck(event, ...args) as Promise<ChatAck>;

  beforeAll(async () => {
    // One test sends over 200 messages from one user; the message limit is tested in abuse-limits.spec.ts.
    api = await startTestApp({ RATE_LIMIT_SCALE: '5' });
    [ada, bob, eve] = [await api.signUp(), await api.signUp(), await api.signUp()];
    const first = await api.request<{ message: ChatMessage }>('POST', '/api/chat/sendMessage', {
      token: ada.token,
      body: { id: bob.id, message: 'Hello Bob' },
    });
    conversationId = first.body.message.conversationId;
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(() => api.close());

  it('delivers a chat event from one participant to the other, and stores it', async () => {
    const [adaSocket, bobSocket] = [await connect(ada), await connect(bob)];
    expect(await emit(adaSocket, CHAT_EVENTS.join, conversationId)).toEqual({ ok: true, conversationId });
    expect(await emit(bobSocket, CHAT_EVENTS.join, conversationId)).toEqual({ ok: true, conversationId });

    const received = nextEvent<RealtimeMessage>(bobSocket, CHAT_EVENTS.message, DELIVERY_BOUND_MS);
    const started = performance.now();
    const ack = await emit(adaSocket, CHAT_EVENTS.chat, {
      room: conversationId,
      user: ada.id,
      text: ' Over the socket ',
    });
    const message = await received;
    expect(performance.now() - started).toBeLessThan(DELIVERY_BOUND_MS);
    expect(message).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      conversationId,
      senderId: ada.id,
      text: 'Over the socket',
      date: expect.any(String),
    });
    expect(ack).toMatchObject({ ok: true, message: { _id: message._id, message: 'Over the socket' } });

    const stored = await api.request<{ conversation: { messages: ChatMessage[] } }>(
      'GET',
      `/api/chat/conversation?friendId=${ada.id}`,
      { token: bob.token },
    );
    expect(stored.body.conversation.messages.at(-1)).toMatchObject({ _id: message._id, senderId: ada.id });
  });

  it('pushes a message sent over HTTP to the room', async () => {
    const adaSocket = await connect(ada);
    await emit(adaSocket, CHAT_EVENTS.join, conversationId);
    const received = nextEvent<RealtimeMessage>(adaSocket, CHAT_EVENTS.message, DELIVERY_BOUND_MS);
    const sent = await api.request<{ message: ChatMessage }>('POST', '/api/chat/singlePage/sendMessage', {
      token: bob.token,
      body: { id: ada.id, message: 'Sent from the project page' },
    });
    expect(await received).toMatchObject({
      _id: sent.body.message._id,
      conversationId,
      senderId: bob.id,
      text: 'Sent from the project page',
    });
  });

  it("delivers a conversation's first message to the recipient, who has joined no room yet", async () => {
    const carol = await api.signUp();
    const carolSocket = await connect(carol);
    const strangerSocket = await connect(eve);
    const received = nextEvent<RealtimeMessage>(carolSocket, CHAT_EVENTS.message, DELIVERY_BOUND_MS);
    const overheard = eventsDuring<RealtimeMessage>(strangerSocket, CHAT_EVENTS.message, DELIVERY_BOUND_MS);
    const sent = await api.request<{ message: ChatMessage }>('POST', '/api/chat/singlePage/sendMessage', {
      token: ada.token,
      body: { id: carol.id, message: 'First contact' },
    });
    expect(await received).toMatchObject({
      _id: sent.body.message._id,
      senderId: ada.id,
      text: 'First contact',
    });
    expect(await overheard).toEqual([]);
  });

  it('accepts the token as a bearer Authorization header too', async () => {
    const bobSocket = await connect(bob, { tokenInHeader: true });
    expect(await emit(bobSocket, CHAT_EVENTS.join, conversationId)).toEqual({ ok: true, conversationId });
  });

  it('keeps a stranger out of the room: no join, no chat, no messages', async () => {
    const [adaSocket, eveSocket] = [await connect(ada), await connect(eve)];
    await emit(adaSocket, CHAT_EVENTS.join, conversationId);

    const refusal = nextEvent<ChatEventError>(eveSocket, CHAT_EVENTS.exception);
    expect(await emit(eveSocket, CHAT_EVENTS.join, conversationId)).toEqual({
      ok: false,
      message: CHAT_MESSAGES.notInConversation,
    });
    expect(await refusal).toEqual({ event: CHAT_EVENTS.join, message: CHAT_MESSAGES.notInConversation });

    const intrusion = await emit(eveSocket, CHAT_EVENTS.chat, { room: conversationId, text: 'let me in' });
    expect(intrusion).toEqual({ ok: false, message: CHAT_MESSAGES.notInConversation });

    const overheard = eventsDuring(eveSocket, CHAT_EVENTS.message, 300);
    const adaHears = nextEvent<RealtimeMessage>(adaSocket, CHAT_EVENTS.message, DELIVERY_BOUND_MS);
    await api.request('POST', '/api/chat/sendMessage', {
      token: bob.token,
      body: { id: ada.id, message: 'private' },
    });
    expect((await adaHears).text).toBe('private');
    expect(await overheard).toEqual([]);

    const stored = await api.request<{ conversation: { messages: ChatMessage[] } }>(
      'GET',
      `/api/chat/conversation?friendId=${bob.id}`,
      { token: ada.token },
    );
    expect(stored.body.conversation.messages.map((message) => message.message)).not.toContain('let me in');
  });

  it('refuses a join to a conversation that does not exist, alike', async () => {
    const adaSocket = await connect(ada);
    expect(await emit(adaSocket, CHAT_EVENTS.join, 'bbbbbbbbbbbbbbbbbbbbbbbb')).toEqual({
      ok: false,
      message: CHAT_MESSAGES.notInConversation,
    });
  });

  it('refuses to connect without a valid token', async () => {
    await expect(connectSocket(api.baseUrl)).rejects.toThrow(HTTP_MESSAGES.unauthorized);
    await expect(connectSocket(api.baseUrl, { token: 'garbage' })).rejects.toThrow(
      HTTP_MESSAGES.unauthorized,
    );
    await expect(connectSocket(api.baseUrl, { transports: ['polling'] })).rejects.toThrow(
      HTTP_MESSAGES.unauthorized,
    );
    const [header, payload] = ada.token.split('.');
    await expect(connectSocket(api.baseUrl, { token: `${header}.${payload}.forged` })).rejects.toThrow(
      HTTP_MESSAGES.unauthorized,
    );
  });

  it('refuses browsers on other sites but lets the page’s own origin in', async () => {
    await expect(
      connectSocket(api.baseUrl, { token: ada.token, headers: { origin: 'https://evil.example' } }),
    ).rejects.toThrow(CROSS_ORIGIN_REFUSED);
    const own = await connect(ada, { headers: { origin: api.baseUrl } });
    expect(own.connected).toBe(true);
  });

  it('answers malformed events with an exception event and keeps serving the same socket', async () => {
    const [adaSocket, bobSocket] = [await connect(ada), await connect(bob)];
    await emit(bobSocket, CHAT_EVENTS.join, conversationId);
    const bad: [string, unknown[], string][] = [
      [CHAT_EVENTS.join, [], 'Send the conversation id'],
      [CHAT_EVENTS.join, [42], 'Send the conversation id'],
      [CHAT_EVENTS.join, [{ room: conversationId }], 'Send the conversation id'],
      [CHAT_EVENTS.join, ['../../etc/passwd'], 'Malformed conversation id'],
      [CHAT_EVENTS.chat, ['just a string'], 'Send the chat event as { room, text }'],
      [CHAT_EVENTS.chat, [[conversationId, 'hi']], 'Send the chat event as { room, text }'],
      [CHAT_EVENTS.chat, [null], 'Send the chat event as { room, text }'],
      [CHAT_EVENTS.chat, [{ room: conversationId, text: 5 }], CHAT_MESSAGES.messageRequired],
      [CHAT_EVENTS.chat, [{ room: conversationId, text: '   ' }], CHAT_MESSAGES.messageRequired],
      [CHAT_EVENTS.chat, [{ room: 7, text: 'hi' }], 'Send the conversation id'],
      [CHAT_EVENTS.chat, [{ room: conversationId, text: 'hi', admin: true }], 'Unknown field: admin'],
      [
        CHAT_EVENTS.chat,
        [{ room: conversationId, text: 'x'.repeat(MESSAGE_MAX_LENGTH + 1) }],
        `A message must be at most ${MESSAGE_MAX_LENGTH} characters`,
      ],
    ];
    const overheard = eventsDuring(bobSocket, CHAT_EVENTS.message, 500);
    for (const [event, args, message] of bad) {
      const refusal = nextEvent<ChatEventError>(adaSocket, CHAT_EVENTS.exception);
      const ack = await emit(adaSocket, event, ...args);
      expect(ack, `${event} ${JSON.stringify(args)}`).toMatchObject({ ok: false, message });
      expect(await refusal).toMatchObject({ event, message });
    }
    // Without an ack callback the refusal still arrives as an event.
    const refusal = nextEvent<ChatEventError>(adaSocket, CHAT_EVENTS.exception);
    adaSocket.emit(CHAT_EVENTS.chat, 12345);
    expect(await refusal).toMatchObject({ event: CHAT_EVENTS.chat });
    expect(await overheard).toEqual([]);

    expect(adaSocket.connected).toBe(true);
    await emit(adaSocket, CHAT_EVENTS.join, conversationId);
    const received = nextEvent<RealtimeMessage>(bobSocket, CHAT_EVENTS.message, DELIVERY_BOUND_MS);
    await emit(adaSocket, CHAT_EVENTS.chat, { room: conversationId, text: 'still here' });
    expect((await received).text).toBe('still here');
  });

  it('drops a socket whose event exceeds the size limit, and the server keeps serving', async () => {
    const [adaSocket, bobSocket] = [await connect(ada), await connect(bob)];
    const dropped = nextEvent(adaSocket, 'disconnect');
    adaSocket.emit(CHAT_EVENTS.chat, { room: conversationId, text: 'x'.repeat(200_000) });
    await dropped;
    expect(adaSocket.connected).toBe(false);

    expect((await api.request('GET', '/api/health')).status).toBe(200);
    const again = await connect(ada);
    await emit(bobSocket, CHAT_EVENTS.join, conversationId);
    const received = nextEvent<RealtimeMessage>(bobSocket, CHAT_EVENTS.message, DELIVERY_BOUND_MS);
    expect(await emit(again, CHAT_EVENTS.chat, { room: conversationId, text: 'back again' })).toMatchObject({
      ok: true,
    });
    expect((await received).text).toBe('back again');
  });

  it('works over HTTP long-polling as well as WebSocket', async () => {
    const [adaSocket, bobSocket] = [
      await connect(ada, { transports: ['polling'] }),
      await connect(bob, { transports: ['polling'] }),
    ];
    await emit(bobSocket, CHAT_EVENTS.join, conversationId);
    const received = nextEvent<RealtimeMessage>(bobSocket, CHAT_EVENTS.message, DELIVERY_BOUND_MS);
    await emit(adaSocket, CHAT_EVENTS.chat, { room: conversationId, text: 'polled' });
    expect((await received).text).toBe('polled');
  });

  it(`answers a conversation with its latest ${CONVERSATION_MESSAGES_LIMIT} messages, oldest first`, async () => {
    const [cem, dan] = [await api.signUp(), await api.signUp()];
    const first = await api.request<{ message: ChatMessage }>('POST', '/api/chat/sendMessage', {
      token: cem.token,
      body: { id: dan.id, message: 'm0' },
    });
    const cemSocket = await connect(cem);
    const room = first.body.message.conversationId;
    for (let n = 1; n <= CONVERSATION_MESSAGES_LIMIT + 4; n += 1) {
      const ack = await emit(cemSocket, CHAT_EVENTS.chat, { room, text: `m${n}` });
      expect(ack.ok).toBe(true);
    }
    const read = await api.request<{ conversation: { messages: ChatMessage[] } }>(
      'GET',
      `/api/chat/conversation?friendId=${cem.id}`,
      { token: dan.token },
    );
    const texts = read.body.conversation.messages.map((message) => message.message);
    expect(texts).toHaveLength(CONVERSATION_MESSAGES_LIMIT);
    expect(texts[0]).toBe('m5');
    expect(texts.at(-1)).toBe(`m${CONVERSATION_MESSAGES_LIMIT + 4}`);
  });
});

describe('the event budget of a socket and of a user', () => {
  let api: TestApp;
  const sockets: Socket[] = [];

  const connect = async (user: TestUser) => {
    const socket = await connectSocket(api.baseUrl, { token: user.token });
    sockets.push(socket);
    return socket;
  };
  /** A user with a conversation to join. */
  const talker = async () => {
    const [user, friend] = [await api.signUp(), await api.signUp()];
    const first = await api.request<{ message: ChatMessage }>('POST', '/api/chat/sendMessage', {
      token: user.token,
      body: { id: friend.id, message: 'hi' },
    });
    return { user, friend, room: first.body.message.conversationId };
  };
  /** Acks of events the socket sends all at once; those of a closed socket come back as errors. */
  const burst = (socket: Socket, count: number, event: string, payload: unknown) =>
    Promise.all(
      Array.from({ length: count }, () =>
        (socket.timeout(5_000).emitWithAck(event, payload) as Promise<ChatAck>).catch(
          (error: Error) => error.message,
        ),
      ),
    );
  const budgetRefusals = (acks: unknown[]) =>
    acks.filter(
      (ack) =>
        typeof ack === 'object' &&
        ack !== null &&
        (ack as { message?: string }).message === CHAT_MESSAGES.tooManyEvents,
    ).length;

  beforeAll(async () => {
    // Unscaled: the budget as production has it.
    api = await startTestApp();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(() => api.close());

  it('drops the events past the budget before any handler: they read nothing from the store', async () => {
    const { user, room } = await talker();
    const socket = await connect(user);
    const store = api.app.get<RecordStore>(RECORD_STORE);
    const collection = store.collection.bind(store);
    let conversationReads = 0;
    vi.spyOn(store, 'collection').mockImplementation(<T extends { _id: string }>(spec: CollectionSpec) => {
      if (spec.name === COLLECTIONS.conversations.name) conversationReads += 1;
      return collection<T>(spec);
    });

    const acks = await burst(socket, 300, CHAT_EVENTS.join, room);
    const joined = acks.filter((ack) => typeof ack === 'object' && ack.ok).length;
    expect(budgetRefusals(acks)).toBeGreaterThan(0);
    expect(joined).toBeLessThanOrEqual(EVENT_BUDGET.socketBurst + EVENT_BUDGET.socketPerSecond * 5);
    // Each join the handler saw reads its conversation once; the refused ones read nothing.
    expect(conversationReads).toBe(joined);
  });

  it('closes a socket that stays over budget, saying why, whatever its event names, and cools its user down', async () => {
    const { user, room } = await talker();
    const socket = await connect(user);
    const reasons: ChatEventError[] = [];
    socket.on(CHAT_EVENTS.exception, (error: ChatEventError) => reasons.push(error));
    const closed = nextEvent<string>(socket, 'disconnect', 10_000);
    const warnings = vi.spyOn(Logger.prototype, 'warn');

    const text = 'x'.repeat(MESSAGE_MAX_LENGTH);
    for (let n = 0; n < 2_000; n += 1) {
      socket.emit(`made-up-${n}`, n);
      socket.emit(CHAT_EVENTS.chat, { room, text });
      socket.emit(CHAT_EVENTS.join, room);
    }
    expect(await closed).toBe('io server disconnect');
    expect(reasons.at(-1)).toEqual({ event: BUDGET_EVENT, message: CHAT_MESSAGES.eventFlood });
    expect(warnings).toHaveBeenCalledWith(
      expect.stringContaining(`user ${user.id} that stayed over its event budget`),
    );
    // Reconnecting at once is refused at the handshake, so a flood cannot simply start over.
    await expect(connect(user)).rejects.toThrow(CHAT_MESSAGES.eventFloodCoolDown);
  });

  it('counts all of a user’s sockets together, and a new socket brings no fresh allowance', async () => {
    const { user, room } = await talker();
    const tabs = await Promise.all(Array.from({ length: 6 }, () => connect(user)));
    // Each tab stays within its own burst; together they exceed the user's, by less than would close a tab
    // even were every refusal to fall on one.
    const each = 80;
    expect(each).toBeLessThan(EVENT_BUDGET.socketBurst);
    expect(tabs.length * each - EVENT_BUDGET.userBurst).toBeLessThan(EVENT_BUDGET.refusalsBeforeDisconnect);
    const acks = (await Promise.all(tabs.map((tab) => burst(tab, each, CHAT_EVENTS.join, room)))).flat();
    expect(budgetRefusals(acks)).toBeGreaterThan(0);

    for (const tab of tabs) tab.close();
    const reopened = await connect(user);
    expect(budgetRefusals(await burst(reopened, 20, CHAT_EVENTS.join, room))).toBeGreaterThan(0);
  });

  it('never troubles a person: reconnects that join several rooms, and messages typed fast', async () => {
    const { user, room } = await talker();
    // Five conversations started: more than an unconfirmed account may start in a day.
    await markEmailVerified(api, user.id);
    const rooms = [room];
    for (let n = 0; n < 4; n += 1) {
      const other = await api.signUp();
      const first = await api.request<{ message: ChatMessage }>('POST', '/api/chat/sendMessage', {
        token: user.token,
        body: { id: other.id, message: 'hello' },
      });
      rooms.push(first.body.message.conversationId);
    }
    const refusals: ChatEventError[] = [];
    let socket = await connect(user);
    for (let reconnect = 0; reconnect < 10; reconnect += 1) {
      socket.close();
      socket = await connect(user);
      socket.on(CHAT_EVENTS.exception, (error: ChatEventError) => refusals.push(error));
      const joins = await Promise.all(
        rooms.map(
          (id) => socket.timeout(DELIVERY_BOUND_MS).emitWithAck(CHAT_EVENTS.join, id) as Promise<ChatAck>,
        ),
      );
      expect(joins.every((ack) => ack.ok)).toBe(true);
    }
    for (let n = 0; n < 40; n += 1) {
      const ack = (await socket
        .timeout(DELIVERY_BOUND_MS)
        .emitWithAck(CHAT_EVENTS.chat, { room, text: `quick ${n}` })) as ChatAck;
      expect(ack.ok).toBe(true);
    }
    expect(refusals).toEqual([]);
    expect(socket.connected).toBe(true);
  });
});
