import {
  CHAT_MESSAGES,
  type ChatMessage,
  CONVERSATION_MESSAGES_LIMIT,
  type ConversationPage,
  HTTP_MESSAGES,
  type UnreadMessages,
} from '@skillers/domain';
import { COLLECTIONS, type RecordStore } from '@skillers/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORD_STORE } from '../src/core/tokens';
import { startTestApp, type TestApp, type TestUser } from './test-app';

const UNKNOWN_ID = 'aaaaaaaaaaaaaaaaaaaaaaaa';

describe('chat history pages, read receipts and unread totals over HTTP', () => {
  let api: TestApp;
  let ada: TestUser;
  let bob: TestUser;
  let sent: ChatMessage[];

  const send = (from: TestUser, to: TestUser, message: string) =>
    api.request<{ message: ChatMessage }>('POST', '/api/chat/sendMessage', {
      token: from.token,
      body: { id: to.id, message },
    });
  const read = (reader: TestUser, query: string) =>
    api.request<ConversationPage & { message?: string }>('GET', `/api/chat/conversation?${query}`, {
      token: reader.token,
    });
  const unread = (user: TestUser) =>
    api.request<UnreadMessages>('GET', '/api/chat/unread', { token: user.token });

  beforeAll(async () => {
    api = await startTestApp();
    [ada, bob] = [await api.signUp(), await api.signUp()];
    sent = [];
    for (let n = 0; n < 7; n += 1) sent.push((await send(ada, bob, `m${n}`)).body.message);
  });
  afterAll(() => api.close());

  it('pages backwards with before and limit until no older message is left', async () => {
    const texts = (page: ConversationPage) => page.conversation.messages.map((message) => message.message);
    const newest = await read(bob, `friendId=${ada.id}&limit=3`);
    expect(newest.status).toBe(200);
    expect(texts(newest.body)).toEqual(['m4', 'm5', 'm6']);
    expect(newest.body.conversation.hasMore).toBe(true);

    const older = await read(
      bob,
      `friendId=${ada.id}&limit=3&before=${newest.body.conversation.messages[0]._id}`,
    );
    expect(texts(older.body)).toEqual(['m1', 'm2', 'm3']);
    expect(older.body.conversation.hasMore).toBe(true);

    const oldest = await read(
      bob,
      `friendId=${ada.id}&limit=3&before=${older.body.conversation.messages[0]._id}`,
    );
    expect(texts(oldest.body)).toEqual(['m0']);
    expect(oldest.body.conversation.hasMore).toBe(false);

    const whole = await read(bob, `friendId=${ada.id}`);
    expect(texts(whole.body)).toEqual(sent.map((message) => message.message));
    expect(whole.body.conversation.hasMore).toBe(false);
  });

  it('keeps messages sharing one millisecond in order across a page boundary', async () => {
    const [cem, dan] = [await api.signUp(), await api.signUp()];
    await send(cem, dan, 'first');
    // Stored through the same store the API reads, with one date for all: only the id orders them.
    const conversationId = (await read(dan, `friendId=${cem.id}`)).body.conversation._id ?? '';
    const store = api.app.get<RecordStore>(RECORD_STORE);
    const date = new Date(Date.now() + 60_000).toISOString();
    const ids = ['f1', 'f2', 'f3', 'f4'].map((suffix) => `ffffffffffffffffffffff${suffix}`);
    for (const [index, _id] of ids.entries()) {
      await store
        .collection<ChatMessage>(COLLECTIONS.messages)
        .insert({ _id, conversationId, senderId: cem.id, message: `same${index}`, date });
    }
    const first = await read(dan, `friendId=${cem.id}&limit=2`);
    expect(first.body.conversation.messages.map((message) => message.message)).toEqual(['same2', 'same3']);
    const next = await read(
      dan,
      `friendId=${cem.id}&limit=2&before=${first.body.conversation.messages[0]._id}`,
    );
    expect(next.body.conversation.messages.map((message) => message.message)).toEqual(['same0', 'same1']);
    const last = await read(
      dan,
      `friendId=${cem.id}&limit=2&before=${next.body.conversation.messages[0]._id}`,
    );
    expect(last.body.conversation.messages.map((message) => message.message)).toEqual(['first']);
    expect(last.body.conversation.hasMore).toBe(false);
  });

  it('refuses a bad limit or before with a 400 and a message', async () => {
    for (const limit of ['0', `${CONVERSATION_MESSAGES_LIMIT + 1}`, 'ten', '-1', '2.5']) {
      const answer = await read(bob, `friendId=${ada.id}&limit=${limit}`);
      expect(answer.status, limit).toBe(400);
      expect(answer.body.message).toBe(
        `limit must be a whole number from 1 to ${CONVERSATION_MESSAGES_LIMIT}`,
      );
    }
    const malformed = await read(bob, `friendId=${ada.id}&before=nope`);
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe('Malformed message id');
  });

  it("answers 404 for a before that is unknown or another conversation's message", async () => {
    const [cem, dan] = [await api.signUp(), await api.signUp()];
    const theirs = (await send(cem, dan, 'not yours')).body.message;
    for (const before of [UNKNOWN_ID, theirs._id]) {
      const answer = await read(bob, `friendId=${ada.id}&before=${before}`);
      expect(answer.status, before).toBe(404);
      expect(answer.body.message).toBe(CHAT_MESSAGES.messageNotFound);
    }
    // No conversation at all with that friend yet: the cursor cannot be in it either.
    const none = await read(cem, `friendId=${ada.id}&before=${theirs._id}`);
    expect(none.status).toBe(404);
  });

  it('tells the sender how far the friend has read, and keeps it across reads', async () => {
    const [cem, dan] = [await api.signUp(), await api.signUp()];
    const message = (await send(cem, dan, 'Did you see this?')).body.message;
    const before = await read(cem, `friendId=${dan.id}`);
    expect(before.body.conversation.friendReadAt).toBeUndefined();

    await read(dan, `friendId=${cem.id}`);
    const after = await read(cem, `friendId=${dan.id}`);
    expect(after.body.conversation.friendReadAt).toBe(message.date);

    // Reading an older page does not move the marker.
    const reply = (await send(cem, dan, 'And this?')).body.message;
    await read(dan, `friendId=${cem.id}&before=${reply._id}`);
    expect((await read(cem, `friendId=${dan.id}`)).body.conversation.friendReadAt).toBe(message.date);
  });

  it('totals unread messages over all conversations and clears them on reading', async () => {
    const [cem, dan, eve] = [await api.signUp(), await api.signUp(), await api.signUp()];
    expect((await unread(cem)).body).toEqual({ messages: 0 });
    await send(dan, cem, 'one');
    await send(dan, cem, 'two');
    await send(eve, cem, 'three');
    await send(cem, eve, 'my own message is never unread for me');
    expect((await unread(cem)).body).toEqual({ messages: 3 });
    await read(cem, `friendId=${dan.id}`);
    expect((await unread(cem)).body).toEqual({ messages: 1 });
    await read(cem, `friendId=${eve.id}`);
    expect((await unread(cem)).body).toEqual({ messages: 0 });
  });

  it('refuses the unread total and pages without a valid token', async () => {
    const answers = [
      await api.request<{ message: string }>('GET', '/api/chat/unread'),
      await api.request<{ message: string }>('GET', '/api/chat/unread', { token: 'garbage' }),
      await api.request<{ message: string }>('GET', `/api/chat/conversation?friendId=${ada.id}&limit=2`),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(401);
      expect(answer.body.message).toBe(HTTP_MESSAGES.unauthorized);
    }
  });
});
