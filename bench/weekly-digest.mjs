// The weekly matches digest (docs/notifications.md) for N users: how long one run takes to find the new
// strong matches of every user and store their notifications.
// Build first (`npm run build:server`), then `node bench/weekly-digest.mjs [users] [--quick]` (default
// 100 000 users, as many profiles, as many projects owned by random users).
// Seeds the store with the demo generator, starts the app in this process with the shared static model,
// waits for the run the schedule makes at start and for the records' vectors, then times two runs
// of the service itself: this week again with its digests removed (every user with a new strong match gets
// one: the most a run sends), and next week (only matches not listed before are sent). The demo generator
// dates records over half a year, most of them lately: about a fifth were published or edited in the two
// weeks a run looks at, and each of those costs one index query.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const { loadConfig } = require('../api/dist/config/app-config.js');
const { createApp } = require('../api/dist/create-app.js');
const { RECORD_STORE } = require('../api/dist/core/tokens.js');
const { WeeklyMatchesService } = require('../api/dist/weekly-matches/weekly-matches.service.js');
const { WEEKLY_MATCHES_TASK } = require('../api/dist/weekly-matches/weekly-matches-task.js');
const { VectorBackfillState } = require('../api/dist/indexing/vector-backfill.state.js');
const { seedDatabase, hashDemoPassword } = require('@skillers/demo-data');
const { openRecordStore, COLLECTIONS } = require('@skillers/store');

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const MODEL = process.env.EMBEDDER_MODEL ?? 'skillers/static-wordpiece-100d';
const MODEL_PATH = resolve(process.env.EMBEDDER_MODEL_PATH ?? join(root, '../shared/models'));
const QUICK = process.argv.includes('--quick');
const USERS = Number(process.argv.slice(2).find((arg) => /^\d+$/.test(arg)) ?? (QUICK ? 2000 : 100_000));
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
const TARGET_SECONDS = 600;

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
const seconds = (since) => (performance.now() - since) / 1000;

const dataDir = mkdtempSync(join(tmpdir(), 'skillers-bench-weekly-'));
let app;
try {
  console.log(`${USERS} users, profiles and projects; load average at start ${load()}`);
  let started = performance.now();
  const seeding = await openRecordStore({ dataDir });
  await seedDatabase(seeding, {
    users: USERS,
    teammates: USERS,
    projects: USERS,
    seed: 11,
    passwordHash: await hashDemoPassword(),
  });
  await seeding.close();
  console.log(`seeded in ${seconds(started).toFixed(1)} s`);

  started = performance.now();
  const config = loadConfig({
    DATA_DIR: dataDir,
    SEED: 'false',
    LOG_LEVEL: 'silent',
    EMBEDDER_MODEL: MODEL,
    EMBEDDER_MODEL_PATH: MODEL_PATH,
  });
  app = await createApp(config);
  await app.listen(0, '127.0.0.1');
  // The schedule runs the task at start; closing it waits for that run and stops the timer. The vectors are
  // embedded in the background after the start: the runs are timed once that is done.
  await app.get(WEEKLY_MATCHES_TASK).close();
  const backfill = app.get(VectorBackfillState);
  while (backfill.pending()) await new Promise((next) => setTimeout(next, 1000));
  console.log(
    `app started, its start-up run and the vectors' backfill done in ${seconds(started).toFixed(1)} s ` +
      `(load ${load()})`,
  );

  const digests = app.get(RECORD_STORE).collection(COLLECTIONS.notifications);
  const weekly = app.get(WeeklyMatchesService);
  const claims = app.get(RECORD_STORE).collection(COLLECTIONS.digestsSent);
  const runAt = async (label, now, { fromScratch = false } = {}) => {
    if (fromScratch) {
      await digests.deleteMany({ kind: 'weekly_matches' });
      await claims.deleteMany({});
    }
    const before = await digests.count({ kind: 'weekly_matches' });
    const runStarted = performance.now();
    await weekly.run(now);
    const took = seconds(runStarted);
    const sent = (await digests.count({ kind: 'weekly_matches' })) - before;
    const verdict = took <= TARGET_SECONDS ? 'within' : 'over';
    console.log(
      `${label.padEnd(12)} ${took.toFixed(1)} s for ${USERS} users (${((took * 1000) / USERS).toFixed(2)} ms ` +
        `each), ${sent} digests stored; ${verdict} the ${TARGET_SECONDS} s target   load ${load()}`,
    );
  };
  await runAt('this week', new Date(), { fromScratch: true });
  await runAt('next week', new Date(Date.now() + WEEK_MS));
} finally {
  await app?.close();
  rmSync(dataDir, { recursive: true, force: true });
}
