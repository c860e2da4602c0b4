import {
  CHAT_EVENTS,
  type ChatMessage,
  FEED_MESSAGES,
  HTTP_MESSAGES,
  NOTIFICATION_PREVIEW_LENGTH,
  NOTIFICATIONS_LIMIT,
  type NotificationsPage,
  type Post,
  type ReadReceipt,
  type RealtimeNotification,
  type UnreadMessages,
} from '@skillers/domain';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connectSocket, eventsDuring, nextEvent } from './socket-client';
import { startTestApp, type TestApp, type TestUser } from './test-app';

/** Delivery on loopback is a few milliseconds; this bound only keeps a broken push from hanging the run. */
const DELIVERY_BOUND_MS = 1_000;
const UNKNOWN_ID = 'aaaaaaaaaaaaaaaaaaaaaaaa';

describe('notifications, live unread totals and read receipts', () => {
  let api: TestApp;
  const sockets: Socket[] = [];

  const connect = async (user: TestUser) => {
    const socket = await connectSocket(api.baseUrl, { token: user.token });
    sockets.push(socket);
    return socket;
  };
  const send = (from: TestUser, to: TestUser, message: string) =>
    api.request<{ message: ChatMessage }>('POST', '/api/chat/sendMessage', {
      token: from.token,
      body: { id: to.id, message },
    });
  const openConversation = (reader: TestUser, friend: TestUser) =>
    api.request('GET', `/api/chat/conversation?friendId=${friend.id}`, { token: reader.token });
  const notifications = (user: TestUser) =>
    api.request<NotificationsPage>('GET', '/api/notifications', { token: user.token });
  const post = async (author: TestUser, data: string) =>
    (await api.request<{ post: Post }>('POST', '/api/post', { token: author.token, body: { data } })).body
      .post;

  beforeAll(async () => {
    api = await startTestApp({ RATE_LIMIT_SCALE: '5' });
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(() => api.close());

  it('pushes the recipient a new unread total on each message, and clears it when they read', async () => {
    const [ada, bob] = [await api.signUp(), await api.signUp()];
    const [adaSocket, bobSocket] = [await connect(ada), await connect(bob)];
    const senderHears = eventsDuring<UnreadMessages>(adaSocket, CHAT_EVENTS.unread, 600);

    const first = nextEvent<UnreadMessages>(bobSocket, CHAT_EVENTS.unread, DELIVERY_BOUND_MS);
    await send(ada, bob, 'one');
    expect(await first).toEqual({ messages: 1 });
    const second = nextEvent<UnreadMessages>(bobSocket, CHAT_EVENTS.unread, DELIVERY_BOUND_MS);
    await send(ada, bob, 'two');
    expect(await second).toEqual({ messages: 2 });
    // The sender's own messages change nothing for the sender.
    expect(await senderHears).toEqual([]);

    // Bob reads in one tab; his other tab hears the total drop to zero.
    const otherTab = await connect(bob);
    const cleared = nextEvent<UnreadMessages>(otherTab, CHAT_EVENTS.unread, DELIVERY_BOUND_MS);
    await openConversation(bob, ada);
    expect(await cleared).toEqual({ messages: 0 });
  });

  it('sends a read receipt to the sender only once the other user opens the conversation', async () => {
    const [ada, bob, eve] = [await api.signUp(), await api.signUp(), await api.signUp()];
    const [adaSocket, eveSocket] = [await connect(ada), await connect(eve)];
    const message = (await send(ada, bob, 'Seen yet?')).body.message;
    const early = await eventsDuring<ReadReceipt>(adaSocket, CHAT_EVENTS.read, 300);
    expect(early).toEqual([]);

    const receipt = nextEvent<ReadReceipt>(adaSocket, CHAT_EVENTS.read, DELIVERY_BOUND_MS);
    const overheard = eventsDuring<ReadReceipt>(eveSocket, CHAT_EVENTS.read, 600);
    await openConversation(bob, ada);
    expect(await receipt).toEqual({
      conversationId: message.conversationId,
      userId: bob.id,
      readAt: message.date,
    });
    expect(await overheard).toEqual([]);

    // Opening it again with nothing new sends no second receipt.
    const repeat = eventsDuring<ReadReceipt>(adaSocket, CHAT_EVENTS.read, 400);
    await openConversation(bob, ada);
    expect(await repeat).toEqual([]);
  });

  it('notifies a post author of likes and comments from others, live, and counts them unread', async () => {
    const [ada, bob] = [await api.signUp(), await api.signUp()];
    const adaSocket = await connect(ada);
    const mine = await post(ada, 'My first post');

    const ownLike = eventsDuring<RealtimeNotification>(adaSocket, CHAT_EVENTS.notification, 400);
    await api.request('POST', `/api/post/${mine._id}/like`, { token: ada.token });
    expect(await ownLike).toEqual([]);

    const liked = nextEvent<RealtimeNotification>(adaSocket, CHAT_EVENTS.notification, DELIVERY_BOUND_MS);
    expect((await api.request('POST', `/api/post/${mine._id}/like`, { token: bob.token })).status).toBe(200);
    expect(await liked).toEqual({
      notification: {
        _id: expect.stringMatching(/^[0-9a-f]{24}$/),
        kind: 'like',
        actor: { _id: bob.id, username: bob.username },
        postId: mine._id,
        read: false,
        createdAt: expect.any(String),
      },
      unread: 1,
    });

    // Unliking and liking again does not notify twice.
    await api.request('DELETE', `/api/post/${mine._id}/like`, { token: bob.token });
    const relike = eventsDuring(adaSocket, CHAT_EVENTS.notification, 400);
    await api.request('POST', `/api/post/${mine._id}/like`, { token: bob.token });
    expect(await relike).toEqual([]);

    const commented = nextEvent<RealtimeNotification>(adaSocket, CHAT_EVENTS.notification, DELIVERY_BOUND_MS);
    const long = `Nice! ${'x'.repeat(300)}`;
    await api.request('POST', `/api/post/${mine._id}/comments`, { token: bob.token, body: { data: long } });
    expect(await commented).toMatchObject({
      notification: { kind: 'comment', postId: mine._id, text: long.slice(0, NOTIFICATION_PREVIEW_LENGTH) },
      unread: 2,
    });

    const list = await notifications(ada);
    expect(list.status).toBe(200);
    expect(list.body.unread).toBe(2);
    expect(list.body.notifications.map((item) => item.kind)).toEqual(['comment', 'like']);
    expect(JSON.stringify(list.body)).not.toContain('userId');
  });

  it('keeps one unread message notification per conversation, refreshed by each new message', async () => {
    const [ada, bob] = [await api.signUp(), await api.signUp()];
    const bobSocket = await connect(bob);
    const pushed = nextEvent<RealtimeNotification>(bobSocket, CHAT_EVENTS.notification, DELIVERY_BOUND_MS);
    await send(ada, bob, 'hello');
    expect((await pushed).notification).toMatchObject({ kind: 'message', text: 'hello', read: false });
    await send(ada, bob, 'are you there?');
    const list = (await notifications(bob)).body;
    expect(list.notifications).toHaveLength(1);
    expect(list.notifications[0]).toMatchObject({
      kind: 'message',
      actor: { _id: ada.id },
      text: 'are you there?',
    });
    // Messages count in the unread message total, not a second time here.
    expect(list.unread).toBe(0);

    // Reading the conversation reads its notification (other tabs hear it); the next message starts a new one.
    const readElsewhere = nextEvent<{ unread: number }>(
      bobSocket,
      CHAT_EVENTS.notificationsRead,
      DELIVERY_BOUND_MS,
    );
    await openConversation(bob, ada);
    expect(await readElsewhere).toEqual({ unread: 0 });
    expect((await notifications(bob)).body.notifications.map((item) => item.read)).toEqual([true]);
    await send(ada, bob, 'one more thing');
    const after = (await notifications(bob)).body.notifications;
    expect(after.map((item) => [item.text, item.read])).toEqual([
      ['one more thing', false],
      ['are you there?', true],
    ]);
  });

  it('marks all read, shows only the caller’s own, and keeps the latest 50', async () => {
    const [ada, bob, eve] = [await api.signUp(), await api.signUp(), await api.signUp()];
    const mine = await post(ada, 'Comment away');
    for (let n = 0; n < NOTIFICATIONS_LIMIT + 3; n += 1) {
      await api.request('POST', `/api/post/${mine._id}/comments`, {
        token: bob.token,
        body: { data: `c${n}` },
      });
    }
    const before = (await notifications(ada)).body;
    expect(before.notifications).toHaveLength(NOTIFICATIONS_LIMIT);
    expect(before.notifications[0].text).toBe(`c${NOTIFICATIONS_LIMIT + 2}`);
    expect(before.unread).toBe(NOTIFICATIONS_LIMIT + 3);

    // Someone else's list is their own: Eve sees none of Ada's, and marking hers read leaves Ada's alone.
    expect((await notifications(eve)).body).toEqual({ notifications: [], unread: 0 });
    const evesMark = await api.request('POST', '/api/notifications/read', { token: eve.token });
    expect(evesMark.body).toEqual({ marked: 0, unread: 0 });
    expect((await notifications(ada)).body.unread).toBe(NOTIFICATIONS_LIMIT + 3);

    const otherTab = await connect(ada);
    const cleared = nextEvent<{ unread: number }>(otherTab, CHAT_EVENTS.notificationsRead, DELIVERY_BOUND_MS);
    const marked = await api.request('POST', '/api/notifications/read', { token: ada.token });
    expect(await cleared).toEqual({ unread: 0 });
    expect(marked.status).toBe(200);
    expect(marked.body).toEqual({ marked: NOTIFICATIONS_LIMIT + 3, unread: 0 });
    const after = (await notifications(ada)).body;
    expect(after.unread).toBe(0);
    expect(after.notifications.every((item) => item.read)).toBe(true);
  });

  it('notifies nobody when the like or comment is refused', async () => {
    const [ada] = [await api.signUp()];
    const adaSocket = await connect(ada);
    const nothing = eventsDuring(adaSocket, CHAT_EVENTS.notification, 400);
    const like = await api.request<{ message: string }>('POST', `/api/post/${UNKNOWN_ID}/like`, {
      token: ada.token,
    });
    expect(like.status).toBe(404);
    expect(like.body.message).toBe(FEED_MESSAGES.postNotFound);
    expect(await nothing).toEqual([]);
  });

  it('refuses the notification calls without a valid token', async () => {
    for (const [method, path] of [
      ['GET', '/api/notifications'],
      ['POST', '/api/notifications/read'],
    ] as const) {
      for (const token of [undefined, 'garbage']) {
        const answer = await api.request<{ message: string }>(method, path, { token });
        expect(answer.status, `${method} ${path}`).toBe(401);
        expect(answer.body.message).toBe(HTTP_MESSAGES.unauthorized);
      }
    }
  });
});
