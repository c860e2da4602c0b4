// Load and soak of the embedded profile through the HTTP API, with a realistic mix of requests.
// Build first (`npm run build:server`), then `node bench/load.mjs` (load), `node bench/load.mjs --soak` or
// `node bench/load.mjs --compare`.
// The built server (`node api/dist/main.js`, as `npm start` runs it) starts in a child process on
// loopback with a temporary data folder and the demo data (SEED left on), and autocannon drives it.
//   Load: LOAD_CONNECTIONS (default 100) connections for LOAD_SECONDS (default 60) s, as fast as they go.
//   Soak: SOAK_CONNECTIONS (default 10) connections at SOAK_RATE (default 100) requests/s in all for
//   SOAK_MINUTES (default 10), sampling the server's memory every SAMPLE_SECONDS (default 10) s.
//   Compare: the search calls against the listing, one after the other on the same server, each driven by
//   COMPARE_CONNECTIONS (default 50) connections for COMPARE_SECONDS (default 15) s: `GET /api/project`, the
//   project filtering call with 3 filters and `facets: true`, and the same call with free text (the judged
//   home-search queries, sent as the web app sends them, page 1 with facets), after COMPARE_WARM_UP_SECONDS
//   (default 5) s of each (free text with other texts, so each measured text is still read for the first
//   time once). Reports req/s, p50 and p99 of each, each search call's throughput as a share of the
//   listing's (targets 80 % and 70 %), and the server's CPU time per answer. `--profile DIR` writes the
//   server's CPU profile (`node --cpu-prof`) to DIR; `--only listing|filters|text` drives that call alone.
// Load and soak report latency percentiles, requests/s, errors and non-2xx answers by request kind and
// status, and the server's event-loop delay; the run exits non-zero on any failed request or, in a soak,
// growth.
// BENCH_DATA_PARENT picks where the temporary data folder goes (`/dev/shm` leaves the disk out).
// LOAD_USERS (default 20) accounts are signed up and shared by the connections. EMBEDDER_MODEL_PATH and
// EMBEDDER_MODEL are passed on; unset, the small static model kept beside the repository is used when
// present, so that nothing is fetched.
import autocannon from 'autocannon';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  filtersFrom,
  requestGenerator,
  LIST_FILTERS as SHARED_LIST_FILTERS,
} from './support/filtering-requests.mjs';
import { BUILT_SERVER, call, signUp, startServer } from './support/server.mjs';
import { processCpuMs } from './support/thread-cpu.mjs';

const bounded = (name, fallback, max) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0 || value > max)
    throw new Error(`${name} must be a number above 0 and at most ${max}`);
  return value;
};
const SOAK = process.argv.includes('--soak');
const COMPARE = process.argv.includes('--compare');
const profileAt = process.argv.indexOf('--profile');
const PROFILE_DIR = profileAt === -1 ? undefined : process.argv[profileAt + 1];
if (profileAt !== -1 && !PROFILE_DIR) throw new Error('--profile needs a folder');
const onlyAt = process.argv.indexOf('--only');
/** With `--compare`, `--only NAME` drives that call alone (listing, filters or text), e.g. to profile it. */
const ONLY = onlyAt === -1 ? undefined : process.argv[onlyAt + 1];
const LOAD_CONNECTIONS = bounded('LOAD_CONNECTIONS', 100, 1_000);
const LOAD_SECONDS = bounded('LOAD_SECONDS', 60, 3_600);
const SOAK_CONNECTIONS = bounded('SOAK_CONNECTIONS', 10, 1_000);
const SOAK_RATE = bounded('SOAK_RATE', 100, 100_000);
const SOAK_MINUTES = bounded('SOAK_MINUTES', 10, 24 * 60);
const SAMPLE_SECONDS = bounded('SAMPLE_SECONDS', 10, 600);
const COMPARE_CONNECTIONS = bounded('COMPARE_CONNECTIONS', 50, 1_000);
const COMPARE_SECONDS = bounded('COMPARE_SECONDS', 15, 3_600);
const COMPARE_WARM_UP_SECONDS = bounded('COMPARE_WARM_UP_SECONDS', 5, 600);
const USERS = bounded('LOAD_USERS', 20, 1_000);
/**
 * Every per-minute limit counts per client address, and every connection here comes from 127.0.0.1: the
 * scale lifts them (120 messages a minute becomes 120 000) far above what one address offers in the run.
 */
const RATE_LIMIT_SCALE = 1_000;
/** The search calls' throughput as a share of the listing's, at least. */
const COMPARE_TARGETS = { filters: 0.8, text: 0.7 };
const RUN_SECONDS = SOAK ? SOAK_MINUTES * 60 : COMPARE ? COMPARE_SECONDS * 3 : LOAD_SECONDS;
/** The whole run stops after this, whatever happens. */
const HARD_LIMIT_MS = (RUN_SECONDS + 180) * 1_000;
/** Growth after the first tenth of the soak above these, in MB per minute, is flagged. */
const HEAP_SLOPE_LIMIT = 0.5;
const RSS_SLOPE_LIMIT = 2;

// In the server: answers 'memory' with its memory use and its event loop's delay since the last answer
// ({ gc: true } first runs a full collection, so the heap figure is the live heap, not garbage waiting
// for the collector).
const MEMORY_PROBE =
  'import{monitorEventLoopDelay}from"node:perf_hooks";' +
  'const delay=monitorEventLoopDelay({resolution:10});delay.enable();' +
  'process.on("message",(m)=>{if(m?.probe!=="memory")return;' +
  'const loop={p99:delay.percentile(99)/1e6,max:delay.max/1e6};delay.reset();' +
  'if(m.gc)globalThis.gc?.();process.send({memory:process.memoryUsage(),loop})});';

let seed = 20_261_122;
const random = () => {
  seed = (seed * 1_664_525 + 1_013_904_223) >>> 0;
  return seed / 4_294_967_296;
};
const pickOne = (list) => list[Math.floor(random() * list.length)];
const pickSome = (list, most) => {
  const count = Math.min(list.length, 1 + Math.floor(random() * most));
  return [...list].sort(() => random() - 0.5).slice(0, count);
};

/** Every page of a listing, as the web app pages through it. */
const allPages = async (baseUrl, path, itemsKey, pagesKey) => {
  const first = await call(baseUrl, 'GET', `${path}?page=1`);
  const records = [...first[itemsKey]];
  for (let page = 2; page <= first[pagesKey]; page += 1)
    records.push(...(await call(baseUrl, 'GET', `${path}?page=${page}`))[itemsKey]);
  return { records, pages: first[pagesKey] };
};

// The shared filter lists, tools asked at a level (one below the record's) instead of by name alone.
const LIST_FILTERS = {
  ...SHARED_LIST_FILTERS,
  toolsExperience: (record) =>
    record.toolsExperience.map(({ tool, mep }) => ({ tool, mep: Math.max(1, mep - 1) })),
};

/** What a visitor picks in the filter panel: one to three filters, taken from a listing that exists. */
const filterBody = (records, teammates) => {
  const record = pickOne(records);
  const activeFilters = {};
  for (const key of pickSome(Object.keys(LIST_FILTERS), 3)) {
    const options = LIST_FILTERS[key](record);
    if (options.length > 0) activeFilters[key] = pickSome(options, 2);
  }
  if (teammates && random() < 0.3) activeFilters.requiredAvailability = { hours: 10, mode: 'At least' };
  return {
    activeFilters,
    filtering_restriction: random() < 0.7 ? 'min_1_match' : 'all_match',
    page: random() < 0.8 ? 1 : 2,
  };
};

/**
 * The request mix, in percent. Every request is valid whatever ran before it: saving an item already
 * saved, or forgetting one that is not, answers 200 as the first time does.
 */
const buildMix = ({ users, projects, teammates }) => {
  const json = { 'content-type': 'application/json' };
  const signedIn = (user) => ({ authorization: `Bearer ${user.token}` });
  const anyPage = (listing) => 1 + Math.floor(random() * listing.pages);
  return [
    [
      'list projects',
      20,
      (user) => ({ method: 'GET', path: `/api/project?page=${anyPage(projects)}`, headers: signedIn(user) }),
    ],
    ['list profiles', 15, () => ({ method: 'GET', path: `/api/teammates?page=${anyPage(teammates)}` })],
    [
      'filter projects',
      12,
      (user) => ({
        method: 'POST',
        path: '/api/project/traditional_filtering_all',
        headers: { ...json, ...signedIn(user) },
        body: JSON.stringify(filterBody(projects.records, false)),
      }),
    ],
    [
      'filter profiles',
      12,
      () => ({
        method: 'POST',
        path: '/api/teammate/traditional_filtering',
        headers: json,
        body: JSON.stringify(filterBody(teammates.records, true)),
      }),
    ],
    [
      'project detail',
      13,
      (user) => ({
        method: 'GET',
        path: `/api/project/${pickOne(projects.records)._id}`,
        headers: signedIn(user),
      }),
    ],
    [
      'profile detail',
      10,
      () => ({ method: 'GET', path: `/api/teammate/${pickOne(teammates.records)._id}` }),
    ],
    [
      'save / unsave',
      10,
      (user) => {
        const [kind, list] =
          random() < 0.5 ? ['projects', projects.records] : ['teammates', teammates.records];
        return {
          method: random() < 0.5 ? 'POST' : 'DELETE',
          path: `/api/user/${kind}/${pickOne(list)._id}`,
          headers: signedIn(user),
        };
      },
    ],
    [
      'send message',
      8,
      (user) => {
        let friend = pickOne(users);
        if (friend === user) friend = users[(users.indexOf(friend) + 1) % users.length];
        const body = { id: friend.id, message: `Hello from the load test, ${Math.floor(random() * 1e6)}` };
        return {
          method: 'POST',
          path: '/api/chat/sendMessage',
          headers: { ...json, ...signedIn(user) },
          body: JSON.stringify(body),
        };
      },
    ],
  ];
};

const readRssKb = (pid) => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) : NaN;
};

const askMemory = (child, gc) =>
  new Promise((resolve) => {
    const timer = setTimeout(() => resolve({}), 5_000);
    child.once('message', (answer) => {
      clearTimeout(timer);
      resolve(answer);
    });
    child.send({ probe: 'memory', gc });
  });

/** Least-squares slope of y over x. */
const slope = (points) => {
  const n = points.length;
  if (n < 2) return 0;
  const mx = points.reduce((sum, [x]) => sum + x, 0) / n;
  const my = points.reduce((sum, [, y]) => sum + y, 0) / n;
  const sxy = points.reduce((sum, [x, y]) => sum + (x - mx) * (y - my), 0);
  const sxx = points.reduce((sum, [x]) => sum + (x - mx) ** 2, 0);
  return sxx === 0 ? 0 : sxy / sxx;
};

const mb = (bytes) => bytes / 1_048_576;
const fixed = (value, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '-');
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

const JUDGED_QUERIES = JSON.parse(
  readFileSync(new URL('./quality/home-queries.json', import.meta.url), 'utf8'),
).queries;
/** The free-text queries of the judged home-search set, of projects: the measured texts. */
const PROJECT_TEXTS = JUDGED_QUERIES.filter((query) => query.kind === 'project').map((query) => query.text);
/** Its queries of skiller profiles: the warm-up's texts, so that each measured text is still read first. */
const WARM_UP_TEXTS = JUDGED_QUERIES.filter((query) => query.kind !== 'project').map((query) => query.text);

/**
 * The three calls of the comparison, each a request builder for one signed-in user's connections; free text
 * picks among `texts`.
 */
const compareCalls = (projects, texts = PROJECT_TEXTS) => {
  const json = { 'content-type': 'application/json' };
  const random = requestGenerator();
  const search = (body) => ({
    method: 'POST',
    path: '/api/project/traditional_filtering_all',
    headers: json,
    body: JSON.stringify(body),
  });
  return [
    {
      name: 'listing',
      label: 'GET /api/project',
      build: () => ({ method: 'GET', path: '/api/project?page=1' }),
    },
    {
      name: 'filters',
      label: '3 filters, facets',
      build: () =>
        search({
          activeFilters: filtersFrom(random, [pickOne(projects.records), pickOne(projects.records)], 3),
          filtering_restriction: 'min_1_match',
          page: 1,
          facets: true,
        }),
    },
    {
      name: 'text',
      label: 'free text, facets',
      build: () =>
        search({
          activeFilters: {},
          text: pickOne(texts),
          filtering_restriction: 'min_1_match',
          page: 1,
          facets: true,
        }),
    },
  ];
};

/**
 * Drives each call in turn with the same connections for the same time; true when every answer was 2xx.
 * Beside throughput, the server's CPU time per answer: on shared cores the server does not get all of its
 * time, so the CPU cost is the steadier comparison.
 */
const compare = async (server, user, projects) => {
  const { baseUrl, child } = server;
  const rows = [];
  let clean = true;
  const chosen = (texts) =>
    compareCalls(projects, texts).filter(({ name }) => ONLY === undefined || name === ONLY);
  const calls = chosen(PROJECT_TEXTS);
  if (calls.length === 0)
    throw new Error(`--only names one of: ${compareCalls(projects).map(({ name }) => name)}`);
  const signedIn = { authorization: `Bearer ${user.token}` };
  const drive = (build, seconds) =>
    autocannon({
      url: baseUrl,
      connections: COMPARE_CONNECTIONS,
      duration: seconds,
      timeout: 10,
      requests: [
        {
          setupRequest: (request) => {
            const built = build();
            return { ...request, ...built, headers: { ...built.headers, ...signedIn } };
          },
        },
      ],
    });
  // Every call once before any is measured: the first comes right after the start, while V8 still compiles
  // the request path and the start's own work may still run.
  for (const { build } of chosen(WARM_UP_TEXTS)) await drive(build, COMPARE_WARM_UP_SECONDS);
  for (const { name, label, build } of calls) {
    const cpuBefore = processCpuMs(child.pid);
    const result = await drive(build, COMPARE_SECONDS);
    const cpuPerAnswer = (processCpuMs(child.pid) - cpuBefore) / Math.max(1, result.requests.total);
    clean &&= result.errors === 0 && result.timeouts === 0 && result.non2xx === 0;
    rows.push({ name, label, result, cpuPerAnswer });
  }
  const listingRow = rows.find(({ name }) => name === 'listing');
  const listing = listingRow?.result.requests.average ?? NaN;
  const listingCpu = listingRow?.cpuPerAnswer ?? NaN;
  console.log(
    `\nCompare: ${COMPARE_CONNECTIONS} connections for ${COMPARE_SECONDS} s per call, one signed-in user, ` +
      `against the embedded profile on loopback. Load average after: ${load()}.\n`,
  );
  console.table(
    rows.map(({ name, label, result, cpuPerAnswer }) => ({
      call: label,
      'req/s': Math.round(result.requests.average),
      'p50 ms': result.latency.p50,
      'p99 ms': result.latency.p99,
      'of the listing': name === 'listing' ? '' : `${Math.round((result.requests.average / listing) * 100)}%`,
      target: COMPARE_TARGETS[name] ? `${COMPARE_TARGETS[name] * 100}%` : '',
      'server CPU ms/answer': fixed(cpuPerAnswer, 2),
      'listing CPU / its CPU': name === 'listing' ? '' : `${Math.round((listingCpu / cpuPerAnswer) * 100)}%`,
      'non-2xx': result.non2xx + result.errors + result.timeouts,
    })),
  );
  const missed = rows.filter(
    ({ name, result }) => COMPARE_TARGETS[name] && result.requests.average < COMPARE_TARGETS[name] * listing,
  );
  console.log(
    !listingRow
      ? 'Without the listing there is no share to compare.'
      : missed.length === 0
        ? 'Both search calls reach their share of the listing.'
        : `Below target: ${missed.map(({ label }) => label).join(', ')}.`,
  );
  if (!clean) console.log('Some requests failed: see the non-2xx column.');
  return clean;
};

const main = async () => {
  if (!existsSync(BUILT_SERVER))
    throw new Error(`${BUILT_SERVER} is missing: run "npm run build:server" first.`);
  const dataDir = mkdtempSync(join(process.env.BENCH_DATA_PARENT ?? tmpdir(), 'skillers-bench-load-'));
  const startedAt = Date.now();
  const server = await startServer(dataDir, {
    nodeArgs: [
      '--expose-gc',
      ...(PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : []),
      '--import',
      `data:text/javascript,${encodeURIComponent(MEMORY_PROBE)}`,
    ],
    ipc: true,
    env: {
      RATE_LIMIT_SCALE: String(RATE_LIMIT_SCALE),
      // Every user may write to every other one: the mix starts up to LOAD_USERS - 1 conversations each.
      FIRST_CONTACTS_PER_DAY: String(Math.max(20, USERS)),
    },
  });
  const { child, baseUrl } = server;
  const guard = setTimeout(() => {
    console.error(`Stopped: the run took longer than ${HARD_LIMIT_MS / 1_000} s.`);
    child.kill('SIGKILL');
    process.exit(1);
  }, HARD_LIMIT_MS);
  try {
    const users = [];
    for (let index = 0; index < (COMPARE ? 1 : USERS); index += 1)
      users.push(await signUp(baseUrl, `loaduser${index}`));
    const projects = await allPages(baseUrl, '/api/project', 'projects', 'projectsPages');
    const teammates = await allPages(baseUrl, '/api/teammates', 'teammates', 'teammatesPages');
    console.log(
      `Server up in ${((Date.now() - startedAt) / 1_000).toFixed(1)} s with ${projects.records.length} projects, ` +
        `${teammates.records.length} profiles; ${users.length} load accounts. Load average before: ${load()}.`,
    );
    if (COMPARE) {
      process.exitCode = (await compare(server, users[0], projects)) ? 0 : 1;
      return;
    }

    const mix = buildMix({ users, projects, teammates });
    const totalWeight = mix.reduce((sum, [, weight]) => sum + weight, 0);
    const perKind = new Map(mix.map(([name]) => [name, { sent: 0, statuses: new Map() }]));
    const pickKind = () => {
      let roll = random() * totalWeight;
      for (const entry of mix) {
        roll -= entry[1];
        if (roll < 0) return entry;
      }
      return mix.at(-1);
    };

    const connections = SOAK ? SOAK_CONNECTIONS : LOAD_CONNECTIONS;
    const instance = autocannon({
      url: baseUrl,
      connections,
      duration: RUN_SECONDS,
      ...(SOAK && { overallRate: SOAK_RATE }),
      timeout: 10,
      requests: [
        {
          // autocannon gives each request a fresh context; it carries the kind to the answer.
          setupRequest: (request, context) => {
            const [name, , build] = pickKind();
            context.kind = name;
            perKind.get(name).sent += 1;
            return { ...request, ...build(pickOne(users)) };
          },
          onResponse: (status, _body, context) => {
            const { statuses } = perKind.get(context.kind);
            statuses.set(status, (statuses.get(status) ?? 0) + 1);
          },
        },
      ],
    });

    // Memory and event-loop delay every SAMPLE_SECONDS; the soak collects garbage before each reading.
    const samples = [];
    const runStart = Date.now();
    const sample = async () => {
      const { memory, loop } = await askMemory(child, SOAK);
      samples.push({
        minutes: (Date.now() - runStart) / 60_000,
        rssMb: readRssKb(child.pid) / 1_024,
        heapMb: memory ? mb(memory.heapUsed) : NaN,
        loopP99: loop?.p99 ?? NaN,
        loopMax: loop?.max ?? NaN,
        loadavg: loadavg()[0],
      });
    };
    await sample();
    const sampler = setInterval(sample, SAMPLE_SECONDS * 1_000);
    const perSecond = [];
    instance.on('tick', ({ counter }) => perSecond.push(counter));
    const result = await instance;
    clearInterval(sampler);
    await sample();
    const endRssMb = readRssKb(child.pid) / 1_024;

    console.log(
      `\n${SOAK ? 'Soak' : 'Load'}: ${connections} connections for ${RUN_SECONDS} s` +
        `${SOAK ? ` at ${SOAK_RATE} requests/s` : ''} against the embedded profile on loopback.` +
        ` Load average after: ${load()}.\n`,
    );
    const kindRows = [...perKind].map(([name, { sent, statuses }]) => {
      const codes = [...statuses].sort(([a], [b]) => a - b);
      const ok = codes
        .filter(([code]) => code >= 200 && code < 300)
        .reduce((sum, [, count]) => sum + count, 0);
      return {
        request: name,
        share: `${Math.round((sent / Math.max(1, result.requests.sent)) * 100)}%`,
        answered: codes.reduce((sum, [, count]) => sum + count, 0),
        '2xx': ok,
        'other statuses': codes
          .filter(([code]) => code < 200 || code >= 300)
          .map(([code, count]) => `${code}: ${count}`)
          .join(', '),
      };
    });
    console.table(kindRows);
    const non2xxByStatus = Object.entries(result.statusCodeStats ?? {})
      .filter(([code]) => !code.startsWith('2'))
      .map(([code, { count }]) => `${code}: ${count}`)
      .join(', ');
    console.table([
      {
        'req/s': Math.round(result.requests.average),
        requests: result.requests.total,
        'p50 ms': result.latency.p50,
        'p90 ms': result.latency.p90,
        'p99 ms': result.latency.p99,
        'p99.9 ms': result.latency.p99_9,
        'max ms': result.latency.max,
        errors: result.errors,
        timeouts: result.timeouts,
        non2xx: result.non2xx,
        'server RSS MB': fixed(endRssMb),
      },
    ]);
    if (non2xxByStatus) console.log(`Non-2xx by status: ${non2xxByStatus}`);
    const answered = perSecond.slice(1, -1);
    // The first reading, taken as the load starts, covers the server's start-up (seeding, building the index,
    // the label vectors) and the sign-ups: no request of the run waited on it.
    const underLoad = samples.slice(1);
    console.log(
      `Answers per second: lowest ${answered.length ? Math.min(...answered) : '-'}, highest ` +
        `${answered.length ? Math.max(...answered) : '-'}; server event-loop delay under load: worst p99 over ` +
        `${SAMPLE_SECONDS} s ${fixed(Math.max(...underLoad.map((s) => s.loopP99)))} ms, max ` +
        `${fixed(Math.max(...underLoad.map((s) => s.loopMax)))} ms (start-up and sign-ups before the load: ` +
        `p99 ${fixed(samples[0].loopP99)} ms, max ${fixed(samples[0].loopMax)} ms).`,
    );

    let flat = true;
    if (SOAK) {
      const perMinute = samples.filter(
        (_, index) => index % Math.max(1, Math.round(60 / SAMPLE_SECONDS)) === 0,
      );
      console.table(
        perMinute.map((s) => ({
          minute: fixed(s.minutes),
          'RSS MB': fixed(s.rssMb),
          'heap MB': fixed(s.heapMb),
          'loop p99 ms': fixed(s.loopP99),
          'load 1 min': fixed(s.loadavg, 2),
        })),
      );
      const settled = samples.filter((s) => s.minutes >= SOAK_MINUTES / 10);
      const rssSlope = slope(settled.map((s) => [s.minutes, s.rssMb]));
      const heapSlope = slope(settled.map((s) => [s.minutes, s.heapMb]));
      const stat = (key) => {
        const values = samples.map((s) => s[key]);
        return { start: values[0], end: values.at(-1), max: Math.max(...values) };
      };
      const rss = stat('rssMb');
      const heap = stat('heapMb');
      flat = rssSlope <= RSS_SLOPE_LIMIT && heapSlope <= HEAP_SLOPE_LIMIT;
      console.log(
        `Memory over ${samples.length} samples: RSS start ${fixed(rss.start)} MB, end ${fixed(rss.end)} MB, max ${fixed(rss.max)} MB, ` +
          `slope ${fixed(rssSlope, 2)} MB/min after the first tenth; heap after GC start ${fixed(heap.start)} MB, ` +
          `end ${fixed(heap.end)} MB, max ${fixed(heap.max)} MB, slope ${fixed(heapSlope, 2)} MB/min. ` +
          (flat
            ? 'Flat.'
            : `GROWING (limits ${RSS_SLOPE_LIMIT} MB/min RSS, ${HEAP_SLOPE_LIMIT} MB/min heap).`),
      );
    }
    const clean = result.errors === 0 && result.timeouts === 0 && result.non2xx === 0;
    console.log(clean ? 'Every request answered 2xx.' : 'Some requests failed: see the counts above.');
    process.exitCode = clean && flat ? 0 : 1;
  } finally {
    clearTimeout(guard);
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
};

await main();
