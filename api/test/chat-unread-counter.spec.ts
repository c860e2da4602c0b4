import {
  CHAT_EVENTS,
  type ChatMessage,
  conversationPairKey,
  type ConversationReadRecord,
  type ConversationRecord,
  type ConversationSummary,
  type UnreadMessages,
} from '@skillers/domain';
import { COLLECTIONS, newId, type RecordStore } from '@skillers/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORD_STORE } from '../src/core/tokens';
import { connectSocket, nextEvent } from './socket-client';
import { startTestApp, type TestApp, type TestUser } from './test-app';
import { markEmailVerified } from './verified-account';
import { shownTotal, unreadCheck } from './unread-from-messages';

/** Users talking, each pair in one conversation: 15 conversations shared by the workers. */
const USERS = 6;
/** Senders and readers running at once. */
const WORKERS = 20;
const ROUNDS_EACH = 12;

describe('stored unread counters under parallel senders and readers', () => {
  let api: TestApp;
  let store: RecordStore;
  let users: TestUser[];

  const send = (from: TestUser, to: TestUser, message: string) =>
    api.request<{ message: ChatMessage }>('POST', '/api/chat/sendMessage', {
      token: from.token,
      body: { id: to.id, message },
    });
  const unread = (user: TestUser) =>
    api.request<UnreadMessages>('GET', '/api/chat/unread', { token: user.token });
  const conversations = (user: TestUser) =>
    api.request<{ conversations: ConversationSummary[] }>('GET', '/api/chat/conversations', {
      token: user.token,
    });

  /** Before the race each user has one unread "hello" from every user who signed up before them. */
  const index = (user: TestUser) => users.indexOf(user);

  beforeAll(async () => {
    api = await startTestApp({ RATE_LIMIT_SCALE: '1000' });
    store = api.app.get<RecordStore>(RECORD_STORE);
    users = [];
    for (let n = 0; n < USERS; n += 1) users.push(await api.signUp());
    // Confirmed accounts, so the first user may start a conversation with each of the five others.
    for (const user of users) await markEmailVerified(api, user.id);
    for (const [index, from] of users.entries()) {
      for (const to of users.slice(index + 1)) expect((await send(from, to, 'hello')).status).toBe(201);
    }
    // Each user's first total makes their counters; from then on messages and reads keep them.
    for (const user of users) expect((await unread(user)).body).toEqual({ messages: index(user) });
  });
  afterAll(() => api.close());

  it('keeps every counter equal to the unread messages counted from the messages', async () => {
    const worker = async (n: number) => {
      const me = users[n % USERS];
      for (let round = 0; round < ROUNDS_EACH; round += 1) {
        const friend = users[(n + 1 + (round % (USERS - 1))) % USERS];
        if (round % 3 === 2) {
          const read = await api.request('GET', `/api/chat/conversation?friendId=${friend.id}`, {
            token: me.token,
          });
          expect(read.status).toBe(200);
          expect((await unread(me)).status).toBe(200);
        } else {
          expect((await send(me, friend, `message ${n}-${round}`)).status).toBe(201);
        }
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, (_, n) => worker(n)));

    for (const user of users) {
      const { stored, fromMessages } = await unreadCheck(store, user.id);
      expect(stored).toEqual(fromMessages);
      expect((await unread(user)).body).toEqual({ messages: shownTotal(fromMessages) });
      const listed = (await conversations(user)).body.conversations;
      expect(new Map(listed.map((summary) => [summary._id, summary.unread]))).toEqual(fromMessages);
    }
  }, 120_000);

  it("sends the recipient's new total from the counters over their socket", async () => {
    const [ada, bob] = users;
    const socket = await connectSocket(api.baseUrl, { token: bob.token });
    try {
      const told = nextEvent<UnreadMessages>(socket, CHAT_EVENTS.unread);
      expect((await send(ada, bob, 'one more')).status).toBe(201);
      const { fromMessages } = await unreadCheck(store, bob.id);
      expect(await told).toEqual({ messages: shownTotal(fromMessages) });
    } finally {
      socket.close();
    }
  });

  it('counts once, then keeps, the unread messages of conversations stored before counters', async () => {
    // A conversation as older data folders and the demo seed hold it: messages and a read marker, no counter.
    const [cem, dan] = [await api.signUp(), await api.signUp()];
    const conversationId = newId();
    const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 10, minute)).toISOString();
    await store.collection<ConversationRecord>(COLLECTIONS.conversations).insert({
      _id: conversationId,
      participants: [cem.id, dan.id].sort() as [string, string],
      pairKey: conversationPairKey(cem.id, dan.id),
      startedBy: cem.id,
      createdAt: at(0),
    });
    for (const minute of [1, 2, 3, 4]) {
      await store.collection<ChatMessage>(COLLECTIONS.messages).insert({
        _id: newId(),
        conversationId,
        senderId: cem.id,
        message: `before counters ${minute}`,
        date: at(minute),
      });
    }
    const reads = store.collection<ConversationReadRecord>(COLLECTIONS.conversationReads);
    await reads.insert({ _id: newId(), conversationId, userId: dan.id, readAt: at(2) });

    expect((await unread(dan)).body).toEqual({ messages: 2 });
    expect(await reads.findOne({ conversationId, userId: dan.id })).toMatchObject({
      readAt: at(2),
      unread: 2,
    });
    expect((await unread(cem)).body).toEqual({ messages: 0 });
    expect(await reads.findOne({ conversationId, userId: cem.id })).toMatchObject({ unread: 0 });

    // From then on a message raises the stored counter rather than being counted again.
    expect((await send(cem, dan, 'after counters')).status).toBe(201);
    expect(await reads.findOne({ conversationId, userId: dan.id })).toMatchObject({ unread: 3 });
    expect((await conversations(dan)).body.conversations.map((summary) => summary.unread)).toEqual([3]);
  });
});
