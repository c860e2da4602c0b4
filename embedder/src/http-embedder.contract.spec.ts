import { openEmbedder } from '@skillers/embedding';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { describeEmbedderContract } from '../../libs/embedding/src/embedder/embedder.contract';
import { SHARED_MODEL_ID, SHARED_MODEL_PATH } from '../test/shared-model';
import { loadEmbedderConfig } from './embedder-config';
import { composeEmbedderService } from './embedder.composition';
import { type RunningEmbedderService, startEmbedderService } from './embedder.server';
import { createJsonLogger } from './json-logger';

let dataDir: string;
let service: RunningEmbedderService;

/** An address where nothing listens: a loopback port handed out by the system and closed again. */
const closedLoopbackUrl = async (): Promise<string> => {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
};

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'skillers-embedder-contract-'));
  const config = loadEmbedderConfig({
    DATA_DIR: dataDir,
    EMBEDDER_MODEL: SHARED_MODEL_ID,
    EMBEDDER_MODEL_PATH: SHARED_MODEL_PATH,
  });
  const parts = composeEmbedderService(config, createJsonLogger('silent'));
  // The service loads its model in the background; the contract starts once it has.
  expect(await parts.embedder.isReady()).toBe(true);
  service = await startEmbedderService(parts, { host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await service?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

// The HTTP client as openEmbedder() gives it, against the real embedder service on a loopback port.
describeEmbedderContract('http', {
  open: async () => openEmbedder({ model: SHARED_MODEL_ID, embedderUrl: service.url }),
  openUnavailable: async () =>
    openEmbedder({ model: SHARED_MODEL_ID, embedderUrl: await closedLoopbackUrl(), timeoutMs: 2_000 }),
  model: SHARED_MODEL_ID,
  dimension: 100,
});
