import {
  CHAT_EVENTS,
  HTTP_MESSAGES,
  type NotificationsPage,
  type RealtimeNotification,
  SAVED_SEARCH_MESSAGES,
  SAVED_SEARCHES_PER_USER,
  type SavedSearch,
} from '@skillers/domain';
import { COLLECTIONS, newId, openRecordStore } from '@skillers/store';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createProject,
  createProfile,
  type ErrorAnswer,
  MALFORMED_IDS,
  UNKNOWN_ID,
} from './listing-fixtures';
import { storedRow } from '../../libs/domain/src/search/stored-saved-search.testing';
import { connectSocket, eventsDuring, nextEvent } from './socket-client';
import { startTestApp, type TestApp, type TestUser } from './test-app';

interface Saved {
  message: string;
  savedSearch: SavedSearch;
}

/** Index jobs run in the background; a match shows once the job for the record has run. */
const INDEXED_WITHIN = { timeout: 5_000, interval: 50 };

describe('saved searches', () => {
  let api: TestApp;
  let owner: TestUser;
  let publisher: TestUser;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    api = await startTestApp({ RATE_LIMIT_SCALE: '5' });
    [owner, publisher] = [await api.signUp(), await api.signUp()];
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(() => api.close());

  const create = (user: TestUser | undefined, body: unknown) =>
    api.request<Saved & ErrorAnswer>('POST', '/api/user/saved-searches', { token: user?.token, body });
  const list = (user: TestUser) =>
    api.request<{ savedSearches: SavedSearch[] }>('GET', '/api/user/saved-searches', { token: user.token });
  const update = (user: TestUser | undefined, id: string, body: unknown) =>
    api.request<Saved & ErrorAnswer>('PATCH', `/api/user/saved-searches/${id}`, { token: user?.token, body });
  const remove = (user: TestUser | undefined, id: string) =>
    api.request<ErrorAnswer & { _id: string }>('DELETE', `/api/user/saved-searches/${id}`, {
      token: user?.token,
    });
  const view = (user: TestUser | undefined, id: string) =>
    api.request<Saved & ErrorAnswer>('POST', `/api/user/saved-searches/${id}/view`, { token: user?.token });
  const newMatchesOf = async (user: TestUser, id: string) =>
    (await list(user)).body.savedSearches.find((search) => search._id === id)?.newMatches;
  const notifications = (user: TestUser) =>
    api.request<NotificationsPage>('GET', '/api/notifications', { token: user.token });

  const figmaProfiles = {
    kind: 'teammate',
    name: '  Figma people  ',
    activeFilters: { toolsExperience: [{ tool: 'Figma', mep: 4 }] },
  };

  it('creates a search from the filtering body, alerts on, and lists it with no new matches', async () => {
    const user = await api.signUp();
    const created = await create(user, {
      ...figmaProfiles,
      mustHave: { toolsExperience: ['Figma'] },
      filtering_restriction: 'all_match',
      text: 'designer',
    });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe(SAVED_SEARCH_MESSAGES.created);
    expect(created.body.savedSearch).toMatchObject({
      kind: 'teammate',
      name: 'Figma people',
      filters: { toolsExperience: [{ tool: 'Figma', mep: 4 }] },
      mustHave: { toolsExperience: ['Figma'] },
      restriction: 'all_match',
      text: 'designer',
      alerts: true,
      newMatches: 0,
    });
    expect(created.body.savedSearch).not.toHaveProperty('ownerId');
    const listed = await list(user);
    expect(listed.status).toBe(200);
    expect(listed.body.savedSearches).toEqual([created.body.savedSearch]);
    expect((await list(owner)).body.savedSearches.map((s) => s._id)).not.toContain(
      created.body.savedSearch._id,
    );
  });

  it('saves text-only searches, and refuses one that would match everything', async () => {
    const user = await api.signUp();
    expect(
      (await create(user, { kind: 'project', name: 'Drones', activeFilters: {}, text: 'drones' })).status,
    ).toBe(201);
    const empty = await create(user, {
      kind: 'project',
      name: 'All',
      activeFilters: { locations: [] },
      text: 'the',
    });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(SAVED_SEARCH_MESSAGES.nothingToSave);
  });

  it.each([
    [{ ...figmaProfiles, name: '   ' }, 'Give the search a name'],
    [{ ...figmaProfiles, name: 'x'.repeat(81) }, 'A name must be at most 80 characters'],
    [{ ...figmaProfiles, kind: 'post' }, 'Kind must be project or teammate'],
    [{ ...figmaProfiles, activeFilters: { colour: ['red'] } }, 'Unknown field: colour'],
    [{ ...figmaProfiles, ownerId: UNKNOWN_ID }, 'Unknown field: ownerId'],
    [{ ...figmaProfiles, alerts: 'yes' }, 'Alerts must be true or false'],
    [
      { ...figmaProfiles, mustHave: { locations: ['Spain'] } },
      'Must-have "Spain" is not among the picked options of locations',
    ],
    [{ ...figmaProfiles, filtering_restriction: 'some' }, 'Restriction must be min_1_match or all_match'],
    [{ name: 'No kind', activeFilters: { locations: ['Spain'] } }, 'Kind must be project or teammate'],
  ])('refuses a bad body with a message: %j', async (body, message) => {
    const answer = await create(owner, body);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(message);
  });

  it('needs a signed-in user for every call', async () => {
    expect((await create(undefined, figmaProfiles)).body).toMatchObject({
      statusCode: 401,
      message: HTTP_MESSAGES.unauthorized,
    });
    expect((await api.request('GET', '/api/user/saved-searches')).status).toBe(401);
    expect((await update(undefined, UNKNOWN_ID, { name: 'x' })).status).toBe(401);
    expect((await remove(undefined, UNKNOWN_ID)).status).toBe(401);
    expect((await view(undefined, UNKNOWN_ID)).status).toBe(401);
  });

  it('renames and switches alerts; nothing to change, bad names and unknown fields are refused', async () => {
    const { savedSearch } = (await create(owner, figmaProfiles)).body;
    const renamed = await update(owner, savedSearch._id, { name: 'Designers' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({
      message: SAVED_SEARCH_MESSAGES.updated,
      savedSearch: { name: 'Designers', alerts: true },
    });
    expect((await update(owner, savedSearch._id, { alerts: false })).body.savedSearch).toMatchObject({
      name: 'Designers',
      alerts: false,
    });
    expect((await update(owner, savedSearch._id, {})).body).toMatchObject({
      statusCode: 400,
      message: SAVED_SEARCH_MESSAGES.nothingToChange,
    });
    expect((await update(owner, savedSearch._id, { name: '' })).body.message).toBe('Give the search a name');
    expect((await update(owner, savedSearch._id, { kind: 'project' })).body.message).toBe(
      'Unknown field: kind',
    );
    await remove(owner, savedSearch._id);
  });

  it("answers 404 for another user's search or an unknown one, and 400 for a malformed id", async () => {
    const { savedSearch } = (await create(owner, figmaProfiles)).body;
    for (const id of [savedSearch._id, UNKNOWN_ID]) {
      expect((await update(publisher, id, { name: 'Mine now' })).body).toMatchObject({
        statusCode: 404,
        message: SAVED_SEARCH_MESSAGES.notFound,
      });
      expect((await remove(publisher, id)).status).toBe(404);
      expect((await view(publisher, id)).status).toBe(404);
    }
    for (const id of MALFORMED_IDS) {
      expect((await update(owner, encodeURIComponent(id), { name: 'x' })).body).toMatchObject({
        statusCode: 400,
        message: 'Malformed id',
      });
    }
    expect((await list(owner)).body.savedSearches.find((s) => s._id === savedSearch._id)?.name).toBe(
      'Figma people',
    );
    await remove(owner, savedSearch._id);
  });

  it(`keeps at most ${SAVED_SEARCHES_PER_USER} searches per user`, async () => {
    const user = await api.signUp();
    for (let n = 0; n < SAVED_SEARCHES_PER_USER; n++) {
      expect((await create(user, { ...figmaProfiles, name: `Search ${n}` })).status).toBe(201);
    }
    const over = await create(user, figmaProfiles);
    expect(over.status).toBe(409);
    expect(over.body.message).toBe(SAVED_SEARCH_MESSAGES.tooMany);
    expect((await list(user)).body.savedSearches).toHaveLength(SAVED_SEARCHES_PER_USER);
  });

  it(`keeps the cap when creates race: 60 at once leave exactly ${SAVED_SEARCHES_PER_USER}`, async () => {
    const user = await api.signUp();
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, n) => create(user, { ...figmaProfiles, name: `Search ${n}` })),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(SAVED_SEARCHES_PER_USER);
    const refused = answers.filter((answer) => answer.status !== 201);
    expect(refused.map((answer) => [answer.status, answer.body.message])).toEqual(
      refused.map(() => [409, SAVED_SEARCH_MESSAGES.tooMany]),
    );
    expect((await list(user)).body.savedSearches).toHaveLength(SAVED_SEARCHES_PER_USER);
  });

  it('records a matching new or edited profile once, notifies the owner live, and opening it clears "new"', async () => {
    const alice = await api.signUp();
    const { savedSearch } = (await create(alice, { ...figmaProfiles, text: 'illustrator' })).body;
    const socket = await connectSocket(api.baseUrl, { token: alice.token });
    sockets.push(socket);

    const live = nextEvent<RealtimeNotification>(socket, CHAT_EVENTS.notification, 5_000);
    const bob = await api.signUp();
    const profile = await createProfile(api, bob, {
      toolsExperience: [{ tool: 'Figma', mep: 5 }],
      description: 'Illustrator and brand designer',
    });
    const pushed = await live;
    expect(pushed.notification).toMatchObject({
      kind: 'saved_search',
      actor: { _id: bob.id, username: bob.username },
      text: 'Figma people',
      savedSearchId: savedSearch._id,
      recordKind: 'teammate',
      recordId: profile._id,
      read: false,
    });
    expect(pushed.unread).toBe(1);
    expect(await newMatchesOf(alice, savedSearch._id)).toBe(1);
    expect((await notifications(alice)).body.unread).toBe(1);

    // An edit that still matches is neither counted nor notified again.
    const quiet = eventsDuring(socket, CHAT_EVENTS.notification, 800);
    const edited = await api.request('PUT', '/api/teammate/editTeammate', {
      token: bob.token,
      body: {
        nickname: 'bob-draws',
        toolsExperience: [{ tool: 'Figma', mep: 5 }],
        projectType: ['Freelancing'],
        offeredGratification: ['Salary'],
        forGratification: ['Time'],
        description: 'Illustrator, now also animating',
      },
    });
    expect(edited.status).toBe(200);
    expect(await quiet).toEqual([]);
    expect(await newMatchesOf(alice, savedSearch._id)).toBe(1);

    const opened = await view(alice, savedSearch._id);
    expect(opened.status).toBe(200);
    expect(opened.body.savedSearch.newMatches).toBe(0);
    expect(Date.parse(opened.body.savedSearch.lastViewedAt)).toBeGreaterThanOrEqual(
      Date.parse(savedSearch.lastViewedAt),
    );
    expect(await newMatchesOf(alice, savedSearch._id)).toBe(0);
  });

  it('folds later matches into the unread alert, and alerts again once the owner read it', async () => {
    const frank = await api.signUp();
    const { savedSearch } = (
      await create(frank, {
        kind: 'teammate',
        name: 'Blender',
        activeFilters: { toolsExperience: ['Blender'] },
      })
    ).body;
    const alertsOf = async () =>
      (await notifications(frank)).body.notifications.filter((n) => n.kind === 'saved_search');
    const blenderProfile = async () =>
      createProfile(api, await api.signUp(), { toolsExperience: [{ tool: 'Blender', mep: 3 }] });

    const first = await blenderProfile();
    await vi.waitFor(async () => expect(await alertsOf()).toHaveLength(1), INDEXED_WITHIN);
    const second = await blenderProfile();
    await vi.waitFor(async () => expect(await newMatchesOf(frank, savedSearch._id)).toBe(2), INDEXED_WITHIN);
    expect(await alertsOf()).toMatchObject([{ recordId: first._id, read: false }]);
    expect((await notifications(frank)).body.unread).toBe(1);

    expect((await api.request('POST', '/api/notifications/read', { token: frank.token })).status).toBe(200);
    const third = await blenderProfile();
    await vi.waitFor(async () => expect(await alertsOf()).toHaveLength(2), INDEXED_WITHIN);
    expect(await alertsOf()).toMatchObject([
      { recordId: third._id, read: false },
      { recordId: first._id, read: true },
    ]);
    expect(await newMatchesOf(frank, savedSearch._id)).toBe(3);
    expect(second._id).not.toBe(third._id);
  });

  it("does not match a record that misses a filter or a word, nor the owner's own record, nor the other kind", async () => {
    const carol = await api.signUp();
    const { savedSearch } = (
      await create(carol, {
        kind: 'project',
        name: 'Rust',
        activeFilters: { toolsExperience: ['Rust'] },
        text: 'robots',
      })
    ).body;
    const socket = await connectSocket(api.baseUrl, { token: carol.token });
    sockets.push(socket);
    const quiet = eventsDuring(socket, CHAT_EVENTS.notification, 1_000);
    const dave = await api.signUp();
    await createProject(api, dave, {
      toolsExperience: [{ tool: 'Rust', mep: 2 }],
      description: 'A compiler',
    });
    await createProject(api, dave, {
      toolsExperience: [{ tool: 'Go', mep: 2 }],
      description: 'Robots for farms',
    });
    await createProject(api, carol, {
      toolsExperience: [{ tool: 'Rust', mep: 2 }],
      description: 'My own robots',
    });
    await createProfile(api, dave, {
      toolsExperience: [{ tool: 'Rust', mep: 2 }],
      description: 'I build robots',
    });
    expect(await quiet).toEqual([]);
    expect(await newMatchesOf(carol, savedSearch._id)).toBe(0);

    const matching = await createProject(api, dave, {
      toolsExperience: [{ tool: 'Rust', mep: 1 }],
      description: 'Robots!',
    });
    await vi.waitFor(async () => expect(await newMatchesOf(carol, savedSearch._id)).toBe(1), INDEXED_WITHIN);
    const [latest] = (await notifications(carol)).body.notifications;
    expect(latest).toMatchObject({ kind: 'saved_search', recordId: matching._id, text: 'Rust' });
  });

  it('keeps its must-nots and never matches a record carrying one', async () => {
    const grace = await api.signUp();
    const created = await create(grace, {
      kind: 'project',
      name: 'Kotlin, no PHP',
      activeFilters: { toolsExperience: ['Kotlin'] },
      mustNot: { toolsExperience: ['php'] },
    });
    expect(created.status).toBe(201);
    const { savedSearch } = created.body;
    expect(savedSearch.mustNot).toEqual({ toolsExperience: ['PHP'] });
    expect((await list(grace)).body.savedSearches[0].mustNot).toEqual({ toolsExperience: ['PHP'] });
    const both = await createProject(api, publisher, {
      toolsExperience: [
        { tool: 'Kotlin', mep: 2 },
        { tool: 'PHP', mep: 1 },
      ],
    });
    const kotlin = await createProject(api, publisher, { toolsExperience: [{ tool: 'Kotlin', mep: 2 }] });
    await vi.waitFor(async () => expect(await newMatchesOf(grace, savedSearch._id)).toBe(1), INDEXED_WITHIN);
    const alerts = (await notifications(grace)).body.notifications;
    expect(alerts.map((alert) => alert.recordId)).toEqual([kotlin._id]);
    expect(alerts.map((alert) => alert.recordId)).not.toContain(both._id);
    const refused = await create(grace, {
      kind: 'project',
      name: 'Contradiction',
      activeFilters: { toolsExperience: ['Kotlin'] },
      mustNot: { toolsExperience: ['Kotlin'] },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('"Kotlin" cannot be both picked and a must-not in toolsExperience');
  });

  describe('a text search, understood as the search understands it', () => {
    const typed = 'pyhton developer, not full stack';
    const understood = {
      labels: { toolsExperience: ['Python'] },
      not: { hardSkills: ['Full Stack Developer'] },
      places: [],
      words: ['python', 'developer'],
    };
    const replace = (user: TestUser, id: string, body: unknown) =>
      api.request<Saved & ErrorAnswer>('PUT', `/api/user/saved-searches/${id}`, { token: user.token, body });

    beforeAll(async () => {
      // A record carrying both labels, so that the understanding keeps them (it drops labels nobody carries).
      await createProfile(api, await api.signUp(), {
        toolsExperience: [{ tool: 'Python', mep: 2 }],
        hardSkills: ['Full Stack Developer'],
      });
      await vi.waitFor(async () => {
        const { body } = await api.request<{ understood?: unknown }>(
          'POST',
          '/api/teammate/traditional_filtering',
          { body: { activeFilters: {}, filtering_restriction: 'min_1_match', page: 1, text: typed } },
        );
        expect(body.understood).toEqual(understood);
      }, INDEXED_WITHIN);
    });

    it('alerts on a new record carrying the understood labels despite the typo, never on a ruled-out one', async () => {
      const grace = await api.signUp();
      const created = await create(grace, {
        kind: 'teammate',
        name: 'Python',
        activeFilters: {},
        text: typed,
      });
      expect(created.status).toBe(201);
      expect(created.body.savedSearch).toMatchObject({ text: typed, understood });
      const { _id } = created.body.savedSearch;

      await createProfile(api, await api.signUp(), {
        toolsExperience: [{ tool: 'Python', mep: 4 }],
        hardSkills: ['Full Stack Developer'],
        description: 'Python developer, front to back',
      });
      const scientist = await createProfile(api, await api.signUp(), {
        toolsExperience: [{ tool: 'Python', mep: 4 }],
        description: 'Data scientist',
      });
      await vi.waitFor(async () => expect(await newMatchesOf(grace, _id)).toBe(1), INDEXED_WITHIN);
      const alerts = (await notifications(grace)).body.notifications;
      expect(alerts).toMatchObject([{ kind: 'saved_search', savedSearchId: _id, recordId: scientist._id }]);
      expect((await list(grace)).body.savedSearches).toMatchObject([{ _id, understood }]);
    });

    it('understands the text again when the search is replaced', async () => {
      const henry = await api.signUp();
      const { savedSearch } = (
        await create(henry, { kind: 'teammate', name: 'Python', activeFilters: {}, text: typed })
      ).body;
      const replaced = await replace(henry, savedSearch._id, {
        kind: 'teammate',
        name: 'Python',
        activeFilters: {},
        text: 'pyhton developer',
      });
      expect(replaced.status).toBe(200);
      expect(replaced.body.savedSearch.understood).toEqual({ ...understood, not: {} });
      const filtersOnly = await replace(henry, savedSearch._id, {
        kind: 'teammate',
        name: 'Python',
        activeFilters: { toolsExperience: ['Python'] },
      });
      expect(filtersOnly.body.savedSearch).not.toHaveProperty('understood');
      expect((await list(henry)).body.savedSearches[0]).not.toHaveProperty('understood');
    });
  });

  it('counts matches but notifies nobody while alerts are off; a deleted search matches nothing', async () => {
    const erin = await api.signUp();
    const quietSearch = (
      await create(erin, { kind: 'project', name: 'Quiet', activeFilters: {}, text: 'lighthouse' })
    ).body.savedSearch;
    const gone = (
      await create(erin, { kind: 'project', name: 'Gone', activeFilters: {}, text: 'lighthouse' })
    ).body.savedSearch;
    expect((await update(erin, quietSearch._id, { alerts: false })).status).toBe(200);
    const deleted = await remove(erin, gone._id);
    expect(deleted.body).toEqual({ message: SAVED_SEARCH_MESSAGES.deleted, _id: gone._id });
    expect((await remove(erin, gone._id)).status).toBe(404);

    await createProject(api, publisher, { description: 'A lighthouse keeper app' });
    await vi.waitFor(async () => expect(await newMatchesOf(erin, quietSearch._id)).toBe(1), INDEXED_WITHIN);
    expect((await notifications(erin)).body.notifications).toEqual([]);
    expect((await list(erin)).body.savedSearches.map((s) => s._id)).toEqual([quietSearch._id]);
  });
});

describe('saved-search write limit', () => {
  it('refuses changes past the per-user allowance with a message and Retry-After', async () => {
    // 60 a minute scaled by 0.05: three, then 429.
    const api = await startTestApp({ RATE_LIMIT_SCALE: '0.05' });
    try {
      const user = await api.signUp();
      const body = { kind: 'project', name: 'Drones', activeFilters: {}, text: 'drones' };
      for (let n = 0; n < 3; n++) {
        expect(
          (await api.request('POST', '/api/user/saved-searches', { token: user.token, body })).status,
        ).toBe(201);
      }
      const refused = await api.request<{ message: string }>('POST', '/api/user/saved-searches', {
        token: user.token,
        body,
      });
      expect(refused.status).toBe(429);
      expect(refused.body.message).toBe(SAVED_SEARCH_MESSAGES.tooManyChanges);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await api.close();
    }
  });
});

describe('saved searches across a restart', () => {
  it('understands the text of a search saved before texts were understood, so its typo no longer silences it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'skillers-saved-searches-'));
    try {
      const first = await startTestApp({ DATA_DIR: dataDir });
      const owner = await first.signUp();
      // A record carrying Python, so that the understanding keeps the label.
      await createProfile(first, await first.signUp(), { toolsExperience: [{ tool: 'Python', mep: 2 }] });
      await first.close();
      const store = await openRecordStore({ dataDir });
      const olderId = newId();
      await store.collection(COLLECTIONS.savedSearches).insertMany([
        storedRow({
          _id: olderId,
          ownerId: owner.id,
          schemaVersion: 2,
          name: 'Python',
          filters: {},
          text: 'pyhton developer',
        }),
      ]);
      await store.close();

      const second = await startTestApp({ DATA_DIR: dataDir });
      try {
        const listed = async () =>
          (
            await second.request<{ savedSearches: SavedSearch[] }>('GET', '/api/user/saved-searches', {
              token: owner.token,
            })
          ).body.savedSearches;
        expect(await listed()).toMatchObject([
          { _id: olderId, understood: { labels: { toolsExperience: ['Python'] } } },
        ]);
        await createProfile(second, await second.signUp(), {
          toolsExperience: [{ tool: 'Python', mep: 4 }],
          description: 'Data scientist',
        });
        await vi.waitFor(async () => expect((await listed())[0]?.newMatches).toBe(1), INDEXED_WITHIN);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('loads the stored searches at start, so they alert as before', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'skillers-saved-searches-'));
    try {
      const first = await startTestApp({ DATA_DIR: dataDir });
      const owner = await first.signUp();
      const created = await first.request<{ savedSearch: SavedSearch }>('POST', '/api/user/saved-searches', {
        token: owner.token,
        body: { kind: 'project', name: 'Beekeeping', activeFilters: {}, text: 'beekeeping' },
      });
      expect(created.status).toBe(201);
      await first.close();

      const second = await startTestApp({ DATA_DIR: dataDir });
      try {
        await createProject(second, await second.signUp(), { description: 'Beekeeping sensors' });
        await vi.waitFor(async () => {
          const listed = await second.request<{ savedSearches: SavedSearch[] }>(
            'GET',
            '/api/user/saved-searches',
            {
              token: owner.token,
            },
          );
          expect(listed.body.savedSearches[0]?.newMatches).toBe(1);
        }, INDEXED_WITHIN);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
