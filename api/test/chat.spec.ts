import {
  CHAT_MESSAGES,
  type ChatMessage,
  type ConversationSummary,
  HTTP_MESSAGES,
  MESSAGE_MAX_LENGTH,
} from '@skillers/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from './test-app';

interface SendAnswer {
  message: ChatMessage;
}
interface ConversationAnswer {
  conversation: { _id?: string; messages: ChatMessage[] };
}
interface ConversationsAnswer {
  conversations: ConversationSummary[];
}

const UNKNOWN_ID = 'aaaaaaaaaaaaaaaaaaaaaaaa';

describe('chat over HTTP', () => {
  let api: TestApp;
  beforeAll(async () => {
    api = await startTestApp();
  });
  afterAll(() => api.close());

  const send = (from: TestUser, body: unknown, path = '/api/chat/sendMessage') =>
    api.request<SendAnswer>('POST', path, { token: from.token, body });
  const conversation = (reader: TestUser, friendId: string) =>
    api.request<ConversationAnswer>('GET', `/api/chat/conversation?friendId=${friendId}`, {
      token: reader.token,
    });
  const conversations = (reader: TestUser) =>
    api.request<ConversationsAnswer>('GET', '/api/chat/conversations', { token: reader.token });

  it('creates one conversation per pair on the first message and keeps every message in it', async () => {
    const [ada, bob] = [await api.signUp(), await api.signUp()];
    const first = await send(ada, { id: bob.id, message: '  Hello Bob  ' });
    expect(first.status).toBe(201);
    expect(first.body.message).toMatchObject({ senderId: ada.id, message: 'Hello Bob' });
    expect(first.body.message.conversationId).toMatch(/^[0-9a-f]{24}$/);
    expect(Number.isNaN(Date.parse(first.body.message.date))).toBe(false);

    const reply = await send(bob, { id: ada.id, message: 'Hi Ada' });
    const fromSinglePage = await send(
      ada,
      { id: bob.id, message: 'About your project' },
      '/api/chat/singlePage/sendMessage',
    );
    expect(fromSinglePage.status).toBe(201);
    expect(reply.body.message.conversationId).toBe(first.body.message.conversationId);
    expect(fromSinglePage.body.message.conversationId).toBe(first.body.message.conversationId);

    for (const [reader, friend] of [
      [ada, bob],
      [bob, ada],
    ]) {
      const read = await conversation(reader, friend.id);
      expect(read.status).toBe(200);
      expect(read.body.conversation._id).toBe(first.body.message.conversationId);
      expect(read.body.conversation.messages.map((message) => [message.senderId, message.message])).toEqual([
        [ada.id, 'Hello Bob'],
        [bob.id, 'Hi Ada'],
        [ada.id, 'About your project'],
      ]);
    }
  });

  it('settles two first messages racing for a new pair on a single conversation', async () => {
    const [ada, bob] = [await api.signUp(), await api.signUp()];
    const answers = await Promise.all([
      send(ada, { id: bob.id, message: 'one' }),
      send(bob, { id: ada.id, message: 'two' }),
      send(ada, { id: bob.id, message: 'three' }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((answer) => answer.body.message.conversationId)).size).toBe(1);
    const read = await conversation(ada, bob.id);
    expect(read.body.conversation.messages).toHaveLength(3);
  });

  it('answers an empty conversation, not an error, for a friend with no messages yet', async () => {
    const [ada, bob] = [await api.signUp(), await api.signUp()];
    const read = await conversation(ada, bob.id);
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ conversation: { messages: [], hasMore: false } });
  });

  it('lists conversations newest first with friend, last message and unread count; reading clears unread', async () => {
    const [ada, bob, cem] = [await api.signUp(), await api.signUp(), await api.signUp()];
    expect((await conversations(ada)).body).toEqual({ conversations: [] });

    await send(bob, { id: ada.id, message: 'b1' });
    await send(bob, { id: ada.id, message: 'b2' });
    await send(ada, { id: bob.id, message: 'mine' });
    await send(cem, { id: ada.id, message: 'c1' });

    const list = await conversations(ada);
    expect(list.status).toBe(200);
    expect(
      list.body.conversations.map((item) => [item.friend.username, item.lastMessage?.message, item.unread]),
    ).toEqual([
      [cem.username, 'c1', 1],
      [bob.username, 'mine', 2],
    ]);
    expect(list.body.conversations[1].friend).toEqual({ _id: bob.id, username: bob.username });
    expect(JSON.stringify(list.body)).not.toMatch(/email|password/i);

    await conversation(ada, bob.id);
    const afterReading = await conversations(ada);
    expect(afterReading.body.conversations.map((item) => item.unread)).toEqual([1, 0]);
    // Bob's side: Ada's one message is unread for him, his own never are.
    expect((await conversations(bob)).body.conversations.map((item) => item.unread)).toEqual([1]);

    await send(bob, { id: ada.id, message: 'b3' });
    const again = await conversations(ada);
    expect(again.body.conversations.map((item) => [item.friend.username, item.unread])).toEqual([
      [bob.username, 1],
      [cem.username, 1],
    ]);
  });

  it('refuses every chat call without a valid token (401)', async () => {
    const bob = await api.signUp();
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/chat/conversation?friendId=${bob.id}`],
      ['GET', '/api/chat/conversations'],
      ['POST', '/api/chat/sendMessage', { id: bob.id, message: 'hi' }],
      ['POST', '/api/chat/singlePage/sendMessage', { id: bob.id, message: 'hi' }],
    ];
    for (const [method, path, body] of calls) {
      const anonymous = await api.request(method, path, { body });
      expect(anonymous.status, `${method} ${path}`).toBe(401);
      expect(anonymous.body.message).toBe(HTTP_MESSAGES.unauthorized);
      const forged = await api.request(method, path, { body, token: 'not.a.token' });
      expect(forged.status, `${method} ${path}`).toBe(401);
    }
  });

  it('validates the message and the recipient (400)', async () => {
    const [ada, bob] = [await api.signUp(), await api.signUp()];
    const cases: [unknown, string][] = [
      [{ id: bob.id, message: '   ' }, CHAT_MESSAGES.messageRequired],
      [{ id: bob.id }, CHAT_MESSAGES.messageRequired],
      [{ id: bob.id, message: 42 }, CHAT_MESSAGES.messageRequired],
      [
        { id: bob.id, message: 'x'.repeat(MESSAGE_MAX_LENGTH + 1) },
        `A message must be at most ${MESSAGE_MAX_LENGTH} characters`,
      ],
      [{ message: 'hi' }, 'Send the recipient id'],
      [{ id: 'bob', message: 'hi' }, 'Malformed recipient id'],
      [{ id: bob.id, message: 'hi', admin: true }, 'Unknown field: admin'],
      [{ id: ada.id, message: 'hi' }, CHAT_MESSAGES.cannotMessageYourself],
    ];
    for (const [body, message] of cases) {
      for (const path of ['/api/chat/sendMessage', '/api/chat/singlePage/sendMessage']) {
        const answer = await send(ada, body, path);
        expect(answer.status, JSON.stringify(body)).toBe(400);
        expect(answer.body).toMatchObject({ message });
      }
    }
    const longest = await send(ada, { id: bob.id, message: 'x'.repeat(MESSAGE_MAX_LENGTH) });
    expect(longest.status).toBe(201);
  });

  it('validates friendId when reading a conversation (400)', async () => {
    const ada = await api.signUp();
    for (const query of ['', '?friendId=', '?friendId=123', `?friendId=${ada.id}&friendId=${ada.id}`]) {
      const answer = await api.request('GET', `/api/chat/conversation${query}`, { token: ada.token });
      expect(answer.status, query).toBe(400);
      expect(typeof answer.body.message).toBe('string');
    }
    const self = await conversation(ada, ada.id);
    expect(self.status).toBe(400);
    expect(self.body).toMatchObject({ message: CHAT_MESSAGES.cannotMessageYourself });
  });

  it('answers 404 for a recipient or friend who does not exist, and stores nothing', async () => {
    const ada = await api.signUp();
    for (const path of ['/api/chat/sendMessage', '/api/chat/singlePage/sendMessage']) {
      const answer = await send(ada, { id: UNKNOWN_ID, message: 'anyone there?' }, path);
      expect(answer.status).toBe(404);
      expect(answer.body.message).toBe(CHAT_MESSAGES.userNotFound);
    }
    const read = await conversation(ada, UNKNOWN_ID);
    expect(read.status).toBe(404);
    expect(read.body).toMatchObject({ message: CHAT_MESSAGES.userNotFound });
    expect((await conversations(ada)).body.conversations).toEqual([]);
  });
});
