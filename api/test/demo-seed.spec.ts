import { DEMO_ACTIVITY_COUNTS, DEMO_PASSWORD, DEMO_SAVED_SEARCHES } from '@skillers/demo-data';
import {
  type AnswerRates,
  type ConversationSummary,
  FEED_PAGE_SIZE,
  type FeedPage,
  LIST_PAGE_SIZE,
  type NotificationsPage,
  pageCount,
  type ProjectRecord,
  type SavedSearch,
  type ProfileView,
  type UnreadMessages,
  type UserRecord,
} from '@skillers/domain';
import { COLLECTIONS, type RecordStore } from '@skillers/store';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORD_STORE } from '../src/core/tokens';
import { DEMO_ACCOUNT } from '../src/seed/demo-account';
import { DEMO_ACCOUNT_PROJECTS, DEMO_DATA_COUNTS } from '../src/seed/seed.service';
import type { ProjectDetail, ProjectsPage } from './listing-fixtures';
import { startTestApp, type TestApp } from './test-app';

interface ProfilesPage {
  teammates: ProfileView[];
  teammatesPages: number;
}

const signIn = (api: TestApp, email: string, password: string) =>
  api.request<{ token: string }>('POST', '/api/auth/login', { body: { email, password } });

describe('demo data at start (SEED on, empty database)', () => {
  let api: TestApp;
  let token: string;
  beforeAll(async () => {
    api = await startTestApp({ SEED: 'true' });
    const session = await signIn(api, DEMO_ACCOUNT.email, DEMO_PASSWORD);
    expect(session.status).toBe(200);
    token = session.body.token;
  });
  afterAll(() => api.close());

  it('lists the generated projects newest first, with the demo account’s own among them', async () => {
    const page = await api.request<ProjectsPage>('GET', '/api/project');
    expect(page.status).toBe(200);
    expect(page.body.projects).toHaveLength(LIST_PAGE_SIZE);
    expect(page.body.projectsPages).toBe(pageCount(DEMO_DATA_COUNTS.projects + DEMO_ACCOUNT_PROJECTS));
    const dates = page.body.projects.map((project) => project.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(
      page.body.projects.every((project) => project.projectName && project.toolsExperience.length > 0),
    ).toBe(true);
  });

  it('lists the generated profiles with their display fields', async () => {
    const page = await api.request<ProfilesPage>('GET', '/api/teammate');
    expect(page.status).toBe(200);
    expect(page.body.teammatesPages).toBe(pageCount(DEMO_DATA_COUNTS.teammates + 1));
    const [first] = page.body.teammates;
    expect(first.tools).toEqual(first.toolsExperience.map((entry) => entry.tool));
    expect(first.bizRole + first.techRole).toBe(100);
  });

  it('gives the demo account a profile and two projects of its own', async () => {
    const mine = await api.request<{ UserProjects: ProjectRecord[] }>('GET', '/api/user/myProjects', {
      token,
    });
    expect(mine.body.UserProjects).toHaveLength(DEMO_ACCOUNT_PROJECTS);
    const profile = await api.request<{ userTeammateProfile: ProfileView | null }>(
      'GET',
      '/api/user/myTeammate',
      {
        token,
      },
    );
    expect(profile.body.userTeammateProfile).toMatchObject({ nickname: DEMO_ACCOUNT.username });
  });

  it('gives every account a hash with a salt of its own', async () => {
    const users = await api.app
      .get<RecordStore>(RECORD_STORE)
      .collection<UserRecord>(COLLECTIONS.users)
      .find({});
    expect(users).toHaveLength(DEMO_DATA_COUNTS.users + 1);
    const salts = users.map((user) => user.passwordHash.split('$')[4]);
    expect(new Set(salts).size).toBe(users.length);
    expect(new Set(users.map((user) => user.passwordHash)).size).toBe(users.length);
  });

  it('shows a living feed: posts with likes and comments, the demo account’s own among them', async () => {
    const feed = await api.request<FeedPage>('GET', '/api/post');
    expect(feed.status).toBe(200);
    expect(feed.body.posts).toHaveLength(FEED_PAGE_SIZE);
    expect(feed.body.hasMore).toBe(true);
    expect(feed.body.posts.filter((post) => post.likes.length > 0).length).toBeGreaterThan(
      FEED_PAGE_SIZE / 2,
    );
    expect(feed.body.posts.some((post) => post.commentCount > 0)).toBe(true);
    const second = await api.request<FeedPage>('GET', '/api/post?page=2');
    const all = [...feed.body.posts, ...second.body.posts];
    const own = all.filter((post) => post.user.username === DEMO_ACCOUNT.username);
    expect(own).toHaveLength(DEMO_ACTIVITY_COUNTS.ownPosts);
    expect(own.every((post) => post.likes.length > 0 && post.commentCount > 0)).toBe(true);
  });

  it('gives the demo login conversations, some unread, and notifications to look at', async () => {
    const list = await api.request<{ conversations: ConversationSummary[] }>(
      'GET',
      '/api/chat/conversations',
      {
        token,
      },
    );
    expect(list.body.conversations).toHaveLength(DEMO_ACTIVITY_COUNTS.contacts);
    const unread = list.body.conversations.filter((conversation) => conversation.unread > 0);
    expect(unread).toHaveLength(DEMO_ACTIVITY_COUNTS.unreadConversations);
    const total = await api.request<UnreadMessages>('GET', '/api/chat/unread', { token });
    expect(total.body.messages).toBe(unread.reduce((sum, conversation) => sum + conversation.unread, 0));

    const notifications = await api.request<NotificationsPage>('GET', '/api/notifications', { token });
    expect(notifications.body.notifications.length).toBeGreaterThan(DEMO_ACTIVITY_COUNTS.unreadConversations);
    expect(notifications.body.unread).toBeGreaterThan(0);

    // A read conversation ends with the demo account's own message, which the friend has seen.
    const read = list.body.conversations.find((conversation) => conversation.unread === 0);
    const page = await api.request<{ conversation: { friendReadAt?: string; messages: { date: string }[] } }>(
      'GET',
      `/api/chat/conversation?friendId=${read?.friend._id}`,
      { token },
    );
    expect(page.body.conversation.friendReadAt).toBe(page.body.conversation.messages.at(-1)?.date);
  });

  it('gives the demo login saved searches with alerts, new matches and alerts in the bell', async () => {
    const listed = await api.request<{ savedSearches: SavedSearch[] }>('GET', '/api/user/saved-searches', {
      token,
    });
    expect(listed.body.savedSearches.map((search) => search.name).sort()).toEqual(
      DEMO_SAVED_SEARCHES.map((search) => search.name).sort(),
    );
    expect(listed.body.savedSearches.every((search) => search.alerts && search.newMatches > 0)).toBe(true);
    const notifications = await api.request<NotificationsPage>('GET', '/api/notifications', { token });
    const alerts = notifications.body.notifications.filter(
      (notification) => notification.kind === 'saved_search',
    );
    expect(alerts.length).toBeGreaterThanOrEqual(DEMO_SAVED_SEARCHES.length);
    expect(alerts.some((notification) => !notification.read)).toBe(true);
  });

  it('gives the owners of the first profiles a spread of answer rates', async () => {
    const page = await api.request<ProfilesPage>('GET', '/api/teammate');
    const owners = page.body.teammates.map((profile) => profile.ownerId);
    const answer = await api.request<AnswerRates>('GET', `/api/answer-rates?userIds=${owners.join(',')}`);
    expect(answer.status).toBe(200);
    const shares = Object.values(answer.body.rates).map((rate) => rate.answered);
    expect(shares.length).toBeGreaterThan(owners.length / 3);
    expect(Math.max(...shares) - Math.min(...shares)).toBeGreaterThan(0.3);
  });

  it('lets a generated project’s owner sign in with the demo password', async () => {
    const page = await api.request<ProjectsPage>('GET', '/api/project');
    const demoProjects = await api.request<{ myProjectsIds: string[] }>('GET', '/api/user/myProjectsIds', {
      token,
    });
    const generated = page.body.projects.find(
      (project) => !demoProjects.body.myProjectsIds.includes(project._id),
    );
    const detail = await api.request<ProjectDetail>('GET', `/api/project/${generated?._id}`);
    const creator = detail.body.project_creator;
    expect(creator?.username).toMatch(/^[a-z]+\.[a-z]+\d+$/);
    const session = await signIn(api, `${creator?.username}@example.com`, DEMO_PASSWORD);
    expect(session.status).toBe(200);
  });

  it('counts the demo accounts’ addresses as confirmed: no banner, no lower first-contact limit', async () => {
    const settings = await api.request<{ user: { emailVerified: boolean } }>('GET', '/api/user/settings', {
      token,
    });
    expect(settings.body.user.emailVerified).toBe(true);
    // Nothing was mailed to the demo address (mail goes to .eml files here, after the sign-up's answer).
    const folder = join(api.dataDir, 'mail');
    const mails = existsSync(folder)
      ? readdirSync(folder).map((name) => readFileSync(join(folder, name), 'utf8'))
      : [];
    expect(mails.filter((mail) => mail.includes(DEMO_ACCOUNT.email))).toEqual([]);
  });
});

describe('no demo data with SEED=false', () => {
  let api: TestApp;
  beforeAll(async () => {
    api = await startTestApp({ SEED: 'false' });
  });
  afterAll(() => api.close());

  it('starts with no accounts and no listings', async () => {
    expect((await signIn(api, DEMO_ACCOUNT.email, DEMO_PASSWORD)).status).toBe(401);
    expect((await api.request<ProjectsPage>('GET', '/api/project')).body.projects).toEqual([]);
    expect((await api.request<ProfilesPage>('GET', '/api/teammate')).body.teammates).toEqual([]);
    expect((await api.request<FeedPage>('GET', '/api/post')).body.posts).toEqual([]);
  });
});
