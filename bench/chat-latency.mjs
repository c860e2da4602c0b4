// Chat delivery latency between two socket.io clients on loopback, through the real API: every
// message is validated, stored and pushed to the conversation room. The API runs in a child
// process so the clients' work does not share its event loop.
// Build first (`npm run build:server`), then run `node bench/chat-latency.mjs`.
// BENCH_RATE (messages/s, default 500) and BENCH_SECONDS (default 10) change the load, within caps.
// BENCH_DATA_PARENT picks where the temporary data folder goes (default: the system temp folder);
// `/dev/shm` takes the disk's commit time out of the measure.
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { io } from 'socket.io-client';
import { call, signUp } from './support/server.mjs';

const require = createRequire(import.meta.url);

const bounded = (name, fallback, max) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0 || value > max)
    throw new Error(`${name} must be between 1 and ${max}`);
  return value;
};
const RATE = bounded('BENCH_RATE', 500, 5_000);
const SECONDS = bounded('BENCH_SECONDS', 10, 60);
const WARM_UP_MESSAGES = 300;
const DRAIN_MS = 5_000;
/** The whole run stops after this, whatever happens. */
const HARD_LIMIT_MS = (SECONDS + 60) * 1_000;
const TARGET_P99_MS = 20;
const STORE_PLACE = process.env.BENCH_DATA_PARENT ?? 'the system temp folder';

/** In the child: start the built API on a free loopback port and report the port. */
const serve = async (dataDir) => {
  const { loadConfig } = require('../api/dist/config/app-config.js');
  const { createApp } = require('../api/dist/create-app.js');
  // One user sends every message: the per-user message limit is scaled out of the way.
  const config = loadConfig({
    DATA_DIR: dataDir,
    SEED: 'false',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    RATE_LIMIT_SCALE: '10000',
  });
  const app = await createApp(config);
  await app.listen(0, '127.0.0.1');
  process.send({ port: app.getHttpServer().address().port });
  process.on('message', async (message) => {
    if (message !== 'stop') return;
    await app.close();
    process.exit(0);
  });
};

const startServer = (dataDir) =>
  new Promise((resolve, reject) => {
    const child = fork(new URL(import.meta.url).pathname, ['serve', dataDir], { stdio: 'inherit' });
    child.once('message', ({ port }) => resolve({ child, baseUrl: `http://127.0.0.1:${port}` }));
    child.once('exit', (code) => reject(new Error(`the API exited with code ${code} before listening`)));
  });

const connect = (baseUrl, token) =>
  new Promise((resolve, reject) => {
    const socket = io(baseUrl, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token },
      reconnection: false,
    });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** Sends `count` messages from A at `rate` per second, paced against the clock, and times each one's arrival at B. */
const run = (label, sender, receiver, room, count, rate) =>
  new Promise((resolve) => {
    const sentAt = new Float64Array(count);
    const latencies = [];
    let refused = 0;
    let sent = 0;
    let lastArrival = 0;
    const onMessage = ({ text }) => {
      if (!text.startsWith(`${label} #`)) return;
      const seq = Number(text.slice(label.length + 2));
      if (!(seq >= 0 && seq < count) || sentAt[seq] === 0) return;
      lastArrival = performance.now();
      latencies.push(lastArrival - sentAt[seq]);
      if (latencies.length === count) finish();
    };
    const onRefusal = () => (refused += 1);
    receiver.on('message', onMessage);
    sender.on('exception', onRefusal);
    const start = performance.now();
    let drainTimer;
    const finish = () => {
      clearTimeout(drainTimer);
      receiver.off('message', onMessage);
      sender.off('exception', onRefusal);
      resolve({ sent, latencies, refused, seconds: (lastArrival - start) / 1_000 });
    };
    const pace = () => {
      const due = Math.min(count, Math.floor(((performance.now() - start) / 1_000) * rate) + 1);
      for (; sent < due; sent += 1) {
        sentAt[sent] = performance.now();
        sender.emit('chat', { room, text: `${label} #${sent}` });
      }
      if (sent < count) setTimeout(pace, 1);
      else drainTimer = setTimeout(finish, DRAIN_MS);
    };
    pace();
  });

const main = async () => {
  const dataDir = mkdtempSync(join(process.env.BENCH_DATA_PARENT ?? tmpdir(), 'skillers-bench-chat-'));
  const { child, baseUrl } = await startServer(dataDir);
  const sockets = [];
  const guard = setTimeout(() => {
    console.error(`Stopped: the run took longer than ${HARD_LIMIT_MS / 1_000} s.`);
    child.kill();
    process.exit(1);
  }, HARD_LIMIT_MS);
  try {
    const [ada, bob] = [await signUp(baseUrl, 'benchada'), await signUp(baseUrl, 'benchbob')];
    const { message } = await call(
      baseUrl,
      'POST',
      '/api/chat/sendMessage',
      { id: bob.id, message: 'hi' },
      ada.token,
    );
    const room = message.conversationId;
    const [sender, receiver] = [await connect(baseUrl, ada.token), await connect(baseUrl, bob.token)];
    sockets.push(sender, receiver);
    for (const socket of sockets) {
      const ack = await socket.emitWithAck('join', room);
      if (!ack.ok) throw new Error(`join refused: ${ack.message}`);
    }

    await run('warm-up', sender, receiver, room, WARM_UP_MESSAGES, RATE);
    const result = await run('measured', sender, receiver, room, Math.round(RATE * SECONDS), RATE);

    const sorted = Float64Array.from(result.latencies).sort();
    const ms = (value) => (value === undefined ? '-' : value.toFixed(2));
    const p99 = percentile(sorted, 99);
    console.log(
      `\nChat delivery between two sockets on loopback: ${RATE} messages/s offered for ${SECONDS} s,` +
        ` each message validated, stored (SQLite in ${STORE_PLACE}) and pushed to the room.\n`,
    );
    console.table([
      {
        sent: result.sent,
        delivered: sorted.length,
        refused: result.refused,
        'achieved msg/s': Math.round(sorted.length / result.seconds),
        'p50 ms': ms(percentile(sorted, 50)),
        'p95 ms': ms(percentile(sorted, 95)),
        'p99 ms': ms(p99),
        'max ms': ms(sorted.at(-1)),
      },
    ]);
    const met = sorted.length === result.sent && p99 < TARGET_P99_MS;
    console.log(
      `Target p99 under ${TARGET_P99_MS} ms with every message delivered: ${met ? 'met' : 'NOT met'}.`,
    );
    process.exitCode = met ? 0 : 1;
  } finally {
    clearTimeout(guard);
    for (const socket of sockets) socket.close();
    child.send('stop');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
};

if (process.argv[2] === 'serve') await serve(process.argv[3]);
else await main();
