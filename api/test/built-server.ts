import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { SHARED_MODEL_ENV } from './shared-model';

/** The server exactly as `npm start` runs it; `npm test` builds it before the tests run. */
export const BUILT_SERVER = join(__dirname, '../dist/main.js');
const START_TIMEOUT_MS = 60_000;

export interface Running {
  child: ChildProcess;
  baseUrl: string;
  output: () => string;
}

/**
 * Starts `node api/dist/main.js` on the data directory (with `env` added) and resolves once it says where
 * it listens.
 */
export const startServer = (dataDir: string, env: Record<string, string> = {}): Promise<Running> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BUILT_SERVER], {
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        DATA_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
        SEED: 'false',
        LOG_LEVEL: 'warn',
        // Every client runs from one loopback address; the limits are not under test here.
        RATE_LIMIT_SCALE: '1000',
        ...SHARED_MODEL_ENV,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const collected = () => output;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not start within ${START_TIMEOUT_MS} ms:\n${output}`));
    }, START_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const listening = /Skillers is running at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (listening) {
        clearTimeout(timer);
        resolve({ child, baseUrl: listening[1], output: collected });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code ?? signal}) before listening:\n${output}`));
    });
  });

/** Resolves once the process has exited, whatever ended it. */
export const exited = (server: Running): Promise<void> =>
  server.child.exitCode !== null || server.child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => server.child.once('exit', () => resolve()));

export const stopServer = async (server: Running | undefined, signal: NodeJS.Signals = 'SIGTERM') => {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  const done = exited(server);
  server.child.kill(signal);
  await done;
};

export interface Answer<T> {
  status: number;
  body: T;
}

export const call = async <T = Record<string, unknown>>(
  baseUrl: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<Answer<T>> => {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...(token && { authorization: `Bearer ${token}` }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as T };
};

/** The user id a token was issued to (the payload's `id`), read without checking the signature. */
export const tokenOwner = (token: string): string =>
  (JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { id: string }).id;

/** Signs a new user up on a running server and logs them in; throws when either is refused. */
export const signUpOn = async (
  baseUrl: string,
  name: string,
  password: string,
): Promise<{ email: string; token: string }> => {
  const email = `${name}@example.com`;
  const signup = await call(baseUrl, 'POST', '/api/auth/signup', { username: name, email, password });
  if (signup.status !== 201)
    throw new Error(`sign-up refused: ${signup.status} ${JSON.stringify(signup.body)}`);
  const login = await call<{ token: string }>(baseUrl, 'POST', '/api/auth/login', { email, password });
  if (login.status !== 200) throw new Error(`login refused: ${login.status}`);
  return { email, token: login.body.token };
};
