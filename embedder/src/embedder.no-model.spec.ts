import { HttpEmbedder } from '@skillers/embedding';
import { SHARED_MODEL_ID } from '../test/shared-model';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEmbedderConfig } from './embedder-config';
import { composeEmbedderService } from './embedder.composition';
import { type RunningEmbedderService, startEmbedderService } from './embedder.server';
import { createJsonLogger } from './json-logger';

/** The fix the operator is told, whatever the loader's own reason was. */
const FIX =
  `Set EMBEDDER_MODEL_PATH to a folder holding ${SHARED_MODEL_ID} in the transformers.js layout, ` +
  'or allow downloads from the model hub.';

const logLines: string[] = [];
let service: RunningEmbedderService;

beforeAll(async () => {
  // A models folder without the model: the same as a missing or misplaced download.
  const config = loadEmbedderConfig({
    DATA_DIR: mkdtempSync(join(tmpdir(), 'embedder-no-model-data-')),
    EMBEDDER_MODEL: SHARED_MODEL_ID,
    EMBEDDER_MODEL_PATH: mkdtempSync(join(tmpdir(), 'embedder-no-model-')),
  });
  service = await startEmbedderService(
    composeEmbedderService(
      config,
      createJsonLogger('info', (line) => logLines.push(line)),
    ),
    { host: '127.0.0.1', port: 0 },
  );
});

afterAll(async () => {
  await service?.close();
});

describe('the service without its model', () => {
  it('answers /health with 503 and the exact fix, and logs the same message once', async () => {
    const response = await fetch(`${service.url}/health`);
    expect(response.status).toBe(503);
    const body = (await response.json()) as { model: string; dimension: null; ready: boolean; error: string };
    expect(body).toMatchObject({ model: SHARED_MODEL_ID, dimension: null, ready: false });
    expect(body.error.startsWith(`Embedding model "${SHARED_MODEL_ID}" could not be loaded (`)).toBe(true);
    expect(body.error.endsWith(FIX)).toBe(true);

    await fetch(`${service.url}/health`);
    const errors = logLines.map((line) => JSON.parse(line)).filter((entry) => entry.level === 50);
    expect(errors).toHaveLength(1);
    expect(errors[0].msg).toBe(body.error);
  });

  it('answers /embed with 503 and the fix', async () => {
    const response = await fetch(`${service.url}/embed`, {
      method: 'POST',
      body: JSON.stringify({ texts: ['a sentence'] }),
    });
    expect(response.status).toBe(503);
    const body = (await response.json()) as { statusCode: number; message: string };
    expect(body.statusCode).toBe(503);
    expect(body.message.endsWith(FIX)).toBe(true);
  });

  it('still answers /ml with the labels the text names, in lexical mode', async () => {
    const response = await fetch(`${service.url}/ml`, {
      method: 'POST',
      body: JSON.stringify({ input_text: 'A phone app written in TypeScript', len_2_cnt: 2 }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { mode: string; similar_labels_dict: Record<string, string[]> };
    expect(body.mode).toBe('lexical');
    expect(body.similar_labels_dict.productType).toEqual(['Mobile Application']);
  });

  it('is reported not ready, with the fix, by the API’s HttpEmbedder', async () => {
    const status = await new HttpEmbedder({ url: service.url, model: SHARED_MODEL_ID }).status();
    expect(status.ready).toBe(false);
    expect(status.error?.endsWith(FIX)).toBe(true);
  });
});
