import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { SHARED_MODEL_ID, SHARED_MODEL_PATH } from '../../../libs/embedding/src/testing/shared-model';

/** The embedder service exactly as its container runs it; `npm test` builds it before the tests run. */
const BUILT_EMBEDDER = join(__dirname, '../../../embedder/dist/main.js');
const START_TIMEOUT_MS = 30_000;

export interface BuiltEmbedder {
  url: string;
  close(): Promise<void>;
}

const stopped = (child: ChildProcess): Promise<void> =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));

/** Waits until the service's model has loaded, as its health check reports it. */
const readyAt = async (url: string, deadline: number, output: () => string): Promise<void> => {
  while (Date.now() < deadline) {
    const health = await fetch(`${url}/health`).catch(() => undefined);
    if (health?.ok) return;
    await new Promise((wait) => setTimeout(wait, 50));
  }
  throw new Error(`the embedder service never became ready:\n${output()}`);
};

/**
 * Starts the built embedder service (`node embedder/dist/main.js`) on the shared model, on a free loopback
 * port or the given one, and resolves once its model is loaded. It runs as its own process, as in the
 * cluster, so the worker meets it only over HTTP.
 */
export const startBuiltEmbedder = async (dataDir: string, port = 0): Promise<BuiltEmbedder> => {
  if (!existsSync(BUILT_EMBEDDER))
    throw new Error(`${BUILT_EMBEDDER} does not exist: run npm run build:server first`);
  const child = spawn(process.execPath, [BUILT_EMBEDDER], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      EMBEDDER_MODEL: SHARED_MODEL_ID,
      EMBEDDER_MODEL_PATH: SHARED_MODEL_PATH,
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const deadline = Date.now() + START_TIMEOUT_MS;
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the embedder service did not listen within ${START_TIMEOUT_MS} ms:\n${output}`));
    }, START_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const listening = /Embedder service listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (listening) {
        clearTimeout(timer);
        resolve(listening[1]);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the embedder service exited (${code ?? signal}) before listening:\n${output}`));
    });
  });
  const close = async () => {
    child.kill('SIGTERM');
    await stopped(child);
  };
  try {
    await readyAt(url, deadline, () => output);
  } catch (error) {
    await close();
    throw error;
  }
  return { url, close };
};
