// Does one signed-in socket that floods the server slow everyone else? Build first (`npm run build:server`),
// then `node bench/socket-flood.mjs` (`--quick` for a short check).
// The built server (`node api/dist/main.js`, as `npm start` runs it) starts in a child process on loopback
// with a temporary data folder, the demo data and the real limits (RATE_LIMIT_SCALE=1). LISTING_CLIENTS
// (default 2) clients then call `GET /api/project?page=N` one request after another for PHASE_SECONDS
// (default 20) s in each of two phases:
//   idle:     nothing else runs;
//   flooded:  one signed-in user's socket, in a child process of its own at nice +10 (FLOOD_NICE; on a
//             busy machine a niced flood gets little CPU and so sends little), sends as fast as it
//             can, in turn, `join` of its conversation, `chat` of 2000 characters into it and events of
//             names the server does not know; disconnected, it tries to connect again every 10 ms and
//             goes on, as an abuser would.
// It prints the listing's requests/s, p50 and p99 per phase, what the flood sent and how often it was
// disconnected, and whether the flooded p99 is within 2× of idle (the target; the exit code says so too).
import { fork } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { io } from 'socket.io-client';
import { BUILT_SERVER, call, signUp, startServer } from './support/server.mjs';
import { wholeNumberSetting } from './support/settings.mjs';

const QUICK = process.argv.includes('--quick');
const PHASE_SECONDS = wholeNumberSetting('PHASE_SECONDS', QUICK ? 4 : 20, 600);
const LISTING_CLIENTS = wholeNumberSetting('LISTING_CLIENTS', 2, 50);
/** The flooded p99 may be at most this many times the idle one. */
const TARGET_RATIO = 2;
const FLOOD_NICE = Number(process.env.FLOOD_NICE ?? 10);
if (!Number.isInteger(FLOOD_NICE) || FLOOD_NICE < 0 || FLOOD_NICE > 19)
  throw new Error('FLOOD_NICE must be a whole number from 0 to 19');
const CHAT_TEXT = 'x'.repeat(2_000);
/** Events emitted per turn of the flood's loop; it yields between turns so its socket can write. */
const FLOOD_BATCH = 300;
/** The flood waits while this much is still unsent, so it floods the server, not its own memory. */
const FLOOD_BUFFERED_BYTES = 4 * 1024 * 1024;

/** In the child: flood the server over one socket, reconnecting whenever it is closed, until told to stop. */
const flood = ({ baseUrl, token, room }) => {
  const counts = {
    sent: 0,
    connections: 0,
    closedByServer: 0,
    refusals: 0,
    closingReasons: {},
    refusedHandshakes: 0,
  };
  let stopping = false;
  let socket;
  let sequence = 0;
  const buffered = () => socket?.io.engine?.transport?.ws?.bufferedAmount ?? 0;
  const turn = () => {
    if (stopping || !socket?.connected) return;
    if (buffered() > FLOOD_BUFFERED_BYTES) return void setTimeout(turn, 1);
    for (let n = 0; n < FLOOD_BATCH; n += 3) {
      sequence += 1;
      socket.emit('join', room);
      socket.emit('chat', { room, text: CHAT_TEXT });
      socket.emit(`made-up-${sequence}`, sequence);
    }
    counts.sent += FLOOD_BATCH;
    setImmediate(turn);
  };
  const open = () => {
    if (stopping) return;
    socket = io(baseUrl, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token },
      reconnection: false,
      forceNew: true,
    });
    socket.on('connect', () => {
      counts.connections += 1;
      turn();
    });
    socket.on('exception', ({ event, message }) => {
      counts.refusals += 1;
      if (event === 'budget' && message.includes('closed'))
        counts.closingReasons[message] = (counts.closingReasons[message] ?? 0) + 1;
    });
    socket.on('connect_error', () => {
      counts.refusedHandshakes += 1;
      setTimeout(open, 10);
    });
    socket.on('disconnect', (reason) => {
      if (reason === 'io server disconnect') counts.closedByServer += 1;
      setImmediate(open);
    });
  };
  process.on('message', (message) => {
    if (message !== 'stop') return;
    stopping = true;
    socket?.close();
    process.send(counts, () => process.exit(0));
  });
  open();
};

const startFlood = (flooder) =>
  new Promise((resolve, reject) => {
    const child = fork(new URL(import.meta.url).pathname, ['flood', JSON.stringify(flooder)], {
      stdio: 'inherit',
    });
    child.once('spawn', () => {
      // Below the server and the listing clients: what is measured is what the server does with the
      // flood's events, not the flood client taking a core from them.
      setPriority(child.pid, FLOOD_NICE);
      resolve(child);
    });
    child.once('error', reject);
  });

const stopFlood = (child) =>
  new Promise((resolve) => {
    child.once('message', resolve);
    child.send('stop');
  });

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];

/** LISTING_CLIENTS loops of `GET /api/project?page=N`, one request at a time each, for the phase. */
const listing = async (baseUrl, pages) => {
  const latencies = [];
  let errors = 0;
  const until = performance.now() + PHASE_SECONDS * 1_000;
  await Promise.all(
    Array.from({ length: LISTING_CLIENTS }, async () => {
      while (performance.now() < until) {
        const page = 1 + Math.floor(Math.random() * pages);
        const started = performance.now();
        const response = await fetch(`${baseUrl}/api/project?page=${page}`);
        await response.arrayBuffer();
        latencies.push(performance.now() - started);
        if (!response.ok) errors += 1;
      }
    }),
  );
  const sorted = Float64Array.from(latencies).sort();
  return {
    requestsPerSecond: latencies.length / PHASE_SECONDS,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    errors,
  };
};

const main = async () => {
  if (!existsSync(BUILT_SERVER)) throw new Error('Build first: npm run build:server');
  const dataDir = mkdtempSync(join(tmpdir(), 'skillers-socket-flood-'));
  const { child, baseUrl, output } = await startServer(dataDir, { env: { RATE_LIMIT_SCALE: '1' } });
  let flooder;
  try {
    const first = await call(baseUrl, 'GET', '/api/project?page=1');
    const pages = Math.max(1, first.projectsPages);
    const [noisy, friend] = [await signUp(baseUrl, 'floodnoisy'), await signUp(baseUrl, 'floodfriend')];
    const { message } = await call(
      baseUrl,
      'POST',
      '/api/chat/sendMessage',
      { id: friend.id, message: 'hi' },
      noisy.token,
    );
    console.log(
      `listing: ${LISTING_CLIENTS} clients one request at a time, ${PHASE_SECONDS} s a phase, ${pages} pages ` +
        `of projects; flood: one socket at nice +${FLOOD_NICE}, join / 2000-character chat / unknown events`,
    );
    // A short warm-up, so the idle phase does not time the first requests' compilation.
    await call(baseUrl, 'GET', '/api/project?page=2');

    const idle = await listing(baseUrl, pages);
    flooder = await startFlood({ baseUrl, token: noisy.token, room: message.conversationId });
    const flooded = await listing(baseUrl, pages);
    const counts = await stopFlood(flooder);
    flooder = undefined;

    const ms = (value) => value.toFixed(2);
    console.table([
      {
        phase: 'idle',
        'req/s': Math.round(idle.requestsPerSecond),
        'p50 ms': ms(idle.p50),
        'p99 ms': ms(idle.p99),
        errors: idle.errors,
      },
      {
        phase: 'flooded',
        'req/s': Math.round(flooded.requestsPerSecond),
        'p50 ms': ms(flooded.p50),
        'p99 ms': ms(flooded.p99),
        errors: flooded.errors,
      },
    ]);
    const logged = output().includes('stayed over its event budget');
    console.log(
      `flood: ${counts.sent} events sent over ${counts.connections} connections, ${counts.closedByServer} ` +
        `closed by the server (in the server's log: ${logged ? 'yes' : 'no'}), ${counts.refusals} ` +
        `refusals heard, ${counts.refusedHandshakes} reconnections refused; closing reasons: ` +
        JSON.stringify(counts.closingReasons),
    );
    const met = flooded.p99 <= idle.p99 * TARGET_RATIO && flooded.errors === 0;
    console.log(
      `Flooded p99 ${ms(flooded.p99)} ms against idle ${ms(idle.p99)} ms: ` +
        `${(flooded.p99 / idle.p99).toFixed(2)}×, target within ${TARGET_RATIO}× ${met ? 'met' : 'NOT met'}.`,
    );
    process.exitCode = met ? 0 : 1;
  } finally {
    if (flooder) flooder.kill();
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
};

if (process.argv[2] === 'flood') flood(JSON.parse(process.argv[3]));
else
  await main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
