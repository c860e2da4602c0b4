import {
  type AdminStats,
  type NotificationsPage,
  SAVED_SEARCH_MESSAGES,
  type SavedSearch,
  type SavedSearchListEntry,
} from '@skillers/domain';
import { COLLECTIONS, newId, openRecordStore } from '@skillers/store';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CORRUPT_SAVED_SEARCH_ROWS,
  storedRow,
} from '../../libs/domain/src/search/stored-saved-search.testing';

import { runBuiltCli } from './built-cli';
import { createProfile } from './listing-fixtures';
import { startTestApp, type TestApp, type TestUser } from './test-app';

const ADMIN_TOKEN = 'quarantine-admin-token-'.padEnd(48, '0');
/** Index jobs and their alerts run in the background. */
const INDEXED_WITHIN = { timeout: 5_000, interval: 50 };

/*
 * Rows of each shape that once stopped the server at start, gave their owner a 500 or matched every new
 * record, written into the store of a stopped server, which then starts on it.
 */
describe('stored saved searches that no longer read', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'skillers-quarantine-'));
  let api: TestApp;
  let owner: TestUser;
  let publisher: TestUser;
  let goodId: string;
  const corruptIds = new Map<string, string>();
  /** A row from before versions were stored, with a label in a spelling the vocabulary has moved from. */
  const versionOneId = newId();

  beforeAll(async () => {
    const first = await startTestApp({ DATA_DIR: dataDir });
    [owner, publisher] = [await first.signUp(), await first.signUp()];
    const good = await first.request<{ savedSearch: SavedSearch }>('POST', '/api/user/saved-searches', {
      token: owner.token,
      body: { kind: 'teammate', name: 'Figma people', activeFilters: { toolsExperience: ['Figma'] } },
    });
    goodId = good.body.savedSearch._id;
    await first.close();

    const store = await openRecordStore({ dataDir });
    const rows = Object.entries(CORRUPT_SAVED_SEARCH_ROWS).map(([shape, row]) => {
      const _id = newId();
      corruptIds.set(shape, _id);
      return Object.keys(row).length === 0 ? { _id } : { ...row, _id, ownerId: owner.id };
    });
    const { schemaVersion: _version, ...versionOne } = storedRow({
      _id: versionOneId,
      ownerId: owner.id,
      name: 'Old Kotlin search',
      filters: { toolsExperience: ['kotlin'] },
    });
    await store.collection(COLLECTIONS.savedSearches).insertMany([...rows, versionOne]);
    await store.close();

    api = await startTestApp({ DATA_DIR: dataDir, ADMIN_TOKEN });
  });
  afterAll(async () => {
    await api?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const list = () =>
    api.request<{ savedSearches: SavedSearchListEntry[] }>('GET', '/api/user/saved-searches', {
      token: owner.token,
    });

  it('starts and serves normally, and counts and names the quarantined rows in the stats', async () => {
    expect((await api.request('GET', '/api/health')).status).toBe(200);
    const stats = await api.request<AdminStats>('GET', '/api/admin/stats', { token: ADMIN_TOKEN });
    expect(stats.status).toBe(200);
    expect(stats.body.store.quarantinedSavedSearches.count).toBe(corruptIds.size);
    expect([...stats.body.store.quarantinedSavedSearches.ids].sort()).toEqual(
      [...corruptIds.values()].sort(),
    );
  });

  it('shows the count and the ids in the command line stats too', async () => {
    const result = await runBuiltCli(['stats'], { ADMIN_TOKEN, PORT: new URL(api.baseUrl).port });
    expect(result.code).toBe(0);
    const line = result.stdout.split('\n').find((text) => text.startsWith('Saved searches quarantined'));
    expect(line).toContain(`: ${corruptIds.size}: `);
    for (const id of corruptIds.values()) expect(line).toContain(id);
  });

  it("answers the owner's list with 200, each quarantined search flagged with what is wrong", async () => {
    const answer = await list();
    expect(answer.status).toBe(200);
    const byId = new Map(answer.body.savedSearches.map((entry) => [entry._id, entry]));
    expect(byId.get(goodId)).toMatchObject({ name: 'Figma people', newMatches: 0 });
    expect(byId.get(goodId)).not.toHaveProperty('needsAttention');
    for (const [shape, id] of corruptIds) {
      if (shape === 'an empty row') continue; // no owner: counted in the stats, listed to nobody
      expect(byId.get(id), shape).toMatchObject({ needsAttention: true, newMatches: 0 });
      expect(byId.get(id), shape).toHaveProperty('problem', expect.stringMatching(/\w/));
    }
    expect(byId.get(corruptIds.get('kind: "post"')!)).toMatchObject({
      name: 'Figma people',
      problem: 'kind: Kind must be project or teammate',
    });
  });

  it('moves a version 1 row to the current labels and tells the owner', async () => {
    const entry = (await list()).body.savedSearches.find((search) => search._id === versionOneId);
    expect(entry).toMatchObject({
      name: 'Old Kotlin search',
      filters: { toolsExperience: ['Kotlin'] },
      notes: ['"kotlin" is now called "Kotlin"'],
    });
    expect(entry).not.toHaveProperty('schemaVersion');
  });

  it('alerts only for the searches that read: none of the quarantined ones matches the new record', async () => {
    await createProfile(api, publisher, { toolsExperience: [{ tool: 'Figma', mep: 5 }] });
    await vi.waitFor(async () => {
      const good = (await list()).body.savedSearches.find((search) => search._id === goodId);
      expect(good?.newMatches).toBe(1);
    }, INDEXED_WITHIN);
    const notifications = await api.request<NotificationsPage>('GET', '/api/notifications', {
      token: owner.token,
    });
    const alerts = notifications.body.notifications.filter((item) => item.kind === 'saved_search');
    expect(alerts.map((item) => item.savedSearchId)).toEqual([goodId]);
  });

  it('refuses to open or rename a quarantined search with 409, and lets the owner replace or delete it', async () => {
    const badId = corruptIds.get('filters: null')!;
    for (const [method, path, body] of [
      ['POST', `/api/user/saved-searches/${badId}/view`, undefined],
      ['PATCH', `/api/user/saved-searches/${badId}`, { name: 'Renamed' }],
    ] as const) {
      const answer = await api.request(method, path, { token: owner.token, body });
      expect(answer.status, `${method} ${path}`).toBe(409);
      expect(answer.body.message).toBe(SAVED_SEARCH_MESSAGES.needsAttention);
    }
    const replaced = await api.request<{ message: string; savedSearch: SavedSearch }>(
      'PUT',
      `/api/user/saved-searches/${badId}`,
      {
        token: owner.token,
        body: { kind: 'project', name: 'Fixed', activeFilters: { locations: ['Poland'] }, alerts: false },
      },
    );
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({
      message: SAVED_SEARCH_MESSAGES.replaced,
      savedSearch: { _id: badId, name: 'Fixed', kind: 'project', alerts: false },
    });
    const fixed = (await list()).body.savedSearches.find((search) => search._id === badId);
    expect(fixed).toMatchObject({ name: 'Fixed', filters: { locations: ['Poland'] } });
    expect(fixed).not.toHaveProperty('needsAttention');

    const otherId = corruptIds.get('bad hours')!;
    const elsewhere = await api.request('PUT', `/api/user/saved-searches/${otherId}`, {
      token: publisher.token,
      body: { kind: 'project', name: 'Mine now', activeFilters: { locations: ['Poland'] } },
    });
    expect(elsewhere.status).toBe(404);
    expect(
      (await api.request('DELETE', `/api/user/saved-searches/${otherId}`, { token: owner.token })).status,
    ).toBe(200);
    expect((await list()).body.savedSearches.map((search) => search._id)).not.toContain(otherId);
  });
});
