import {
  ACCOUNT_MESSAGES,
  type AccountExport,
  AUTH_MESSAGES,
  type ConversationSummary,
  type ChatMessage,
  DELETED_USERNAME,
  HTTP_MESSAGES,
  type Post,
  type ProfileView,
} from '@skillers/domain';
import { COLLECTIONS, openRecordStore, type StoredDocument } from '@skillers/store';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createProfile, createProject, type ErrorAnswer } from './listing-fixtures';
import { startTestApp, type TestApp, type TestUser } from './test-app';

const ADMIN_TOKEN = 'admin-token-for-tests-'.padEnd(48, '0');
const PROFILES = '/api/teammate/traditional_filtering';
const PROJECTS = '/api/project/traditional_filtering_all';

interface ConversationAnswer {
  conversation: { messages: ChatMessage[] };
}

/** Profile ids the find screen's search shows for a free text. */
const profileIdsFound = async (api: TestApp, text: string): Promise<string[]> => {
  const answer = await api.request<{ teammates: ProfileView[] }>('POST', PROFILES, {
    body: { activeFilters: {}, text },
  });
  return answer.body.teammates.map((profile) => profile._id);
};

const projectIdsFound = async (api: TestApp): Promise<string[]> => {
  const answer = await api.request<{ items: { _id: string }[] }>('POST', PROJECTS, {
    body: { activeFilters: {}, filtering_restriction: 'min_1_match' },
  });
  return answer.body.items.map((project) => project._id);
};

/** A user with something in every part the export covers, and a friend they talk to. */
const busyUser = async (api: TestApp, friend: TestUser) => {
  const user = await api.signUp();
  const profile = await createProfile(api, user, { nickname: `leaver-${user.username}` });
  const project = await createProject(api, user, { projectName: `Leaving ${user.username}` });
  const friendProject = await createProject(api, friend, { projectName: `Staying ${friend.username}` });
  await api.request('POST', `/api/user/projects/${friendProject._id}`, { token: user.token });
  await api.request('POST', '/api/user/saved-searches', {
    token: user.token,
    body: { kind: 'project', name: 'Drones', activeFilters: {}, text: 'drones' },
  });
  const sent = await api.request<{ message: ChatMessage }>('POST', '/api/chat/sendMessage', {
    token: user.token,
    body: { id: friend.id, message: `Hello from ${user.username}` },
  });
  await api.request('POST', '/api/chat/sendMessage', {
    token: friend.token,
    body: { id: user.id, message: `Hello back to ${user.username}` },
  });
  const post = (
    await api.request<{ post: Post }>('POST', '/api/post', {
      token: user.token,
      body: { data: `Post by ${user.username}` },
    })
  ).body.post;
  const friendPost = (
    await api.request<{ post: Post }>('POST', '/api/post', {
      token: friend.token,
      body: { data: `Post by ${friend.username}` },
    })
  ).body.post;
  await api.request('POST', `/api/post/${friendPost._id}/like`, { token: user.token });
  await api.request('POST', `/api/post/${friendPost._id}/like`, { token: friend.token });
  await api.request('POST', `/api/post/${friendPost._id}/comments`, {
    token: user.token,
    body: { data: `Comment by ${user.username}` },
  });
  await api.request('POST', `/api/post/${post._id}/like`, { token: friend.token });
  await api.request('POST', '/api/reports', {
    token: user.token,
    body: { targetKind: 'project', targetId: friendProject._id, reason: 'spam' },
  });
  return { user, profile, project, friendProject, post, friendPost, sentMessage: sent.body.message };
};

describe('leaving: the export and the deletion of an account', () => {
  let api: TestApp;
  let friend: TestUser;
  const exportOf = (user: TestUser) =>
    api.request<AccountExport & ErrorAnswer>('GET', '/api/user/export', { token: user.token });
  const deleteAccount = (user: TestUser, body: unknown) =>
    api.request<{ message: string } & ErrorAnswer>('DELETE', '/api/user', { token: user.token, body });

  beforeAll(async () => {
    api = await startTestApp({ ADMIN_TOKEN });
    friend = await api.signUp();
  });
  afterAll(() => api.close());

  it('downloads the caller’s data as a JSON attachment, without the password hash', async () => {
    const { user, profile, project, friendProject, post, friendPost, sentMessage } = await busyUser(
      api,
      friend,
    );
    const third = await api.signUp();
    await api.request('POST', '/api/chat/sendMessage', {
      token: friend.token,
      body: { id: third.id, message: `Private to ${third.username}` },
    });
    // The user asks to join a third project, and a fourth user writes to them first.
    const thirdProject = await createProject(api, third, { projectName: `Third ${third.username}` });
    const asked = await api.request('POST', '/api/invitations', {
      token: user.token,
      body: { projectId: thirdProject._id },
    });
    expect(asked.status).toBe(201);
    const fourth = await api.signUp();
    await api.request('POST', '/api/chat/sendMessage', {
      token: fourth.token,
      body: { id: user.id, message: 'Are you there?' },
    });
    await api.request('POST', '/api/matches/hidden', { token: user.token, body: { id: thirdProject._id } });
    const answer = await exportOf(user);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename=".+\.json"$/);
    const data = answer.body;
    expect(data.account).toEqual({
      _id: user.id,
      username: user.username,
      email: user.email,
      name: '',
      surname: '',
      phoneNumber: '',
      emailVerified: false,
      createdAt: expect.any(String),
    });
    expect(data.profile?._id).toBe(profile._id);
    expect(data.projects.map(({ _id }) => _id)).toEqual([project._id]);
    expect(data.savedItems).toEqual([
      expect.objectContaining({ kind: 'project', itemId: friendProject._id }),
    ]);
    expect(data.savedSearches.map(({ name }) => name)).toEqual(['Drones']);
    expect(data.messages.map(({ message, sentByMe }) => [message, sentByMe])).toEqual([
      [sentMessage.message, true],
      [`Hello back to ${user.username}`, false],
      ['Are you there?', false],
    ]);
    expect(data.posts).toEqual([expect.objectContaining({ _id: post._id, likeCount: 1 })]);
    expect(data.comments.map(({ data: text }) => text)).toEqual([`Comment by ${user.username}`]);
    expect(data.likes).toEqual([{ postId: friendPost._id, author: friend.username, data: friendPost.data }]);
    expect(data.reports).toEqual([expect.objectContaining({ targetId: friendProject._id, reason: 'spam' })]);
    expect(data.invitations).toEqual([
      expect.objectContaining({ direction: 'ask', fromId: user.id, projectId: thirdProject._id }),
    ]);
    // The first contact they owe an answer to; the friend's answer to theirs is the friend's.
    expect(data.contactAnswers).toEqual([expect.objectContaining({ userId: user.id })]);
    expect(data.hiddenMatches).toEqual([expect.objectContaining({ recordId: thirdProject._id })]);

    const text = JSON.stringify(data);
    expect(text).not.toContain('passwordHash');
    expect(text).not.toContain('$argon2');
    // Another user's data never: the friend's own project, their likes, their email, their other chats.
    expect(text).not.toContain(friend.email);
    expect(text).not.toContain(`Staying ${friend.username}`);
    expect(data.posts[0]).not.toHaveProperty('likes');
    expect(text).not.toContain(`Private to ${third.username}`);
  });

  it('refuses the export to visitors and bad tokens with a message', async () => {
    for (const token of [undefined, 'garbage']) {
      const answer = await api.request<ErrorAnswer>('GET', '/api/user/export', { token });
      expect(answer.status).toBe(401);
      expect(answer.body.message).toBe(HTTP_MESSAGES.unauthorized);
    }
  });

  it.each([
    ['no password', {}, 400, AUTH_MESSAGES.passwordRequired],
    ['an empty password', { password: '' }, 400, AUTH_MESSAGES.passwordRequired],
    ['a password that is not text', { password: 42 }, 400, AUTH_MESSAGES.passwordRequired],
    ['another field', { password: 'x', id: 'y' }, 400, undefined],
    ['the wrong password', { password: 'not-my-password' }, 403, AUTH_MESSAGES.wrongPassword],
  ])('refuses a deletion with %s, and keeps the account', async (_name, body, status, message) => {
    const user = await api.signUp();
    const answer = await deleteAccount(user, body);
    expect(answer.status).toBe(status);
    expect(answer.body.message).toEqual(message ?? expect.any(String));
    expect((await api.request('GET', '/api/user/settings', { token: user.token })).status).toBe(200);
  });

  it('deletes the account: its listings leave search, its messages stay for the other party', async () => {
    const { user, profile, project, friendProject, post, friendPost } = await busyUser(api, friend);
    const nickname = `leaver-${user.username}`;
    await vi.waitFor(async () => expect(await profileIdsFound(api, nickname)).toContain(profile._id), {
      timeout: 10_000,
    });

    const deleted = await deleteAccount(user, { password: user.password });
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe(ACCOUNT_MESSAGES.deleted);

    // The token stops working at once, and the email may sign up again.
    const settings = await api.request<ErrorAnswer>('GET', '/api/user/settings', { token: user.token });
    expect(settings.status).toBe(401);
    const login = await api.request('POST', '/api/auth/login', {
      body: { email: user.email, password: user.password },
    });
    expect(login.status).toBe(401);
    const again = await api.request('POST', '/api/auth/signup', {
      body: { username: `${user.username}x`, email: user.email, password: user.password },
    });
    expect(again.status).toBe(201);

    // Profile and project leave search through the outbox.
    await vi.waitFor(
      async () => {
        expect(await profileIdsFound(api, nickname)).not.toContain(profile._id);
        expect(await projectIdsFound(api)).not.toContain(project._id);
      },
      { timeout: 10_000 },
    );
    expect((await api.request('GET', `/api/teammate/${profile._id}`)).status).toBe(404);
    expect((await api.request('GET', `/api/project/${project._id}`)).status).toBe(404);
    expect(await projectIdsFound(api)).toContain(friendProject._id);

    // The friend still sees the conversation, from a deleted user, and cannot write into it.
    const conversations = await api.request<{ conversations: ConversationSummary[] }>(
      'GET',
      '/api/chat/conversations',
      { token: friend.token },
    );
    expect(conversations.body.conversations).toContainEqual(
      expect.objectContaining({ friend: { _id: user.id, username: DELETED_USERNAME } }),
    );
    const conversation = await api.request<ConversationAnswer>(
      'GET',
      `/api/chat/conversation?friendId=${user.id}`,
      { token: friend.token },
    );
    expect(conversation.status).toBe(200);
    expect(conversation.body.conversation.messages.map(({ message }) => message)).toEqual([
      `Hello from ${user.username}`,
      `Hello back to ${user.username}`,
    ]);
    const reply = await api.request<ErrorAnswer>('POST', '/api/chat/sendMessage', {
      token: friend.token,
      body: { id: user.id, message: 'Still there?' },
    });
    expect(reply.status).toBe(404);

    // Posts and comments go; likes leave the friend's post.
    const feed = await api.request<{ posts: Post[] }>('GET', '/api/post');
    const postIds = feed.body.posts.map(({ _id }) => _id);
    expect(postIds).not.toContain(post._id);
    const kept = feed.body.posts.find(({ _id }) => _id === friendPost._id);
    expect(kept?.likes).toEqual([friend.id]);
    expect(JSON.stringify(kept)).not.toContain(`Comment by ${user.username}`);

    // Nothing of theirs is left for the operator to export.
    const operatorExport = await api.request<ErrorAnswer>(
      'GET',
      `/api/admin/users/export?email=${encodeURIComponent(user.email)}`,
      { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } },
    );
    expect(operatorExport.status).toBe(200);
    expect(operatorExport.body).toMatchObject({ projects: [], profile: null, savedSearches: [] });
  });

  it('lets the operator export and delete by email, and refuses an unknown email or a user token', async () => {
    const user = await api.signUp();
    const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
    const path = (verb: string, email: string) =>
      `/api/admin/users${verb}?email=${encodeURIComponent(email)}`;
    const exported = await api.request<AccountExport>('GET', path('/export', user.email), { headers: admin });
    expect(exported.body.account.email).toBe(user.email);
    expect((await api.request('GET', path('/export', user.email), { token: user.token })).status).toBe(401);
    const unknown = await api.request<ErrorAnswer>('DELETE', path('', 'nobody@example.com'), {
      headers: admin,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(ACCOUNT_MESSAGES.accountNotFound);
    const malformed = await api.request<ErrorAnswer>('DELETE', path('', 'not-an-email'), { headers: admin });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toContain(AUTH_MESSAGES.emailInvalid);
    const deleted = await api.request('DELETE', path('', user.email), { headers: admin });
    expect(deleted.status).toBe(200);
    expect((await api.request('GET', '/api/user/settings', { token: user.token })).status).toBe(401);
  });
});

describe('an account deletion interrupted by a crash', () => {
  let dataDir: string;
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('is finished by the next start', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'skillers-leaving-'));
    let api = await startTestApp({ DATA_DIR: dataDir });
    const user = await api.signUp();
    const profile = await createProfile(api, user, { nickname: `crashed-${user.username}` });
    await api.request('POST', '/api/post', { token: user.token, body: { data: 'Left behind' } });
    await vi.waitFor(
      async () => expect(await profileIdsFound(api, profile.nickname)).toContain(profile._id),
      {
        timeout: 10_000,
      },
    );
    await api.close();

    // The first write of a deletion, alone: the account and its pending row, as a crash would leave them.
    const store = await openRecordStore({ dataDir });
    const pending: StoredDocument & { deletedAt: string } = {
      _id: user.id,
      deletedAt: new Date().toISOString(),
    };
    await store.collection(COLLECTIONS.users).delete(user.id, {
      with: [{ collection: COLLECTIONS.accountDeletions, doc: pending }],
    });
    await store.close();

    api = await startTestApp({ DATA_DIR: dataDir });
    try {
      await vi.waitFor(
        async () => expect(await profileIdsFound(api, profile.nickname)).not.toContain(profile._id),
        {
          timeout: 10_000,
        },
      );
      const feed = await api.request<{ posts: Post[] }>('GET', '/api/post');
      expect(feed.body.posts.map(({ data }) => data)).not.toContain('Left behind');
    } finally {
      await api.close();
    }
    const after = await openRecordStore({ dataDir });
    try {
      expect(await after.collection(COLLECTIONS.accountDeletions).count({})).toBe(0);
      expect(await after.collection(COLLECTIONS.teammates).count({ ownerId: user.id })).toBe(0);
    } finally {
      await after.close();
    }
  });
});
