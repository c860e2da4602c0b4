import { type ChildProcess, spawn } from 'node:child_process';
import { accessSync, constants, mkdtempSync, rmSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export interface RedisServer {
  readonly url: string;
  stop(): Promise<void>;
}

export const REDIS_SERVER_MISSING =
  'SKIPPED: no redis-server on PATH, so the BullMQ tests did not run (apt-get install -y redis-server)';

const STARTUP_TIMEOUT_MS = 10_000;
const PING_INTERVAL_MS = 50;

/** Path of the `redis-server` executable on PATH, or undefined when it is not installed. */
export const findRedisServer = (): string | undefined => {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const candidate = join(dir, 'redis-server');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      continue;
    }
  }
  return undefined;
};

const freeLoopbackPort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('No port')),
      );
    });
  });

const answersPing = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    let reply = '';
    socket.setEncoding('utf8');
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk: string) => {
      reply += chunk;
      if (reply.includes('\r\n')) {
        socket.destroy();
        resolve(reply.startsWith('+PONG'));
      }
    });
    socket.once('error', () => resolve(false));
  });

const exited = (child: ChildProcess): Promise<void> =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));

export interface RedisServerOptions {
  /** Keep an append-only file, as the cluster's Redis does, so jobs survive `pause()` and `resume()`. */
  appendOnly?: boolean;
}

export interface RestartableRedisServer extends RedisServer {
  /** Shuts the server down (saving its data when append-only) and keeps its port and folder. */
  pause(): Promise<void>;
  /** Starts it again on the same port and folder and waits until it answers. */
  resume(): Promise<void>;
}

/**
 * Starts a throwaway Redis on a free loopback port, with its working files in a temporary folder (and
 * persistence off unless asked for), and waits until it answers PING.
 */
export const startRedisServer = async (
  binary: string,
  { appendOnly = false }: RedisServerOptions = {},
): Promise<RestartableRedisServer> => {
  const port = await freeLoopbackPort();
  const dir = mkdtempSync(join(tmpdir(), 'skillers-redis-'));
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--dir', dir];
  args.push('--appendonly', appendOnly ? 'yes' : 'no');
  let child: ChildProcess | undefined;
  let output = '';

  const halt = async () => {
    if (!child) return;
    const running = child;
    child = undefined;
    running.kill('SIGTERM');
    await exited(running);
  };
  const launch = async () => {
    const started = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    child = started;
    output = '';
    started.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    started.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const deadline = Date.now() + STARTUP_TIMEOUT_MS;
    while (!(await answersPing(port))) {
      if (started.exitCode !== null || Date.now() > deadline) {
        await halt();
        throw new Error(`redis-server did not start on port ${port}:\n${output}`);
      }
      await sleep(PING_INTERVAL_MS);
    }
  };
  const stop = async () => {
    await halt();
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    await launch();
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return { url: `redis://127.0.0.1:${port}`, stop, pause: halt, resume: launch };
};
