import {
  type AdminReportList,
  CHAT_MESSAGES,
  type ConversationSummary,
  type FeedPage,
  type NotificationsPage,
  HTTP_MESSAGES,
  type Post,
  type PublicUser,
  TRUST_MESSAGES,
} from '@skillers/domain';
import { COLLECTIONS, type RecordStore } from '@skillers/store';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { RECORD_STORE } from '../src/core/tokens';
import { connectSocket, eventsDuring, nextEvent } from './socket-client';
import { createProject, createProfile, MALFORMED_IDS, UNKNOWN_ID } from './listing-fixtures';
import { startTestApp, type TestApp, type TestUser } from './test-app';
import { markEmailVerified } from './verified-account';

const ADMIN_TOKEN = 'trust-admin-token-for-tests-'.padEnd(48, '0');

interface Answer {
  message: string;
  reportId?: string;
  errors?: { field: string; message: string }[];
  retryAfterSeconds?: number;
}
interface ConversationAnswer {
  conversation: { _id?: string; messages: { senderId: string; message: string }[] };
}
interface ProjectHits {
  items: { _id: string }[];
  total: number;
}

describe('reports and the admin queue', () => {
  let api: TestApp;
  let author: TestUser;
  let reporter: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    api = await startTestApp({ ADMIN_TOKEN });
    [author, other] = [await api.signUp(), await api.signUp()];
  });
  // A fresh reporter each time, so no test spends another's per-user report allowance.
  beforeEach(async () => {
    reporter = await api.signUp();
  });
  afterAll(() => api.close());

  const report = (token: string | undefined, body: unknown) =>
    api.request<Answer>('POST', '/api/reports', { token, body });
  const queue = (query = '') =>
    api.request<AdminReportList>('GET', `/api/admin/reports${query}`, { token: ADMIN_TOKEN });
  const createPost = async (user: TestUser, data: string) =>
    (await api.request<{ post: Post }>('POST', '/api/post', { token: user.token, body: { data } })).body.post;
  /** How long a write may take to reach the search index on a busy machine: the index is fed by the queue. */
  const INDEXED = { timeout: 10_000 };

  const findProjects = (token?: string) =>
    api.request<ProjectHits>('POST', '/api/project/traditional_filtering_all', {
      token,
      body: { activeFilters: {}, filtering_restriction: 'min_1_match' },
    });

  it('queues a report of a project for the admins, once per reporter', async () => {
    const project = await createProject(api, author);
    const body = { targetKind: 'project', targetId: project._id, reason: 'scam', text: '  Asks for money  ' };
    const first = await report(reporter.token, body);
    expect(first.status).toBe(201);
    expect(first.body.message).toBe(TRUST_MESSAGES.reported);

    const listed = await queue('?status=open');
    expect(listed.status).toBe(200);
    const queued = listed.body.reports.find((item) => item._id === first.body.reportId);
    expect(queued?.item).toMatchObject({ title: project.projectName, by: author.username, state: 'visible' });
    expect(queued).toMatchObject({
      targetKind: 'project',
      targetId: project._id,
      reason: 'scam',
      text: 'Asks for money',
      status: 'open',
      reporterId: reporter.id,
      reporterUsername: reporter.username,
    });

    const again = await report(reporter.token, body);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(TRUST_MESSAGES.alreadyReported);
  });

  it('reports profiles, posts, comments and the reporter’s own conversations', async () => {
    const profile = await createProfile(api, author);
    const post = await createPost(author, 'Buy followers cheap');
    const comment = await api.request<{ comment: { _id: string } }>(
      'POST',
      `/api/post/${post._id}/comments`,
      {
        token: author.token,
        body: { data: 'Click my link' },
      },
    );
    await api.request('POST', '/api/chat/sendMessage', {
      token: author.token,
      body: { id: reporter.id, message: 'Hello, send me your password' },
    });
    const conversation = await api.request<ConversationAnswer>(
      'GET',
      `/api/chat/conversation?friendId=${author.id}`,
      { token: reporter.token },
    );
    const targets = [
      ['profile', profile._id],
      ['post', post._id],
      ['comment', comment.body.comment._id],
      ['conversation', conversation.body.conversation._id],
    ] as const;
    const filed = new Map<string, string>();
    for (const [targetKind, targetId] of targets) {
      const answer = await report(reporter.token, { targetKind, targetId, reason: 'spam' });
      expect(answer.status, targetKind).toBe(201);
      filed.set(targetKind, answer.body.reportId as string);
    }
    // The queue shows each item beside its report; a conversation's messages stay private.
    const listed = (await queue('?status=open')).body.reports;
    const itemOf = (kind: string) => listed.find((item) => item._id === filed.get(kind))?.item;
    expect(itemOf('profile')).toEqual({
      title: profile.nickname,
      ...(profile.description ? { excerpt: profile.description } : {}),
      by: author.username,
      state: 'visible',
    });
    expect(itemOf('post')).toEqual({
      title: 'Buy followers cheap',
      excerpt: 'Buy followers cheap',
      by: author.username,
      state: 'visible',
    });
    expect(itemOf('comment')).toMatchObject({
      title: 'Click my link',
      by: author.username,
      state: 'visible',
    });
    const pair = [author, reporter].sort((a, b) => (a.id < b.id ? -1 : 1)).map((user) => user.username);
    expect(itemOf('conversation')).toEqual({
      title: `Conversation between ${pair.join(' and ')}`,
      by: author.username,
      state: 'visible',
    });
    // Another pair's conversation answers like a missing item.
    const outsider = await report(other.token, {
      targetKind: 'conversation',
      targetId: conversation.body.conversation._id,
      reason: 'harassment',
    });
    expect(outsider.status).toBe(404);
    expect(outsider.body.message).toBe(TRUST_MESSAGES.reportTargetNotFound);
  });

  it('refuses reports without a session, of missing or own items, and bad input, with a message', async () => {
    const project = await createProject(api, author);
    const valid = { targetKind: 'project', targetId: project._id, reason: 'spam' };
    const anonymous = await report(undefined, valid);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.message).toBe(HTTP_MESSAGES.unauthorized);

    const missing = await report(reporter.token, { ...valid, targetId: UNKNOWN_ID });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(TRUST_MESSAGES.reportTargetNotFound);

    const own = await report(author.token, valid);
    expect(own.status).toBe(400);
    expect(own.body.message).toBe(TRUST_MESSAGES.cannotReportYourself);

    const bad: [unknown, RegExp][] = [
      [{ ...valid, targetKind: 'user' }, /targetKind must be one of/],
      [{ ...valid, reason: 'boring' }, /reason must be one of/],
      [{ ...valid, targetId: MALFORMED_IDS[0] }, /Malformed id/],
      [{ ...valid, text: 'x'.repeat(1001) }, /at most 1000 characters/],
      [{ ...valid, extra: true }, /./],
      ['not an object', /./],
    ];
    for (const [body, message] of bad) {
      const answer = await report(reporter.token, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.message).toMatch(message);
    }
  });

  it('answers a flood of new and repeated reports sent at once with 201, 409 or 429 only, losing none', async () => {
    const flooder = await api.signUp();
    const projects = await Promise.all(Array.from({ length: 6 }, () => createProject(api, author)));
    const before = (await queue()).body.total;
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, n) =>
        report(flooder.token, { targetKind: 'project', targetId: projects[n % 6]._id, reason: 'spam' }),
      ),
    );
    const counts = new Map<number, number>();
    for (const { status } of answers) counts.set(status, (counts.get(status) ?? 0) + 1);
    const [stored, repeated, refused] = [201, 409, 429].map((status) => counts.get(status) ?? 0);
    expect(stored + repeated + refused).toBe(30);
    // Ten pass the per-user limit; each project is stored once, the repeats among them are refused.
    expect(stored + repeated).toBe(10);
    expect(stored).toBeGreaterThan(0);
    expect(stored).toBeLessThanOrEqual(6);
    expect((await queue()).body.total).toBe(before + stored);
  });

  it('refuses a report flood with 429 and Retry-After, storing nothing past the limit', async () => {
    const flooder = await api.signUp();
    const projects = await Promise.all(Array.from({ length: 12 }, () => createProject(api, author)));
    const before = (await queue()).body.total;
    const answers = await Promise.all(
      projects.map((project) =>
        report(flooder.token, { targetKind: 'project', targetId: project._id, reason: 'spam' }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(2);
    expect(refused[0].body.message).toBe(TRUST_MESSAGES.tooManyReports);
    expect(Number(refused[0].headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await queue()).body.total).toBe(before + 10);
  });

  it('hides a reported project from listings, search and its detail page, and closes its reports', async () => {
    const project = await createProject(api, author, { projectName: 'Totally legit investment' });
    await vi.waitFor(
      async () => expect((await findProjects()).body.items.map((item) => item._id)).toContain(project._id),
      INDEXED,
    );
    const first = await report(reporter.token, {
      targetKind: 'project',
      targetId: project._id,
      reason: 'scam',
    });
    const second = await report(other.token, {
      targetKind: 'project',
      targetId: project._id,
      reason: 'spam',
    });

    const hidden = await api.request<{ message: string; report: { status: string } }>(
      'POST',
      `/api/admin/reports/${first.body.reportId}/hide`,
      { token: ADMIN_TOKEN },
    );
    expect(hidden.status).toBe(200);
    expect(hidden.body).toMatchObject({ message: TRUST_MESSAGES.itemHidden, report: { status: 'hidden' } });

    const detail = await api.request('GET', `/api/project/${project._id}`);
    expect(detail.status).toBe(404);
    const list = await api.request<{ projects: { _id: string }[] }>('GET', '/api/project?page=1');
    expect(list.body.projects.map((item) => item._id)).not.toContain(project._id);
    await vi.waitFor(
      async () =>
        expect((await findProjects()).body.items.map((item) => item._id)).not.toContain(project._id),
      INDEXED,
    );
    const closed = (await queue('?status=hidden')).body.reports.map((item) => item._id);
    expect(closed).toEqual(expect.arrayContaining([first.body.reportId, second.body.reportId]));
    const hiddenItem = (await queue('?status=hidden')).body.reports.find(
      (item) => item._id === first.body.reportId,
    )?.item;
    expect(hiddenItem).toMatchObject({
      title: 'Totally legit investment',
      by: author.username,
      state: 'hidden',
    });

    // Hiding again finds nothing left to hide, and says so.
    const again = await api.request<{ message: string }>(
      'POST',
      `/api/admin/reports/${second.body.reportId}/hide`,
      {
        token: ADMIN_TOKEN,
      },
    );
    expect(again.status).toBe(200);
    expect(again.body.message).toBe(TRUST_MESSAGES.itemAlreadyGone);
  });

  it('hides a reported post and comment from the feed, and a profile from its page', async () => {
    const post = await createPost(author, 'Hidden soon');
    const kept = await createPost(author, 'Stays visible');
    const comment = await api.request<{ comment: { _id: string } }>(
      'POST',
      `/api/post/${kept._id}/comments`,
      {
        token: author.token,
        body: { data: 'A rude comment' },
      },
    );
    const profile = await createProfile(api, other);
    const hide = async (targetKind: string, targetId: string) => {
      const filed = await report(reporter.token, { targetKind, targetId, reason: 'inappropriate' });
      const answer = await api.request('POST', `/api/admin/reports/${filed.body.reportId}/hide`, {
        token: ADMIN_TOKEN,
      });
      expect(answer.status).toBe(200);
    };
    await hide('post', post._id);
    await hide('comment', comment.body.comment._id);
    await hide('profile', profile._id);

    const feed = await api.request<FeedPage>('GET', '/api/post?page=1');
    expect(feed.body.posts.map((item) => item._id)).not.toContain(post._id);
    const keptPost = feed.body.posts.find((item) => item._id === kept._id);
    expect(keptPost?.comments).toEqual([]);
    expect((await api.request('POST', `/api/post/${post._id}/like`, { token: reporter.token })).status).toBe(
      404,
    );
    expect((await api.request('GET', `/api/teammate/${profile._id}`)).status).toBe(404);
  });

  it('dismisses a report, and refuses a conversation hide, unknown reports and bad ids', async () => {
    const project = await createProject(api, author);
    const filed = await report(reporter.token, {
      targetKind: 'project',
      targetId: project._id,
      reason: 'other',
    });
    const dismissed = await api.request<{ report: { status: string } }>(
      'POST',
      `/api/admin/reports/${filed.body.reportId}/dismiss`,
      { token: ADMIN_TOKEN },
    );
    expect(dismissed.status).toBe(200);
    expect(dismissed.body.report.status).toBe('dismissed');
    expect((await api.request('GET', `/api/project/${project._id}`)).status).toBe(200);

    const sent = await api.request<{ message: { conversationId: string } }>('POST', '/api/chat/sendMessage', {
      token: author.token,
      body: { id: reporter.id, message: 'Unwanted' },
    });
    const conversationReport = await report(reporter.token, {
      targetKind: 'conversation',
      targetId: sent.body.message.conversationId,
      reason: 'harassment',
    });
    const refused = await api.request<Answer>(
      'POST',
      `/api/admin/reports/${conversationReport.body.reportId}/hide`,
      {
        token: ADMIN_TOKEN,
      },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(TRUST_MESSAGES.cannotHideConversation);

    const unknown = await api.request<Answer>('POST', `/api/admin/reports/${UNKNOWN_ID}/hide`, {
      token: ADMIN_TOKEN,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(TRUST_MESSAGES.reportNotFound);
    expect(
      (await api.request('POST', `/api/admin/reports/${MALFORMED_IDS[0]}/dismiss`, { token: ADMIN_TOKEN }))
        .status,
    ).toBe(400);
    const badStatus = await queue('?status=closed');
    expect(badStatus.status).toBe(400);
    expect((badStatus.body as unknown as Answer).message).toMatch(/status must be one of/);
  });

  const admin = <T = Answer>(reportId: string, action: 'hide' | 'restore' | 'dismiss') =>
    api.request<T>('POST', `/api/admin/reports/${reportId}/${action}`, { token: ADMIN_TOKEN });
  const fileReport = async (targetKind: string, targetId: string, token = reporter.token) =>
    (await report(token, { targetKind, targetId, reason: 'other' })).body.reportId as string;

  it('restores a hidden project to listings, search and its detail page, dismissing the reports that hid it', async () => {
    const project = await createProject(api, author, { projectName: 'Wrongly reported project' });
    const first = await fileReport('project', project._id);
    const second = await fileReport('project', project._id, other.token);
    expect((await admin(first, 'hide')).status).toBe(200);
    await vi.waitFor(
      async () =>
        expect((await findProjects()).body.items.map((item) => item._id)).not.toContain(project._id),
      INDEXED,
    );

    // The owner is told, with the item named as they know it.
    const moderated = { kind: 'project', id: project._id, name: 'Wrongly reported project' };
    const ownerNotices = async () =>
      (await api.request<NotificationsPage>('GET', '/api/notifications', { token: author.token })).body;
    const afterHide = await ownerNotices();
    expect(afterHide.notifications[0]).toMatchObject({ kind: 'item_hidden', moderated, read: false });

    const restored = await admin<{ message: string; report: { status: string; resolvedAt: string } }>(
      second,
      'restore',
    );
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({
      message: TRUST_MESSAGES.itemRestored,
      report: { status: 'dismissed' },
    });

    const detail = await api.request<{ project: { projectName: string } }>(
      'GET',
      `/api/project/${project._id}`,
    );
    expect(detail.status).toBe(200);
    expect(detail.body.project.projectName).toBe('Wrongly reported project');
    await vi.waitFor(
      async () => expect((await findProjects()).body.items.map((item) => item._id)).toContain(project._id),
      INDEXED,
    );
    const afterRestore = await ownerNotices();
    expect(afterRestore.notifications[0]).toMatchObject({ kind: 'item_restored', moderated, read: false });
    expect(afterRestore.unread).toBe(afterHide.unread + 1);
    const dismissed = (await queue('?status=dismissed')).body.reports.map((item) => item._id);
    expect(dismissed).toEqual(expect.arrayContaining([first, second]));

    // Nothing is hidden any more: a second restore says so and changes nothing.
    const again = await admin(first, 'restore');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(TRUST_MESSAGES.itemNotHidden);
    expect((await api.request('GET', `/api/project/${project._id}`)).status).toBe(200);
  });

  it('restores a hidden post with its likes, and a hidden comment under it', async () => {
    const post = await createPost(author, 'Back after review');
    await api.request('POST', `/api/post/${post._id}/like`, { token: other.token });
    const comment = await api.request<{ comment: { _id: string } }>(
      'POST',
      `/api/post/${post._id}/comments`,
      {
        token: other.token,
        body: { data: 'Fair comment' },
      },
    );
    const postReport = await fileReport('post', post._id);
    const commentReport = await fileReport('comment', comment.body.comment._id);
    await admin(commentReport, 'hide');
    await admin(postReport, 'hide');
    const feedPost = async () =>
      (await api.request<FeedPage>('GET', '/api/post?page=1')).body.posts.find(
        (item) => item._id === post._id,
      );
    expect(await feedPost()).toBeUndefined();

    expect((await admin(postReport, 'restore')).status).toBe(200);
    expect(await feedPost()).toMatchObject({ likes: [other.id], comments: [], commentCount: 0 });
    expect((await admin(commentReport, 'restore')).status).toBe(200);
    expect((await feedPost())?.comments.map((item) => item.data)).toEqual(['Fair comment']);
    const commenterNotices = await api.request<NotificationsPage>('GET', '/api/notifications', {
      token: other.token,
    });
    expect(commenterNotices.body.notifications.slice(0, 2)).toMatchObject([
      {
        kind: 'item_restored',
        moderated: { kind: 'comment', id: comment.body.comment._id, name: 'Fair comment' },
      },
      {
        kind: 'item_hidden',
        moderated: { kind: 'comment', id: comment.body.comment._id, name: 'Fair comment' },
      },
    ]);
  });

  it('keeps a profile hidden when its owner has published another since, saying why', async () => {
    const owner = await api.signUp();
    const profile = await createProfile(api, owner);
    const filed = await fileReport('profile', profile._id);
    await admin(filed, 'hide');
    const newer = await createProfile(api, owner);

    const refused = await admin(filed, 'restore');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(TRUST_MESSAGES.profileTakenSince);
    expect((await api.request('GET', `/api/teammate/${profile._id}`)).status).toBe(404);
    expect((await api.request('GET', `/api/teammate/${newer._id}`)).status).toBe(200);
    expect((await queue('?status=hidden')).body.reports.map((item) => item._id)).toContain(filed);
  });

  it('finishes a restore that stopped between putting the record back and removing its hidden copy', async () => {
    const project = await createProject(api, author, { projectName: 'Half restored' });
    const filed = await fileReport('project', project._id);
    const store = api.app.get<RecordStore>(RECORD_STORE);
    const hiddenItems = store.collection<{ _id: string; record: Record<string, unknown> }>(
      COLLECTIONS.hiddenItems,
    );
    await admin(filed, 'hide');
    // The state a crash after the first of the two writes leaves: the record back, its hidden copy still there.
    const hidden = await hiddenItems.findById(project._id);
    await store.collection(COLLECTIONS.projects).insert({ ...hidden!.record, _id: project._id });

    const retried = await admin(filed, 'restore');
    expect(retried.status).toBe(200);
    expect(await hiddenItems.findById(project._id)).toBeNull();
    expect((await api.request('GET', `/api/project/${project._id}`)).status).toBe(200);
  });

  it('names an item its owner deleted since the report as gone', async () => {
    const project = await createProject(api, author);
    const filed = await fileReport('project', project._id);
    const removed = await api.request('DELETE', '/api/user/myProjects', {
      token: author.token,
      body: { project_id: project._id },
    });
    expect(removed.status).toBe(200);
    const listed = (await queue('?status=open')).body.reports.find((item) => item._id === filed);
    expect(listed?.item).toEqual({ title: `project ${project._id}`, by: null, state: 'gone' });
  });

  it('refuses to restore what an open or dismissed report never hid, unknown reports and bad ids', async () => {
    const project = await createProject(api, author);
    const filed = await fileReport('project', project._id);
    const open = await admin(filed, 'restore');
    expect(open.status).toBe(409);
    expect(open.body.message).toBe(TRUST_MESSAGES.itemNotHidden);
    await admin(filed, 'dismiss');
    expect((await admin(filed, 'restore')).status).toBe(409);

    const unknown = await admin(UNKNOWN_ID, 'restore');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(TRUST_MESSAGES.reportNotFound);
    const malformed = await admin(MALFORMED_IDS[0], 'restore');
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toEqual(expect.any(String));
  });

  it('keeps the queue and the hide, restore and dismiss actions behind the admin token', async () => {
    expect((await api.request('GET', '/api/admin/reports')).status).toBe(401);
    expect((await api.request('GET', '/api/admin/reports', { token: reporter.token })).status).toBe(401);
    expect((await api.request('POST', `/api/admin/reports/${UNKNOWN_ID}/hide`)).status).toBe(401);
    expect(
      (await api.request('POST', `/api/admin/reports/${UNKNOWN_ID}/restore`, { token: reporter.token }))
        .status,
    ).toBe(401);
    expect(
      (await api.request('POST', `/api/admin/reports/${UNKNOWN_ID}/dismiss`, { token: reporter.token }))
        .status,
    ).toBe(401);
  });
});

describe('stored reports that no longer read', () => {
  it('are left out of the queue instead of failing it', async () => {
    const api = await startTestApp({ ADMIN_TOKEN });
    try {
      const bad = 'bbbbbbbbbbbbbbbbbbbbbbbb';
      await api.app
        .get<RecordStore>(RECORD_STORE)
        .collection(COLLECTIONS.reports)
        .insert({ _id: bad, status: 'open', createdAt: new Date().toISOString() } as never);
      const listed = await api.request<AdminReportList>('GET', '/api/admin/reports', { token: ADMIN_TOKEN });
      expect(listed.status).toBe(200);
      expect(listed.body.reports.map((item) => item._id)).not.toContain(bad);
    } finally {
      await api.close();
    }
  });
});

describe('blocking a user', () => {
  let api: TestApp;
  let blocker: TestUser;
  let pest: TestUser;

  beforeAll(async () => {
    api = await startTestApp();
    [blocker, pest] = [await api.signUp(), await api.signUp()];
  });
  afterAll(() => api.close());

  const send = (from: TestUser, to: string, message: string) =>
    api.request<Answer & { message: unknown }>('POST', '/api/chat/sendMessage', {
      token: from.token,
      body: { id: to, message },
    });
  const conversations = (user: TestUser) =>
    api.request<{ conversations: ConversationSummary[] }>('GET', '/api/chat/conversations', {
      token: user.token,
    });
  const conversationWith = (user: TestUser, friend: TestUser) =>
    api.request<ConversationAnswer>('GET', `/api/chat/conversation?friendId=${friend.id}`, {
      token: user.token,
    });
  const blocks = (user: TestUser) =>
    api.request<{ blocked: PublicUser[] }>('GET', '/api/user/blocks', { token: user.token });

  it('blocks and unblocks, listing the blocked users, harmlessly when repeated', async () => {
    for (let i = 0; i < 2; i += 1) {
      const answer = await api.request('POST', `/api/user/blocks/${pest.id}`, { token: blocker.token });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ message: TRUST_MESSAGES.blocked, blocked: true });
    }
    expect((await blocks(blocker)).body.blocked.map((user) => user._id)).toEqual([pest.id]);
    // The blocked user's own list says nothing about it.
    expect((await blocks(pest)).body.blocked).toEqual([]);
    for (let i = 0; i < 2; i += 1) {
      const answer = await api.request('DELETE', `/api/user/blocks/${pest.id}`, { token: blocker.token });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ message: TRUST_MESSAGES.unblocked, blocked: false });
    }
    expect((await blocks(blocker)).body.blocked).toEqual([]);
  });

  it('refuses without a session, oneself, unknown users and malformed ids', async () => {
    expect((await api.request('GET', '/api/user/blocks')).status).toBe(401);
    expect((await api.request('POST', `/api/user/blocks/${pest.id}`)).status).toBe(401);
    expect((await api.request('DELETE', `/api/user/blocks/${pest.id}`)).status).toBe(401);
    const self = await api.request<Answer>('POST', `/api/user/blocks/${blocker.id}`, {
      token: blocker.token,
    });
    expect(self.status).toBe(400);
    expect(self.body.message).toBe(TRUST_MESSAGES.cannotBlockYourself);
    const unknown = await api.request<Answer>('POST', `/api/user/blocks/${UNKNOWN_ID}`, {
      token: blocker.token,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(CHAT_MESSAGES.userNotFound);
    for (const id of MALFORMED_IDS) {
      const answer = await api.request<Answer>('POST', `/api/user/blocks/${id}`, { token: blocker.token });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe('Malformed id');
    }
  });

  it('withholds the blocked user’s messages without telling them, and hides them from the blocker', async () => {
    expect((await send(pest, blocker.id, 'Hi, before the block')).status).toBe(201);
    await api.request('POST', `/api/user/blocks/${pest.id}`, { token: blocker.token });

    // The blocked user is answered exactly as for any delivered message.
    const sent = await send(pest, blocker.id, 'Are you there?');
    expect(sent.status).toBe(201);
    expect(sent.body.message).toMatchObject({ senderId: pest.id, message: 'Are you there?' });
    const theirView = await conversationWith(pest, blocker);
    expect(theirView.body.conversation.messages.map((message) => message.message)).toEqual([
      'Hi, before the block',
      'Are you there?',
    ]);

    // The blocker hears nothing from them: no conversation in the list, none of their messages.
    expect((await conversations(blocker)).body.conversations).toEqual([]);
    const blockerView = await conversationWith(blocker, pest);
    expect(blockerView.body.conversation.messages).toEqual([]);

    // The blocker is told why they cannot write to someone they blocked.
    const reply = await send(blocker, pest.id, 'Stop it');
    expect(reply.status).toBe(403);
    expect(reply.body.message).toBe(TRUST_MESSAGES.youBlockedThem);

    await api.request('DELETE', `/api/user/blocks/${pest.id}`, { token: blocker.token });
    expect((await conversations(blocker)).body.conversations.map((item) => item.friend._id)).toEqual([
      pest.id,
    ]);
  });

  it('over socket.io: a blocked user’s message is acked as sent but reaches only their own sockets', async () => {
    const [quiet, noisy] = [await api.signUp(), await api.signUp()];
    const first = await send(noisy, quiet.id, 'Hello');
    const room = (first.body.message as unknown as { conversationId: string }).conversationId;
    const [quietSocket, noisySocket] = await Promise.all([
      connectSocket(api.baseUrl, { token: quiet.token }),
      connectSocket(api.baseUrl, { token: noisy.token }),
    ]);
    try {
      await quietSocket.emitWithAck('join', room);
      await api.request('POST', `/api/user/blocks/${noisy.id}`, { token: quiet.token });

      const heard = eventsDuring(quietSocket, 'message', 500);
      const echo = nextEvent<{ text: string }>(noisySocket, 'message');
      const ack = (await noisySocket.emitWithAck('chat', { room, text: 'Still there?' })) as { ok: boolean };
      expect(ack.ok).toBe(true);
      expect((await echo).text).toBe('Still there?');
      expect(await heard).toEqual([]);

      const refused = (await quietSocket.emitWithAck('chat', { room, text: 'Go away' })) as Answer & {
        ok: boolean;
      };
      expect(refused).toEqual({ ok: false, message: TRUST_MESSAGES.youBlockedThem });
    } finally {
      quietSocket.close();
      noisySocket.close();
    }
  });

  it('hides the blocked user’s posts and comments from the blocker’s feed only', async () => {
    const post = await api.request<{ post: Post }>('POST', '/api/post', {
      token: pest.token,
      body: { data: 'Look at me' },
    });
    const own = await api.request<{ post: Post }>('POST', '/api/post', {
      token: blocker.token,
      body: { data: 'My news' },
    });
    await api.request('POST', `/api/post/${own.body.post._id}/comments`, {
      token: pest.token,
      body: { data: 'Unwanted comment' },
    });
    await api.request('POST', `/api/user/blocks/${pest.id}`, { token: blocker.token });

    const blockerFeed = await api.request<FeedPage>('GET', '/api/post?page=1', { token: blocker.token });
    expect(blockerFeed.body.posts.map((item) => item._id)).not.toContain(post.body.post._id);
    const mine = blockerFeed.body.posts.find((item) => item._id === own.body.post._id);
    expect(mine).toMatchObject({ comments: [], commentCount: 0 });

    const visitorFeed = await api.request<FeedPage>('GET', '/api/post?page=1');
    expect(visitorFeed.body.posts.map((item) => item._id)).toContain(post.body.post._id);
    await api.request('DELETE', `/api/user/blocks/${pest.id}`, { token: blocker.token });
  });
});

describe('first-contact limit', () => {
  let api: TestApp;
  beforeAll(async () => {
    api = await startTestApp({ FIRST_CONTACTS_PER_DAY: '3' });
  });
  afterAll(() => api.close());

  it('lets a user start FIRST_CONTACTS_PER_DAY conversations a day, then answers 429; replies stay open', async () => {
    // Confirmed accounts: unconfirmed ones have a limit of their own (email-verification.spec.ts).
    const sender = await api.signUp();
    await markEmailVerified(api, sender.id);
    const recipients = await Promise.all(Array.from({ length: 4 }, () => api.signUp()));
    const send = (from: TestUser, to: TestUser, message: string) =>
      api.request<Answer>('POST', '/api/chat/sendMessage', {
        token: from.token,
        body: { id: to.id, message },
      });

    for (const recipient of recipients.slice(0, 3))
      expect((await send(sender, recipient, 'Hi')).status).toBe(201);
    const fourth = await send(sender, recipients[3], 'Hi');
    expect(fourth.status).toBe(429);
    expect(fourth.body.message).toBe(TRUST_MESSAGES.tooManyFirstContacts(3));
    expect(fourth.body.retryAfterSeconds).toBeGreaterThan(23 * 3600);
    expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);

    // First messages sent at once cannot all pass the same count.
    const rusher = await api.signUp();
    await markEmailVerified(api, rusher.id);
    const targets = await Promise.all(Array.from({ length: 8 }, () => api.signUp()));
    const rushed = await Promise.all(targets.map((target) => send(rusher, target, 'Hi all at once')));
    expect(rushed.map((answer) => answer.status).sort()).toEqual([201, 201, 201, 429, 429, 429, 429, 429]);

    // Writing again in a started conversation, and answering one, are never limited.
    expect((await send(sender, recipients[0], 'Me again')).status).toBe(201);
    expect((await send(recipients[3], sender, 'Hello, I write first')).status).toBe(201);
    expect((await send(sender, recipients[3], 'Now I can reply')).status).toBe(201);
  });
});
