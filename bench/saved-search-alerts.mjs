// Saved-search alerts: embedded indexing throughput (records per second through the `index-record` job:
// read from SQLite, map, write to the embedded index, then match the saved searches, record matches and notify) with
// no alerts (as before saved searches existed), with 0 saved searches and with 10 000, in one run, and the
// ratio of the last to the first (target: at least 0.8, i.e. within 20 %). The alerts run on their own thread
// as in the embedded API; the same alerts in the indexing thread, and the matching alone there, show where
// the time goes. Each row also prints the process's CPU time (every thread), so the cost of the alerts shows
// even where a second core hides it from the throughput.
// The two rows the ratio compares run in turn `--repeats` times (default 5) and their medians are compared,
// since one pass takes about a second and two in a row can differ by a fifth on a two-core machine.
// Build first (`npm run build:server`), then `node bench/saved-search-alerts.mjs [--records N]
// [--searches N] [--repeats N] [--quick]` (default 4000 records, half projects and half profiles, and 10 000
// searches; --quick runs 300 records, twice). Records come from the demo generator; searches are drawn from the stored
// listings' own labels (1-3 filters of 1-2 labels, a fifth with a word of free text, some all_match,
// must-have or number filters), so they are shaped like searches people keep: they find things.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { threadCpuMs, threadIds } from './support/thread-cpu.mjs';

const require = createRequire(import.meta.url);
const {
  BatchingAlerts,
  INDEX_RECORD_JOB,
  indexRecordHandler,
  indexRecordJobId,
  savedSearchAlerts,
  storedAndPushedAlerts,
  ThreadedSavedSearchAlerts,
  UNAWAITED_ALERT_BATCHING,
} = require('@skillers/indexing');
const { seedDatabase } = require('@skillers/demo-data');
const { InMemorySavedSearchMatcher, EmbeddedSearchIndex } = require('@skillers/search');
const { COLLECTIONS, newId, openRecordStore } = require('@skillers/store');
const { openJobQueue } = require('@skillers/queue');

const flag = (name) => process.argv.includes(name);
const option = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at === -1 ? fallback : Number(process.argv[at + 1]);
};
const RECORDS = flag('--quick') ? 300 : option('--records', 4000);
const SEARCHES = option('--searches', 10_000);
const REPEATS = Math.max(1, option('--repeats', flag('--quick') ? 2 : 5));
/** Any argon2 hash will do: nobody signs in. */
const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA';

/** mulberry32: the searches are the same on every run. */
const random = (() => {
  let state = 0x5eed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
})();
const pick = (list) => list[Math.floor(random() * list.length)];
const some = (list, max) => [
  ...new Set(Array.from({ length: 1 + Math.floor(random() * max) }, () => pick(list))),
];

/** A record's labels under the filtering call's keys. */
const labelsOf = (record) => {
  const labels = {
    toolsExperience: (record.toolsExperience ?? []).map((entry) => entry.tool),
    projectType: record.projectType ?? [],
    productType: record.productType ?? [],
    offeredGratification: record.offeredGratification ?? [],
    forGratification: record.forGratification ?? [],
    softSkills: record.softSkills ?? [],
    hardSkills: record.hardSkills ?? [],
    requiredAreaOfExpertise: record.areaOfExpertise ?? [],
    usedLanguages: record.usedLanguages ?? [],
    locations: record.locations ?? [],
    offeredWorkingType: [record.workingTypeRemote && 'Remote', record.workingTypeOffice && 'Office'].filter(
      Boolean,
    ),
  };
  return Object.entries(labels).filter(([, list]) => list.length > 0);
};

const WORD = /[a-z]{6,}/g;

/** Filters from long option lists, which a kept search narrows on; the short lists only come beside them. */
const NARROW = ['toolsExperience', 'locations', 'requiredAreaOfExpertise', 'hardSkills', 'softSkills'];

/**
 * A search shaped after one stored listing, as a person who found it would have kept it for alerts: two
 * of its filters from long option lists and maybe one more of any kind, mostly one label each.
 */
const searchLike = (kind, record) => {
  const labels = labelsOf(record);
  const narrow = labels.filter(([key]) => NARROW.includes(key));
  const chosenKeys = new Set(
    some(
      narrow.map(([key]) => key),
      2,
    ),
  );
  if (narrow.length > 1) while (chosenKeys.size < 2) chosenKeys.add(pick(narrow)[0]);
  if (random() < 0.5) chosenKeys.add(pick(labels)[0]);
  const filters = {};
  for (const [key, list] of labels.filter(([key]) => chosenKeys.has(key))) {
    const chosen = some(list, random() < 0.3 ? 2 : 1);
    filters[key] =
      key === 'toolsExperience'
        ? chosen.map((tool) => ({ tool, mep: 1 + Math.floor(random() * 3) }))
        : chosen;
  }
  const search = {
    _id: newId(),
    ownerId: newId(),
    kind,
    name: 'Bench search',
    filters,
    restriction: random() < 0.15 ? 'all_match' : 'min_1_match',
    alerts: random() < 0.8,
    lastViewedAt: new Date().toISOString(),
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
  };
  const [firstKey] = Object.keys(filters);
  if (firstKey && firstKey !== 'toolsExperience' && random() < 0.1) {
    search.mustHave = { [firstKey]: [filters[firstKey][0]] };
  }
  if (random() < 0.1) filters.bizOrTech = 10 + Math.floor(random() * 80);
  const words = `${record.description ?? ''} ${record.projectName ?? record.nickname ?? ''}`
    .toLowerCase()
    .match(WORD);
  if (words && random() < 0.2) search.text = pick(words);
  if (Object.keys(filters).length === 0 && !search.text) filters.projectType = ['Start Up'];
  return search;
};

const run = async (store, jobs, { name, searches, matchOnly, inThread }) => {
  const index = EmbeddedSearchIndex.create();
  const queue = openJobQueue({ concurrency: 1 });
  let onIndexed;
  let batches;
  let thread;
  let alertsThread = [];
  if (searches && (matchOnly || inThread || searches.length === 0)) {
    const matcher = new InMemorySavedSearchMatcher();
    for (const search of searches) await matcher.put(search);
    if (matchOnly) onIndexed = async (doc) => void (await matcher.match(doc));
    else {
      // The alerts in the indexing thread, as the cluster's index worker and a non-SQLite store run them.
      batches = new BatchingAlerts(
        savedSearchAlerts(
          store,
          matcher,
          storedAndPushedAlerts(
            store,
            () => undefined,
            () => false,
          ),
        ),
      );
    }
  } else if (searches) {
    // As the embedded API does: the alerts on their own thread, which loads the searches from the store
    // (where the bench put them).
    const before = new Set(threadIds());
    thread = new ThreadedSavedSearchAlerts({ sqliteFile: store.sqliteFile });
    await thread.load();
    // The thread's own id is the one that was not there before it started.
    alertsThread = threadIds().filter((id) => !before.has(id));
    batches = new BatchingAlerts(thread.record, UNAWAITED_ALERT_BATCHING);
  }
  if (batches) {
    // Not awaited by the job, as in the embedded API.
    onIndexed = (doc) => {
      void batches.add(doc);
      return Promise.resolve();
    };
  }
  queue.register(INDEX_RECORD_JOB, indexRecordHandler(store, index, undefined, undefined, onIndexed));
  for (const payload of jobs)
    await queue.enqueue(INDEX_RECORD_JOB, payload, { jobId: indexRecordJobId(payload) });
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  // The main thread's id is the process id.
  const mainBefore = threadCpuMs([process.pid]);
  const alertsBefore = threadCpuMs(alertsThread);
  await queue.start();
  await queue.drain();
  // The alerts of the last records are part of the work.
  await batches?.drain();
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  const perRecord = (after, before) =>
    after === undefined || before === undefined ? undefined : ((after - before) * 1000) / jobs.length;
  const mainUs = perRecord(threadCpuMs([process.pid]), mainBefore);
  const alertsUs = perRecord(threadCpuMs(alertsThread), alertsBefore);
  const { failed } = await queue.stats();
  await queue.close();
  await thread?.close();
  // Every match is kept in its record's hits row; a search's matches share one alert until it is read.
  const hits = await store.collection(COLLECTIONS.savedSearchHits).find({});
  const matches = hits.reduce(
    (sum, row) => sum + row.hits.reduce((inRow, group) => inRow + group.searchIds.length, 0),
    0,
  );
  const notifications = await store.collection(COLLECTIONS.notifications).count({});
  await store.collection(COLLECTIONS.savedSearchHits).deleteMany({});
  await store.collection(COLLECTIONS.notifications).deleteMany({});
  return {
    name,
    seconds,
    cpuSeconds,
    mainUs,
    alertsUs,
    perSecond: jobs.length / seconds,
    failed,
    matches,
    notifications,
  };
};

const main = async () => {
  const folder = mkdtempSync(join(tmpdir(), 'skillers-bench-alerts-'));
  const store = await openRecordStore({ dataDir: folder });
  try {
    const half = Math.ceil(RECORDS / 2);
    await seedDatabase(store, { users: half, projects: half, teammates: half, seed: 42, passwordHash: HASH });
    await store.ensureIndexes(Object.values(COLLECTIONS));
    const projects = await store.collection(COLLECTIONS.projects).find({});
    const teammates = await store.collection(COLLECTIONS.teammates).find({});
    const jobs = [
      ...projects.map((record) => ({ kind: 'project', id: record._id })),
      ...teammates.map((record) => ({ kind: 'teammate', id: record._id })),
    ];
    const searches = Array.from({ length: SEARCHES }, () =>
      random() < 0.5 ? searchLike('project', pick(projects)) : searchLike('teammate', pick(teammates)),
    );
    await store.collection(COLLECTIONS.savedSearches).insertMany(searches);
    console.log(
      `Indexing ${jobs.length} records (embedded: SQLite, the embedded index, in-process queue, one job at a time); ` +
        `load average ${loadavg()[0].toFixed(2)}`,
    );
    // One untimed pass warms the process up (code compiled, caches filled); then the rows the ratio compares
    // run in turn, so that what warming is left and the machine's moods fall on both alike.
    await run(store, jobs, { name: 'warm-up' });
    const baselines = [];
    const threaded = [];
    for (let repeat = 0; repeat < REPEATS; repeat++) {
      baselines.push(await run(store, jobs, { name: 'no alerts' }));
      threaded.push(await run(store, jobs, { name: `${SEARCHES} searches`, searches }));
    }
    const results = [
      ...baselines,
      await run(store, jobs, { name: '0 searches', searches: [] }),
      ...threaded,
      // Where the time goes: the same alerts in the indexing thread, and the matching alone there.
      await run(store, jobs, { name: 'same, one thread', searches, inThread: true }),
      await run(store, jobs, { name: 'matching only', searches, matchOnly: true }),
    ];
    const micros = (value) => (value === undefined ? 'n/a' : `${value.toFixed(0)} µs`);
    for (const {
      name,
      seconds,
      cpuSeconds,
      mainUs,
      alertsUs,
      perSecond,
      failed,
      matches,
      notifications,
    } of results) {
      // Only the threaded row has an alerts thread.
      const threads =
        `main thread ${micros(mainUs)}` +
        (alertsUs === undefined ? '' : `, alerts thread ${micros(alertsUs)}`);
      console.log(
        `${name.padEnd(16)} ${perSecond.toFixed(0).padStart(6)} records/s (${seconds.toFixed(2)} s, ` +
          `${cpuSeconds.toFixed(2)} s of CPU; per record ${threads}; ` +
          `${matches} matches, ${notifications} notifications, ${failed} failed)`,
      );
    }
    const median = (rows, read) => {
      const sorted = rows.map(read).sort((a, b) => a - b);
      const middle = sorted.length >> 1;
      return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    };
    const baseline = median(baselines, (row) => row.perSecond);
    const withAlerts = median(threaded, (row) => row.perSecond);
    const ratio = withAlerts / baseline;
    console.log(
      `medians of ${REPEATS}: no alerts ${baseline.toFixed(0)} records/s (main thread ` +
        `${micros(median(baselines, (row) => row.mainUs))}), ${SEARCHES} searches ${withAlerts.toFixed(0)} ` +
        `records/s (main thread ${micros(median(threaded, (row) => row.mainUs))}, alerts thread ` +
        `${micros(median(threaded, (row) => row.alertsUs))})`,
    );
    console.log(
      `${SEARCHES} saved searches: ${(ratio * 100).toFixed(0)} % of the throughput without alerts ` +
        `(target: at least 80 %) ${ratio >= 0.8 ? 'met' : 'MISSED'}; ` +
        `${(threaded[0].matches / jobs.length).toFixed(2)} matches per record`,
    );
  } finally {
    await store.close();
    rmSync(folder, { recursive: true, force: true });
  }
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
