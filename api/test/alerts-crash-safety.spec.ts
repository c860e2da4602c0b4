import type { NotificationsPage, SavedSearch } from '@skillers/domain';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BUILT_SERVER,
  call,
  exited,
  type Running,
  signUpOn,
  startServer,
  stopServer,
  tokenOwner,
} from './built-server';
import { projectBody } from './listing-fixtures';

/** Listings published at once, the server killed as soon as the last is acknowledged. */
const LISTINGS = 20;
const PASSWORD = 'alerts-crash-password';

const signUp = async (baseUrl: string, name: string): Promise<string> =>
  (await signUpOn(baseUrl, name, PASSWORD)).token;

const alertsOf = async (baseUrl: string, token: string) => {
  const page = await call<NotificationsPage>(baseUrl, 'GET', '/api/notifications', undefined, token);
  return page.body.notifications.filter((notification) => notification.kind === 'saved_search');
};

const newMatchesOf = async (baseUrl: string, token: string) => {
  const list = await call<{ savedSearches: SavedSearch[] }>(
    baseUrl,
    'GET',
    '/api/user/saved-searches',
    undefined,
    token,
  );
  return list.body.savedSearches[0]?.newMatches;
};

/** Polls until `read` gives `expected` or the time is up, and resolves to what it last gave. */
const settle = async <T>(read: () => Promise<T>, expected: T, timeoutMs = 20_000): Promise<T> => {
  const until = Date.now() + timeoutMs;
  let last = await read();
  while (last !== expected && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    last = await read();
  }
  return last;
};

describe('saved-search alerts survive a crash of the embedded profile', () => {
  let dataDir: string;
  let server: Running | undefined;
  let searcher: string;
  const published: string[] = [];

  beforeAll(async () => {
    if (!existsSync(BUILT_SERVER)) {
      throw new Error(`${BUILT_SERVER} is missing: run "npm run build:server" first (npm test does).`);
    }
    dataDir = mkdtempSync(join(tmpdir(), 'skillers-alerts-crash-'));
    server = await startServer(dataDir);
    const { baseUrl } = server;
    searcher = await signUp(baseUrl, 'searcher');
    const publisher = await signUp(baseUrl, 'publisher');
    const saved = await call(
      baseUrl,
      'POST',
      '/api/user/saved-searches',
      {
        kind: 'project',
        name: 'React builds',
        activeFilters: { toolsExperience: [{ tool: 'React', mep: 1 }] },
      },
      searcher,
    );
    if (saved.status !== 201) throw new Error(`search not saved: ${saved.status}`);
    const answers = await Promise.all(
      Array.from({ length: LISTINGS }, (_, n) =>
        call<{ project: { _id: string } }>(
          baseUrl,
          'POST',
          '/api/project',
          projectBody({ projectName: `Rooftop map ${n}` }),
          publisher,
        ),
      ),
    );
    // Killed at once: the last listings' alert batch has had no time to be written.
    server.child.kill('SIGKILL');
    await exited(server);
    for (const answer of answers) {
      if (answer.status !== 201) throw new Error(`listing refused: ${answer.status}`);
      published.push(answer.body.project._id);
    }
    expect(tokenOwner(publisher)).not.toBe(tokenOwner(searcher));
    server = await startServer(dataDir);
  }, 120_000);

  afterAll(async () => {
    await stopServer(server, 'SIGKILL');
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('counts every acknowledged listing as a new match after the restart, under one unread alert', async () => {
    const { baseUrl } = server!;
    expect(await settle(() => newMatchesOf(baseUrl, searcher), LISTINGS)).toBe(LISTINGS);
    // Matches of one search share its alert until it is read, whether sent before the kill or after.
    const alerts = await alertsOf(baseUrl, searcher);
    expect(alerts).toHaveLength(1);
    expect(alerts[0].read).toBe(false);
    expect(published).toContain(alerts[0].recordId);
  });

  it('does not alert or count them again at the next start', async () => {
    await stopServer(server);
    server = await startServer(dataDir);
    const { baseUrl } = server;
    expect(await alertsOf(baseUrl, searcher)).toHaveLength(1);
    expect(await newMatchesOf(baseUrl, searcher)).toBe(LISTINGS);
  }, 60_000);
});
