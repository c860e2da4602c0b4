import {
  CHAT_EVENTS,
  type ChatMessage,
  type ConversationSummary,
  type FeedPage,
  type NotificationsPage,
  type Post,
  type ReadReceipt,
  type RealtimeNotification,
  type SavedSearch,
  TRUST_MESSAGES,
  type UnreadMessages,
} from '@skillers/domain';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createProfile } from './listing-fixtures';
import { connectSocket, eventsDuring, nextEvent } from './socket-client';
import { startTestApp, type TestApp, type TestUser } from './test-app';

/** Long enough for a push that was going to come to arrive on loopback; nothing here waits on it passing. */
const QUIET_MS = 500;
/** Index jobs and their alerts run in the background. */
const ALERTED_WITHIN_MS = 5_000;

/*
 * After A blocks B, one test per surface through which B could reach A: B is answered as if nothing had
 * changed, and A hears nothing of B anywhere (docs/security.md, "Trust and safety").
 */
describe('a block holds on every surface', () => {
  let api: TestApp;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    api = await startTestApp({ RATE_LIMIT_SCALE: '5' });
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(() => api.close());

  const connect = async (user: TestUser) => {
    const socket = await connectSocket(api.baseUrl, { token: user.token });
    sockets.push(socket);
    return socket;
  };
  /** A fresh pair per test, so no test leans on another's block or allowances. */
  const pair = async () => ({ blocker: await api.signUp(), pest: await api.signUp() });
  const block = (blocker: TestUser, pest: TestUser) =>
    api.request('POST', `/api/user/blocks/${pest.id}`, { token: blocker.token });
  const unblock = (blocker: TestUser, pest: TestUser) =>
    api.request('DELETE', `/api/user/blocks/${pest.id}`, { token: blocker.token });
  const post = async (author: TestUser, data: string) =>
    (await api.request<{ post: Post }>('POST', '/api/post', { token: author.token, body: { data } })).body
      .post;
  const comment = (user: TestUser, postId: string, data: string) =>
    api.request<{ comment: { data: string; user: { _id: string } } }>(
      'POST',
      `/api/post/${postId}/comments`,
      { token: user.token, body: { data } },
    );
  const like = (user: TestUser, postId: string) =>
    api.request<{ likes: string[] }>('POST', `/api/post/${postId}/like`, { token: user.token });
  const feedPost = async (viewer: TestUser, postId: string) =>
    (await api.request<FeedPage>('GET', '/api/post?page=1', { token: viewer.token })).body.posts.find(
      (item) => item._id === postId,
    );
  const notifications = async (user: TestUser) =>
    (await api.request<NotificationsPage>('GET', '/api/notifications', { token: user.token })).body;
  const actorsOf = (page: NotificationsPage) => page.notifications.map((item) => item.actor._id);
  const send = (from: TestUser, to: TestUser, message: string) =>
    api.request<{ message: ChatMessage }>('POST', '/api/chat/sendMessage', {
      token: from.token,
      body: { id: to.id, message },
    });
  const conversationWith = (user: TestUser, friend: TestUser) =>
    api.request<{ conversation: { friendReadAt?: string; messages: ChatMessage[] } }>(
      'GET',
      `/api/chat/conversation?friendId=${friend.id}`,
      { token: user.token },
    );

  it('comment: answered as any comment, shown to others, never to the blocker nor notified', async () => {
    const { blocker, pest } = await pair();
    const mine = await post(blocker, 'My news');
    await block(blocker, pest);
    const socket = await connect(blocker);
    const pushed = eventsDuring(socket, CHAT_EVENTS.notification, QUIET_MS);

    const answer = await comment(pest, mine._id, 'Unwanted comment');
    expect(answer.status).toBe(201);
    expect(answer.body.comment).toMatchObject({ data: 'Unwanted comment', user: { _id: pest.id } });
    expect((await feedPost(pest, mine._id))?.comments.map((item) => item.data)).toEqual(['Unwanted comment']);

    expect(await pushed).toEqual([]);
    expect(actorsOf(await notifications(blocker))).not.toContain(pest.id);
    expect(await feedPost(blocker, mine._id)).toMatchObject({ comments: [], commentCount: 0 });
  });

  it('like: answered as any like, never counted in the blocker’s view nor notified', async () => {
    const { blocker, pest } = await pair();
    const mine = await post(blocker, 'Like this?');
    await block(blocker, pest);
    const socket = await connect(blocker);
    const pushed = eventsDuring(socket, CHAT_EVENTS.notification, QUIET_MS);

    const answer = await like(pest, mine._id);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ likes: [pest.id] });
    expect((await feedPost(pest, mine._id))?.likes).toEqual([pest.id]);

    expect(await pushed).toEqual([]);
    expect(actorsOf(await notifications(blocker))).not.toContain(pest.id);
    expect((await feedPost(blocker, mine._id))?.likes).toEqual([]);
    expect((await like(blocker, mine._id)).body).toEqual({ likes: [blocker.id] });
  });

  it('message: accepted as sent, withheld from the blocker, whose earlier notification of it is gone', async () => {
    const { blocker, pest } = await pair();
    expect((await send(pest, blocker, 'Hi there')).status).toBe(201);
    expect(actorsOf(await notifications(blocker))).toEqual([pest.id]);
    await block(blocker, pest);
    const socket = await connect(blocker);
    const heard = Promise.all(
      [CHAT_EVENTS.message, CHAT_EVENTS.unread, CHAT_EVENTS.notification].map((event) =>
        eventsDuring(socket, event, QUIET_MS),
      ),
    );

    const sent = await send(pest, blocker, 'Why no answer?');
    expect(sent.status).toBe(201);
    expect(sent.body.message).toMatchObject({ senderId: pest.id, message: 'Why no answer?' });

    expect(await heard).toEqual([[], [], []]);
    expect(actorsOf(await notifications(blocker))).toEqual([]);
    const unread = await api.request<UnreadMessages>('GET', '/api/chat/unread', { token: blocker.token });
    expect(unread.body).toEqual({ messages: 0 });
    const listed = await api.request<{ conversations: ConversationSummary[] }>(
      'GET',
      '/api/chat/conversations',
      { token: blocker.token },
    );
    expect(listed.body.conversations).toEqual([]);
    // The blocker is the one told why they cannot write.
    const reply = await send(blocker, pest, 'Stop');
    expect(reply.status).toBe(403);
    expect(reply.body).toMatchObject({ message: TRUST_MESSAGES.youBlockedThem });
  });

  it('alert: the blocked user’s new listings alert nobody who blocked them, nor count as new', async () => {
    const { blocker, pest } = await pair();
    const bystander = await api.signUp();
    const search = (
      await api.request<{ savedSearch: SavedSearch }>('POST', '/api/user/saved-searches', {
        token: blocker.token,
        body: { kind: 'teammate', name: 'Blender', activeFilters: { toolsExperience: ['Blender'] } },
      })
    ).body.savedSearch;
    await block(blocker, pest);
    const socket = await connect(blocker);
    const alert = nextEvent<RealtimeNotification>(socket, CHAT_EVENTS.notification, ALERTED_WITHIN_MS);

    // The blocked user's profile is indexed first; the bystander's, indexed after it, is the one alerted.
    await createProfile(api, pest, { toolsExperience: [{ tool: 'Blender', mep: 5 }] });
    await createProfile(api, bystander, { toolsExperience: [{ tool: 'Blender', mep: 5 }] });
    expect((await alert).notification).toMatchObject({
      kind: 'saved_search',
      savedSearchId: search._id,
      actor: { _id: bystander.id },
    });
    const listed = await api.request<{ savedSearches: SavedSearch[] }>('GET', '/api/user/saved-searches', {
      token: blocker.token,
    });
    expect(listed.body.savedSearches.find((item) => item._id === search._id)?.newMatches).toBe(1);
  });

  it('notification: those about the blocked user leave the list while the block lasts', async () => {
    const { blocker, pest } = await pair();
    const friend = await api.signUp();
    const mine = await post(blocker, 'Hello all');
    await like(pest, mine._id);
    await comment(pest, mine._id, 'Before the block');
    await like(friend, mine._id);
    expect(new Set(actorsOf(await notifications(blocker)))).toEqual(new Set([pest.id, friend.id]));

    await block(blocker, pest);
    expect(actorsOf(await notifications(blocker))).toEqual([friend.id]);

    await unblock(blocker, pest);
    expect(actorsOf(await notifications(blocker)).sort()).toEqual([pest.id, pest.id, friend.id].sort());
  });

  it('unread: nothing from the blocked user counts, before the block or after (5 comments and a like: 0)', async () => {
    const { blocker, pest } = await pair();
    const friend = await api.signUp();
    const mine = await post(blocker, 'Count me');
    await comment(pest, mine._id, 'Before the block');
    expect((await notifications(blocker)).unread).toBe(1);
    await block(blocker, pest);
    expect((await notifications(blocker)).unread).toBe(0);

    for (let i = 0; i < 5; i += 1) await comment(pest, mine._id, `Comment ${i}`);
    await like(pest, mine._id);
    expect((await notifications(blocker)).unread).toBe(0);

    // The count pushed with someone else's notification leaves them out too.
    const socket = await connect(blocker);
    const pushed = nextEvent<RealtimeNotification>(socket, CHAT_EVENTS.notification);
    await like(friend, mine._id);
    expect((await pushed).unread).toBe(1);
  });

  it('Seen: works for the blocked user as before the block; their reading is not pushed to the blocker', async () => {
    const { blocker, pest } = await pair();
    await send(pest, blocker, 'First');
    await conversationWith(blocker, pest);
    await block(blocker, pest);
    const later = (await send(pest, blocker, 'Second')).body.message;

    const pestSocket = await connect(pest);
    const receipt = nextEvent<ReadReceipt>(pestSocket, CHAT_EVENTS.read);
    await conversationWith(blocker, pest);
    expect((await receipt).readAt).toBe(later.date);
    expect((await conversationWith(pest, blocker)).body.conversation.friendReadAt).toBe(later.date);

    // The blocker's own message, read by the blocked user: no live "Seen" reaches the blocker.
    await unblock(blocker, pest);
    await send(blocker, pest, 'Last word');
    await block(blocker, pest);
    const blockerSocket = await connect(blocker);
    const overheard = eventsDuring(blockerSocket, CHAT_EVENTS.read, QUIET_MS);
    await conversationWith(pest, blocker);
    expect(await overheard).toEqual([]);
  });
});
