import { FILTER_VOCABULARY, HTTP_MESSAGES, isKnownOption, type ProjectView } from '@skillers/domain';
import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_MESSAGES } from '../src/admin/admin.messages';
import { notAnOption } from '../src/common/known-options';
import { USER_LIMITS } from '../src/common/rate-limits';
import { CLICKS_PER_MINUTE } from '../src/filtering/search-click.controller';
import type { SearchAnalyticsReport } from '../src/analytics/search-analytics';
import type { AnalyticsEvent } from '../src/analytics/search-event';
import { createProject, type ErrorAnswer, UNKNOWN_ID } from './listing-fixtures';
import { startTestApp, type TestApp, type TestUser } from './test-app';

const ADMIN_TOKEN = 'analytics-admin-token-'.padEnd(48, '0');
const PROJECTS = '/api/project/traditional_filtering_all';
const CLICK = '/api/search/click';
const ANALYTICS = '/api/admin/analytics';
const A_UUID = '0b6f3c1e-6a3e-4d47-9a43-2f1c6d1e0a01';

const today = () => new Date().toISOString().slice(0, 10);
const shiftDays = (day: string, days: number) =>
  new Date(Date.parse(day) + days * 86_400_000).toISOString().slice(0, 10);

describe('search clicks and the admin analytics report (embedded profile)', () => {
  let api: TestApp;
  let owner: TestUser;

  const search = async (activeFilters: Record<string, unknown>, token?: string) => {
    const answer = await api.request<{ items: ProjectView[]; total: number; eventId: string }>(
      'POST',
      PROJECTS,
      {
        token,
        body: { activeFilters },
      },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.eventId).toMatch(/^[0-9a-f-]{36}$/);
    return answer.body;
  };
  const click = (body: unknown, token?: string) => api.request<ErrorAnswer>('POST', CLICK, { body, token });
  const report = async (query = '') => {
    const answer = await api.request<SearchAnalyticsReport>('GET', `${ANALYTICS}${query}`, {
      token: ADMIN_TOKEN,
    });
    expect(answer.status).toBe(200);
    return answer.body;
  };
  const recorded = (): AnalyticsEvent[] => {
    const folder = join(api.dataDir, 'search-events');
    return readdirSync(folder)
      .sort()
      .flatMap((file) => readFileSync(join(folder, file), 'utf8').split('\n').filter(Boolean))
      .map((line) => JSON.parse(line) as AnalyticsEvent);
  };

  beforeAll(async () => {
    api = await startTestApp({ ADMIN_TOKEN });
    owner = await api.signUp();
    await createProject(api, owner, { projectName: 'Rust one', toolsExperience: [{ tool: 'Rust', mep: 2 }] });
    await createProject(api, owner, { projectName: 'Rust two', toolsExperience: [{ tool: 'Rust', mep: 4 }] });
    await vi.waitFor(async () => expect((await search({})).total).toBe(2), { timeout: 5000 });
  });
  afterAll(() => api.close());

  it('refuses the report without the admin token, with a user token or a wrong one', async () => {
    const missing = await api.request<ErrorAnswer>('GET', ANALYTICS);
    expect(missing.status).toBe(401);
    expect(missing.body.message).toBe(ADMIN_MESSAGES.tokenMissing);
    const asUser = await api.request<ErrorAnswer>('GET', ANALYTICS, { token: owner.token });
    expect(asUser.status).toBe(401);
    expect(asUser.body.message).toBe(ADMIN_MESSAGES.tokenWrong);
  });

  it.each([
    ['?from=yesterday', 'from must be a date such as 2031-05-04'],
    ['?to=2031-13-01', 'to must be a date such as 2031-05-04'],
    ['?from=2031-05-04&to=2031-05-03', 'from must be on or before to'],
    ['?from=2030-01-01&to=2031-05-03', 'The range can cover at most 366 days'],
  ])('answers 400 with a message for the range %s', async (query, message) => {
    const answer = await api.request<ErrorAnswer>('GET', `${ANALYTICS}${query}`, { token: ADMIN_TOKEN });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(message);
  });

  it.each([
    [{ recordId: UNKNOWN_ID, rank: 1 }, 'eventId must be the eventId of a search answer'],
    [
      { eventId: 'not-an-id', recordId: UNKNOWN_ID, rank: 1 },
      'eventId must be the eventId of a search answer',
    ],
    [{ eventId: A_UUID, recordId: 'nope', rank: 1 }, 'Malformed id'],
    [{ eventId: A_UUID, recordId: UNKNOWN_ID, rank: 0 }, 'Rank must be at least 1'],
    [{ eventId: A_UUID, recordId: UNKNOWN_ID, rank: 1.5 }, 'Rank must be a whole number'],
    [{ eventId: A_UUID, recordId: UNKNOWN_ID, rank: 9601 }, 'Rank must be at most 9600'],
    [{ eventId: A_UUID, recordId: UNKNOWN_ID, rank: 1, extra: true }, 'Unknown field: extra'],
  ])('refuses the click %j with 400 and records nothing', async (body, message) => {
    await report(); // flushes what the earlier searches buffered
    const before = recorded().length;
    const answer = await click(body);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(message);
    await report();
    expect(recorded()).toHaveLength(before);
  });

  it('records a click linked to its search event, and reports the day, the ranks, the combinations and the labels', async () => {
    const empty = await report(`?from=${today()}&to=${today()}`);
    const base = empty.totals;

    const rust = await search({ toolsExperience: ['Rust'] }, owner.token);
    await search({ hardSkills: ['Data Scientist'] });
    await search({ hardSkills: ['Data Scientist'] });
    await search({ locations: ['Iceland'], toolsExperience: ['Rust'] });
    const everything = await search({});
    const sorted = await api.request<{ results: { record_id: string }[]; eventId: string }>(
      'POST',
      '/api/sort',
      {
        body: { type: 'project', filter: { hardSkills: ['Data Scientist'] }, text: 'rust projects' },
      },
    );
    expect(sorted.status).toBe(200);
    expect(sorted.body.eventId).toMatch(/^[0-9a-f-]{36}$/);
    expect(sorted.body.results.length).toBeGreaterThan(0);

    const clicked = await click({ eventId: rust.eventId, recordId: rust.items[0]._id, rank: 1 }, owner.token);
    expect(clicked.status).toBe(204);
    expect(
      (await click({ eventId: everything.eventId, recordId: everything.items[1]._id, rank: 2 })).status,
    ).toBe(204);
    expect(
      (await click({ eventId: sorted.body.eventId, recordId: sorted.body.results[0].record_id, rank: 1 }))
        .status,
    ).toBe(204);

    const body = await report(`?from=${shiftDays(today(), -1)}&to=${today()}`);
    expect(body.from).toBe(shiftDays(today(), -1));
    expect(body.days.map((day) => day.day)).toEqual([shiftDays(today(), -1), today()]);
    // The warm-up searches of beforeAll came before `base`; this test added 5 searches, 3 of them empty.
    expect(body.totals.searches - base.searches).toBe(5);
    expect(body.totals.zeroResults - base.zeroResults).toBe(3);
    expect(body.totals.fallbacks - base.fallbacks).toBe(1);
    expect(body.totals.clicks - base.clicks).toBe(3);
    expect(body.totals.zeroResultRate).toBe(
      Math.round((body.totals.zeroResults / body.totals.searches) * 10_000) / 10_000,
    );
    expect(body.totals.fallbackRate).toBe(Math.round((1 / body.totals.searches) * 10_000) / 10_000);

    // The warm-up of beforeAll searched with no filters while the index was still empty.
    const filtered = body.zeroResultCombinations.filter((row) => row.combination !== '(no filters)');
    expect(filtered).toEqual([
      { combination: 'hardSkills: Data Scientist', count: 2 },
      { combination: 'toolsExperience: Rust + locations: Iceland', count: 1 },
    ]);
    expect(body.topLabels).toEqual([
      // Ties are listed by label.
      { label: 'hardSkills: Data Scientist', count: 2 },
      { label: 'toolsExperience: Rust', count: 2 },
      { label: 'locations: Iceland', count: 1 },
    ]);

    // Each warm-up search of beforeAll showed ranks 1 and 2 too: count them from the empty report.
    const shownBefore = (rank: number) =>
      empty.clickThroughByRank.find((row) => row.rank === rank)?.impressions ?? 0;
    const sortDepth = sorted.body.results.length;
    expect(body.clickThroughByRank.slice(0, 2)).toEqual([
      {
        rank: 1,
        impressions: shownBefore(1) + 3,
        clicks: 2,
        clickThroughRate: Math.round((2 / (shownBefore(1) + 3)) * 10_000) / 10_000,
      },
      {
        rank: 2,
        impressions: shownBefore(2) + 2 + (sortDepth >= 2 ? 1 : 0),
        clicks: 1,
        clickThroughRate: Math.round((1 / (shownBefore(2) + 2 + (sortDepth >= 2 ? 1 : 0))) * 10_000) / 10_000,
      },
    ]);
    expect(body.clickThroughByRank).toHaveLength(Math.max(2, sortDepth));

    const events = recorded();
    const searchEvent = events.find((event) => event.type === 'search' && event.eventId === rust.eventId);
    expect(searchEvent).toMatchObject({
      results: rust.items.map((item, index) => ({
        id: item._id,
        rank: index + 1,
        fused: expect.any(Number),
        facet: expect.any(Number),
      })),
      rank: [1, 2],
      labels: ['toolsExperience: Rust'],
    });
    expect(events.filter((event) => event.type === 'click' && event.eventId === rust.eventId)).toEqual([
      {
        type: 'click',
        at: expect.any(String),
        eventId: rust.eventId,
        recordId: rust.items[0]._id,
        rank: 1,
        signedIn: true,
      },
    ]);
  });

  it('covers the last 30 days by default', async () => {
    const body = await report();
    expect(body.to).toBe(today());
    expect(body.days).toHaveLength(30);
    expect(body.from).toBe(shiftDays(today(), -29));
  });
});

/** The test app believes X-Forwarded-For from loopback, so each caller can have an address of its own. */
let addressCounter = 0;
const freshAddress = (): string => {
  addressCounter += 1;
  return `10.23.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
};

describe('which clicks count', () => {
  let api: TestApp;
  let owner: TestUser;
  let other: TestUser;

  const search = async (activeFilters: Record<string, unknown>, address: string, token?: string) => {
    const answer = await api.request<{ items: ProjectView[]; eventId: string }>('POST', PROJECTS, {
      token,
      body: { activeFilters },
      headers: { 'x-forwarded-for': address },
    });
    expect(answer.status).toBe(200);
    return answer.body;
  };
  const click = async (body: unknown, address: string, token?: string) => {
    const answer = await api.request('POST', CLICK, { body, token, headers: { 'x-forwarded-for': address } });
    // Counted or not, every well-formed click gets the same answer.
    expect(answer.status).toBe(204);
  };
  const counted = async () => {
    const body = (await api.request<SearchAnalyticsReport>('GET', ANALYTICS, { token: ADMIN_TOKEN })).body;
    return {
      total: body.totals.clicks,
      at: (rank: number) => body.clickThroughByRank.find((row) => row.rank === rank)?.clicks ?? 0,
    };
  };

  beforeAll(async () => {
    api = await startTestApp({ ADMIN_TOKEN });
    owner = await api.signUp();
    other = await api.signUp();
    for (let n = 1; n <= 8; n += 1) {
      await createProject(api, owner, {
        projectName: `Rust ${n}`,
        toolsExperience: [{ tool: 'Rust', mep: 2 }],
      });
    }
    await vi.waitFor(
      async () => expect((await search({ toolsExperience: ['Rust'] }, freshAddress())).items).toHaveLength(8),
      { timeout: 5000 },
    );
  });
  afterAll(() => api.close());

  it('counts 60 clicks on one eventId at rank 7 once, and none at a rank the answer did not show there', async () => {
    const address = freshAddress();
    const page = await search({ toolsExperience: ['Rust'] }, address);
    const seventh = page.items[6]._id;
    const short = await api.request<{ results: { record_id: string }[]; eventId: string }>(
      'POST',
      '/api/sort',
      {
        body: { type: 'project', filter: { toolsExperience: ['Rust'] }, limit: 3 },
        headers: { 'x-forwarded-for': address },
      },
    );
    expect(short.body.results).toHaveLength(3);
    const before = await counted();

    for (let n = 0; n < 60; n += 1)
      await click({ eventId: page.eventId, recordId: seventh, rank: 7 }, address);
    // A shown record at another rank than the one it was shown at, and a rank the ranking never reached.
    await click({ eventId: page.eventId, recordId: page.items[5]._id, rank: 7 }, address);
    await click({ eventId: short.body.eventId, recordId: seventh, rank: 7 }, address);
    await click({ eventId: short.body.eventId, recordId: short.body.results[0].record_id, rank: 7 }, address);

    const after = await counted();
    expect(after.at(7) - before.at(7)).toBe(1);
    expect(after.total - before.total).toBe(1);
  });

  it('counts no click naming an eventId that was never answered', async () => {
    const address = freshAddress();
    const page = await search({ toolsExperience: ['Rust'] }, address);
    const before = await counted();
    for (let n = 0; n < 20; n += 1) {
      await click({ eventId: randomUUID(), recordId: page.items[0]._id, rank: 1 }, address);
    }
    expect((await counted()).total).toBe(before.total);
  });

  it("counts a click only from the searcher's address or account", async () => {
    const [home, elsewhere, mobile] = [freshAddress(), freshAddress(), freshAddress()];
    const signedIn = await search({ toolsExperience: ['Rust'] }, home, owner.token);
    const anonymous = await search({ toolsExperience: ['Rust'] }, home);
    const before = await counted();

    const first = (page: typeof signedIn) => ({
      eventId: page.eventId,
      recordId: page.items[0]._id,
      rank: 1,
    });
    await click(first(signedIn), elsewhere);
    await click(first(signedIn), elsewhere, other.token);
    await click(first(anonymous), elsewhere, owner.token);
    expect((await counted()).total).toBe(before.total);

    // The same account on another network, and the same address signed out.
    await click(first(signedIn), mobile, owner.token);
    await click(first(anonymous), home);
    expect((await counted()).total).toBe(before.total + 2);
  });

  const FOREIGN_LABELS = ['COBOL', '\u202eevil\u202c', 'a\u0000b', '<img src=x onerror=alert(1)>'];

  it('refuses filter labels outside the vocabularies with 400 on every call that takes filters', async () => {
    const calls: [path: string, body: (label: string) => unknown][] = [
      [PROJECTS, (label) => ({ activeFilters: { hardSkills: [label] } })],
      ['/api/teammate/traditional_filtering', (label) => ({ activeFilters: { locations: [label] } })],
      ['/api/sort', (label) => ({ type: 'teammate', filter: { softSkills: [label] } })],
      ['/api/user/projects/found/filter', (label) => ({ activeFilters: { usedLanguages: [label] } })],
      [
        '/api/user/saved-searches',
        (label) => ({ kind: 'project', name: 'Foreign', activeFilters: { projectType: [label] } }),
      ],
    ];
    for (const [path, body] of calls) {
      for (const label of FOREIGN_LABELS) {
        const refused = await api.request<ErrorAnswer>('POST', path, {
          body: body(label),
          token: owner.token,
          headers: { 'x-forwarded-for': freshAddress() },
        });
        expect(refused.status, `${path} ${JSON.stringify(label)}`).toBe(400);
      }
    }
    const cobol = await api.request<ErrorAnswer>('POST', PROJECTS, {
      body: { activeFilters: { hardSkills: ['COBOL'] } },
    });
    expect(cobol.body.message).toBe(notAnOption('hardSkills', 'COBOL'));
  });

  it("shows only vocabulary labels in the admin page's top labels and zero-result combinations", async () => {
    for (const label of FOREIGN_LABELS) {
      await api.request('POST', PROJECTS, { body: { activeFilters: { locations: [label] } } });
    }
    await search({ locations: ['iceland'], toolsExperience: ['k8s'] }, freshAddress());
    const body = (await api.request<SearchAnalyticsReport>('GET', ANALYTICS, { token: ADMIN_TOKEN })).body;

    expect(body.topLabels.map((row) => row.label)).toEqual(
      expect.arrayContaining(['locations: Iceland', 'toolsExperience: Kubernetes']),
    );
    for (const { label } of body.topLabels) {
      const [key, option] = label.split(': ');
      expect(isKnownOption(FILTER_VOCABULARY[key as keyof typeof FILTER_VOCABULARY], option), label).toBe(
        true,
      );
    }
    const shown = JSON.stringify([body.topLabels, body.zeroResultCombinations]);
    for (const label of FOREIGN_LABELS) expect(shown).not.toContain(JSON.stringify(label).slice(1, -1));
  });
});

describe('search click rate limits', () => {
  let api: TestApp;
  beforeAll(async () => {
    api = await startTestApp();
  });
  afterAll(() => api.close());

  it(`takes ${USER_LIMITS.clicks.points} clicks a minute from one user, whatever the address, then answers 429 with a message`, async () => {
    const user = await api.signUp();
    const click = () =>
      api.request<ErrorAnswer>('POST', CLICK, {
        body: { eventId: A_UUID, recordId: UNKNOWN_ID, rank: 1 },
        token: user.token,
        headers: { 'x-forwarded-for': freshAddress() },
      });
    for (let n = 0; n < USER_LIMITS.clicks.points; n += 1) expect((await click()).status).toBe(204);
    const refused = await click();
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(HTTP_MESSAGES.tooManyRequests);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it(`takes ${CLICKS_PER_MINUTE} clicks a minute from one address, then answers 429 with a message`, async () => {
    const body = { eventId: A_UUID, recordId: UNKNOWN_ID, rank: 1 };
    for (let n = 0; n < CLICKS_PER_MINUTE; n += 1) {
      expect((await api.request('POST', CLICK, { body })).status).toBe(204);
    }
    const refused = await api.request<ErrorAnswer>('POST', CLICK, { body });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(HTTP_MESSAGES.tooManyRequests);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});

describe('admin analytics report when the events cannot be read', () => {
  let api: TestApp;
  beforeAll(async () => {
    api = await startTestApp({ ADMIN_TOKEN });
  });
  afterAll(() => api.close());

  it('answers 503 with a message, and the API keeps answering', async () => {
    // A folder where the day's file should be: reading it fails as a broken disk would.
    mkdirSync(join(api.dataDir, 'search-events', 'search-events-2031-05-04.jsonl'), { recursive: true });
    const answer = await api.request<ErrorAnswer>('GET', `${ANALYTICS}?from=2031-05-04&to=2031-05-04`, {
      token: ADMIN_TOKEN,
    });
    expect(answer.status).toBe(503);
    expect(answer.body.message).toBe(ADMIN_MESSAGES.analyticsUnavailable);
    expect(
      (await api.request('GET', `${ANALYTICS}?from=2031-05-05&to=2031-05-05`, { token: ADMIN_TOKEN })).status,
    ).toBe(200);
  });
});
