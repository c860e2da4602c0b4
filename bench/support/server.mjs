// Starts the built server (`node api/dist/main.js`, as `npm start` runs it) for the benchmarks, and calls it.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const BUILT_SERVER = join(ROOT, 'api/dist/main.js');
const SHARED_MODEL_PATH = join(ROOT, '../shared/models');
/** The small static model kept beside the repository: 100-number vectors. */
export const SHARED_MODEL = 'skillers/static-wordpiece-100d';

/**
 * EMBEDDER_MODEL_PATH and EMBEDDER_MODEL pass on from the environment; unset, the small static model kept
 * beside the repository is used when present, so that nothing is fetched.
 */
const modelEnv = () =>
  process.env.EMBEDDER_MODEL_PATH || !existsSync(join(SHARED_MODEL_PATH, SHARED_MODEL))
    ? {}
    : { EMBEDDER_MODEL_PATH: SHARED_MODEL_PATH, EMBEDDER_MODEL: SHARED_MODEL };

/**
 * Starts the built server on loopback and a free port with the data folder and `env` added to this
 * process's environment; `nodeArgs` go before the script, `ipc` opens a message channel to it. Resolves
 * with the child, its address and its latest output once it says where it listens.
 */
export const startServer = (dataDir, { env = {}, nodeArgs = [], ipc = false } = {}) =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeArgs, BUILT_SERVER], {
      env: {
        ...process.env,
        ...modelEnv(),
        DATA_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe', ...(ipc ? ['ipc'] : [])],
    });
    let output = '';
    let listening = false;
    const onData = (chunk) => {
      // Read on to the end: a full pipe would stall the server.
      output = (output + chunk.toString()).slice(-20_000);
      const match = !listening && /Skillers is running at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) {
        listening = true;
        resolve({ child, baseUrl: match[1], output: () => output });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code, signal) => {
      if (!listening) reject(new Error(`the server exited (${code ?? signal}) before listening:\n${output}`));
    });
  });

/** A JSON call; throws with the server's message on any answer but 2xx. */
export const call = async (baseUrl, method, path, body, token) => {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...(token && { authorization: `Bearer ${token}` }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${answer.message}`);
  return answer;
};

/** Signs a new user up and in; returns their id (read from the token) and token. */
export const signUp = async (baseUrl, name) => {
  const user = { username: name, email: `${name}@example.com`, password: 'benchmark-password' };
  await call(baseUrl, 'POST', '/api/auth/signup', user);
  const { token } = await call(baseUrl, 'POST', '/api/auth/login', {
    email: user.email,
    password: user.password,
  });
  const { id } = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
  return { id, token };
};

/** Seconds until `GET /api/ready` answers 200 (at most two minutes). */
export const readyAfter = async (baseUrl) => {
  const asking = performance.now();
  while ((await fetch(`${baseUrl}/api/ready`)).status !== 200) {
    if (performance.now() - asking > 120_000) throw new Error('the server was not ready after two minutes');
    await new Promise((done) => setTimeout(done, 200));
  }
  return (performance.now() - asking) / 1000;
};

/**
 * Seconds until the server's CPU milliseconds (`cpuMs()`, its process's) grow by under a tenth of a core over
 * two seconds (at most ten minutes): the start's background work (the snapshot's save, the vector graph, the
 * weekly matches) is done.
 */
export const settledAfter = async (cpuMs) => {
  const waiting = performance.now();
  for (;;) {
    const before = cpuMs();
    await new Promise((done) => setTimeout(done, 2_000));
    if (cpuMs() - before < 200) return (performance.now() - waiting) / 1000;
    if (performance.now() - waiting > 600_000) throw new Error('the server was still busy after ten minutes');
  }
};
