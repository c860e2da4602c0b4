// Listing throughput while others embed text: does POST /embedder/embed slow down everyone else?
// Build first (`npm run build:server`), then `node bench/embed-contention.mjs` (`--quick` for a short check).
// The built server (`node api/dist/main.js`, as `npm start` runs it) starts in a child process on loopback
// with a temporary data folder, the demo data and the real limits (RATE_LIMIT_SCALE=1). autocannon then
// drives `GET /api/project?page=N` with LISTING_CONNECTIONS (default 20) connections for PHASE_SECONDS
// (default 30) s in each of three phases:
//   idle:       nothing else runs;
//   anonymous:  EMBED_LOOPS (default 4) loops post the largest call a visitor may send (8 texts of 2000
//               characters), each as soon as the last is answered, from one address;
//   signed in:  EMBED_LOOPS loops, one user each, post the largest call a user may send (16 texts of 2000
//               characters, 32 000 in all), each as soon as the last is answered.
// It prints requests/s and latency percentiles of the listing in each phase, its change from idle, and the
// embed calls answered (200) and refused (429) per loop phase. The target is a listing within 20 % of idle.
// EMBEDDER_MODEL_PATH and EMBEDDER_MODEL are passed on; unset, the small static model kept beside the
// repository is used when present, so that nothing is fetched (set EMBEDDER_MODEL_PATH to a folder holding
// Xenova/all-MiniLM-L6-v2 for the default model's figures).
import autocannon from 'autocannon';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUILT_SERVER, call, startServer } from './support/server.mjs';
import { wholeNumberSetting } from './support/settings.mjs';

const QUICK = process.argv.includes('--quick');
const PHASE_SECONDS = wholeNumberSetting('PHASE_SECONDS', QUICK ? 3 : 30, 3_600);
const LISTING_CONNECTIONS = wholeNumberSetting('LISTING_CONNECTIONS', QUICK ? 5 : 20, 1_000);
const EMBED_LOOPS = wholeNumberSetting('EMBED_LOOPS', QUICK ? 2 : 4, 100);
/** The listing may lose this share of its idle throughput under an embed loop. */
const TARGET_LOSS = 0.2;
/** The caps of POST /embedder/embed (docs/api.md). */
const ANONYMOUS_TEXTS = 8;
const SIGNED_IN_TEXTS = 16;
const TEXT_LENGTH = 2_000;

const signUp = async (baseUrl, n) => {
  const name = `embedder${n}`;
  // Sign-ups and logins are limited per address: each user comes from an address of its own.
  const from = { 'x-forwarded-for': `198.51.100.${n + 1}` };
  const user = { username: name, email: `${name}@example.com`, password: 'bench-password' };
  for (const [path, body] of [
    ['/api/auth/signup', user],
    ['/api/auth/login', { email: user.email, password: user.password }],
  ]) {
    const response = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...from },
      body: JSON.stringify(body),
    });
    const answer = await response.json();
    if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${answer.message}`);
    if (answer.token) return answer.token;
  }
  throw new Error('no token');
};

/** `count` texts as long as a call may carry, different on every call so nothing can be reused. */
let textCounter = 0;
const texts = (count) =>
  Array.from({ length: count }, () => {
    textCounter += 1;
    return `call ${textCounter}: ${'designer and developer for a climate startup, '.repeat(50)}`.slice(
      0,
      TEXT_LENGTH,
    );
  });

/** Posts embed calls one after another until `stop()`; counts answers by status. */
const embedLoop = (baseUrl, { token, address, count }) => {
  const statuses = {};
  let running = true;
  const done = (async () => {
    while (running) {
      const response = await fetch(`${baseUrl}/embedder/embed`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': address,
          ...(token && { authorization: `Bearer ${token}` }),
        },
        body: JSON.stringify({ texts: texts(count) }),
      });
      await response.arrayBuffer();
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
      // A refused caller does not wait for Retry-After: it keeps asking, as an abuser would.
    }
  })();
  return {
    statuses,
    stop: async () => {
      running = false;
      await done;
    },
  };
};

const listing = (baseUrl, pages) =>
  autocannon({
    url: baseUrl,
    connections: LISTING_CONNECTIONS,
    duration: PHASE_SECONDS,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => ({
          ...request,
          path: `/api/project?page=${1 + Math.floor(Math.random() * pages)}`,
        }),
      },
    ],
  });

const summary = (result) => ({
  requestsPerSecond: result.requests.average,
  p50: result.latency.p50,
  p99: result.latency.p99,
  errors: result.errors + result.timeouts,
  non2xx: result.non2xx,
});

const main = async () => {
  if (!existsSync(BUILT_SERVER)) throw new Error('Build first: npm run build:server');
  const dataDir = mkdtempSync(join(tmpdir(), 'skillers-embed-contention-'));
  const { child, baseUrl } = await startServer(dataDir, {
    env: { RATE_LIMIT_SCALE: '1', TRUST_PROXY: 'loopback' },
  });
  try {
    const first = await call(baseUrl, 'GET', '/api/project?page=1');
    const pages = Math.max(1, first.projectsPages);
    // The model loads in the background from start: wait for it, so no phase times its loading.
    for (let tries = 0; !(await fetch(`${baseUrl}/embedder/health`)).ok; tries += 1) {
      if (tries > 600) throw new Error('the embedding model did not load');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const tokens = await Promise.all(Array.from({ length: EMBED_LOOPS }, (_, n) => signUp(baseUrl, n)));
    console.log(
      `listing: ${LISTING_CONNECTIONS} connections, ${PHASE_SECONDS} s a phase, ${pages} pages of projects; ` +
        `${EMBED_LOOPS} embed loops`,
    );

    const phases = [
      ['idle', () => []],
      [
        `anonymous loop (${ANONYMOUS_TEXTS} texts × ${TEXT_LENGTH} chars)`,
        () =>
          Array.from({ length: EMBED_LOOPS }, () =>
            embedLoop(baseUrl, { address: '203.0.113.7', count: ANONYMOUS_TEXTS }),
          ),
      ],
      [
        `signed-in loop (${SIGNED_IN_TEXTS} texts × ${TEXT_LENGTH} chars)`,
        () =>
          tokens.map((token, n) =>
            embedLoop(baseUrl, { token, address: `203.0.113.${20 + n}`, count: SIGNED_IN_TEXTS }),
          ),
      ],
    ];
    const rows = [];
    let idle;
    for (const [name, startLoops] of phases) {
      const loops = startLoops();
      const result = summary(await listing(baseUrl, pages));
      await Promise.all(loops.map((loop) => loop.stop()));
      idle ??= result.requestsPerSecond;
      const embeds = {};
      for (const loop of loops)
        for (const [status, count] of Object.entries(loop.statuses))
          embeds[status] = (embeds[status] ?? 0) + count;
      rows.push({
        phase: name,
        'listing req/s': Math.round(result.requestsPerSecond),
        'vs idle': `${Math.round((result.requestsPerSecond / idle - 1) * 100)} %`,
        'p50 ms': result.p50,
        'p99 ms': result.p99,
        'errors + non-2xx': result.errors + result.non2xx,
        'embed answers': loops.length === 0 ? '-' : JSON.stringify(embeds),
        'within 20 %': result.requestsPerSecond >= idle * (1 - TARGET_LOSS) ? 'yes' : 'no',
      });
    }
    console.table(rows);
    if (rows.some((row) => row['errors + non-2xx'] > 0)) process.exitCode = 1;
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
