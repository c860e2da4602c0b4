import { EMBED_TEXTS_MAX, SIMILARITY_TEXT_MAX_LENGTH } from '@skillers/domain';
import {
  decodeVectors,
  HttpEmbedder,
  LabelIndex,
  labelCachePath,
  modelSettings,
  suggestLabels,
  TransformersEmbedder,
  VECTORS_DIMENSION_HEADER,
  VECTORS_MEDIA_TYPE,
  VECTORS_MODEL_HEADER,
} from '@skillers/embedding';
import { EmbeddedSearchIndex } from '@skillers/search';
import { searchDocument } from '../../libs/search/src/search-index.contract';
import { SHARED_MODEL_ID, SHARED_MODEL_PATH } from '../test/shared-model';
import { existsSync, mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEmbedderConfig } from './embedder-config';
import { composeEmbedderService } from './embedder.composition';
import {
  ML_TYPE_NEEDS_INDEX_MESSAGE,
  type RunningEmbedderService,
  SORT_NEEDS_INDEX_MESSAGE,
  startEmbedderService,
} from './embedder.server';
import { createJsonLogger } from './json-logger';
import { type ScrapedMetrics, scrapeMetrics } from '../../libs/metrics/src/scraped-metrics.testing';

const SENTENCES = [
  'A mobile app for booking local sports courts',
  'Looking for a backend developer who knows databases',
  'Team player with strong communication skills',
  'Online marketplace for handmade furniture',
];

const logLines: string[] = [];
const logger = createJsonLogger('debug', (line) => logLines.push(line));
let dataDir: string;
let service: RunningEmbedderService;
/** An embedder of its own, in this process, that the service's answers are compared with. */
let reference: TransformersEmbedder;

const post = (path: string, body: unknown, init: RequestInit = {}) =>
  fetch(`${service.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    ...init,
  });

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'embedder-service-'));
  const config = loadEmbedderConfig({
    DATA_DIR: dataDir,
    EMBEDDER_MODEL: SHARED_MODEL_ID,
    EMBEDDER_MODEL_PATH: SHARED_MODEL_PATH,
  });
  const parts = composeEmbedderService(config, logger);
  reference = new TransformersEmbedder({ model: SHARED_MODEL_ID, localModelPath: SHARED_MODEL_PATH });
  // Both load now, one after the other: transformers.js keeps its model settings in one global.
  expect(await parts.embedder.isReady()).toBe(true);
  expect(await reference.isReady()).toBe(true);
  service = await startEmbedderService(parts, { host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await service?.close();
});

describe('the API’s HttpEmbedder against the service', () => {
  it('gets the same vectors as the in-process TransformersEmbedder', async () => {
    const http = new HttpEmbedder({ url: service.url, model: SHARED_MODEL_ID });
    const [overHttp, inProcess] = await Promise.all([http.embed(SENTENCES), reference.embed(SENTENCES)]);
    expect(overHttp).toHaveLength(SENTENCES.length);
    expect(overHttp[0]).toHaveLength(100);
    expect(overHttp).toEqual(inProcess);
    expect(http.dimension()).toBe(100);
  });

  it('splits more texts than one call takes across calls and keeps their order', async () => {
    const texts = Array.from({ length: EMBED_TEXTS_MAX + 44 }, (_, i) => `${SENTENCES[i % 4]} number ${i}`);
    const http = new HttpEmbedder({ url: service.url, model: SHARED_MODEL_ID });
    expect(await http.embed(texts)).toEqual(await reference.embed(texts));
  });

  it('reports the service ready, and refuses a service running another model', async () => {
    expect(await new HttpEmbedder({ url: service.url, model: SHARED_MODEL_ID }).status()).toEqual({
      adapter: 'http',
      model: SHARED_MODEL_ID,
      ready: true,
      dimension: 100,
    });
    const other = new HttpEmbedder({ url: service.url, model: 'Xenova/all-MiniLM-L6-v2' });
    await expect(other.embed(['text'])).rejects.toThrow(`runs model "${SHARED_MODEL_ID}"`);
    expect(await other.isReady()).toBe(false);
  });
});

describe('GET /health', () => {
  it('names the model and its dimension', async () => {
    const response = await fetch(`${service.url}/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ model: SHARED_MODEL_ID, dimension: 100, ready: true });
  });

  it('answers 503 "still loading" instead of waiting for a model that takes long', async () => {
    // An embedder service that never answers stands in for a model still downloading.
    const held: Server = createServer(() => undefined);
    await new Promise<void>((resolve) => held.listen(0, '127.0.0.1', resolve));
    const slow = new HttpEmbedder({
      url: `http://127.0.0.1:${(held.address() as AddressInfo).port}`,
      model: SHARED_MODEL_ID,
      timeoutMs: 5_000,
    });
    const waiting = await startEmbedderService(
      { embedder: slow, logger, healthWaitMs: 100 },
      { host: '127.0.0.1', port: 0 },
    );
    try {
      const started = Date.now();
      const response = await fetch(`${waiting.url}/health`);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({
        model: SHARED_MODEL_ID,
        dimension: null,
        ready: false,
        error: `Model "${SHARED_MODEL_ID}" is still loading`,
      });
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      held.closeAllConnections();
      held.close();
      await waiting.close();
    }
  });
});

describe('POST /embed', () => {
  it('answers vectors, model and dimension', async () => {
    const response = await post('/embed', { texts: SENTENCES.slice(0, 2) });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { vectors: number[][]; model: string; dimension: number };
    expect(body.model).toBe(SHARED_MODEL_ID);
    expect(body.dimension).toBe(100);
    expect(body.vectors).toEqual(await reference.embed(SENTENCES.slice(0, 2)));
    const norm = Math.hypot(...body.vectors[0]);
    expect(norm).toBeCloseTo(1, 5);
  });

  it('answers the same vectors as 32-bit floats to a caller that accepts application/octet-stream', async () => {
    const texts = SENTENCES.slice(0, 3);
    const response = await post(
      '/embed',
      { texts },
      {
        headers: { 'content-type': 'application/json', accept: 'application/octet-stream' },
      },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(VECTORS_MEDIA_TYPE);
    expect(response.headers.get(VECTORS_MODEL_HEADER)).toBe(SHARED_MODEL_ID);
    expect(response.headers.get(VECTORS_DIMENSION_HEADER)).toBe('100');
    const bytes = await response.arrayBuffer();
    expect(bytes.byteLength).toBe(3 * 100 * 4);
    expect(decodeVectors(bytes, 3, 100)).toEqual(await reference.embed(texts));
    // Without the header, or when it asks for JSON only, the answer stays JSON.
    const json = await post(
      '/embed',
      { texts },
      { headers: { 'content-type': 'application/json', accept: 'application/json' } },
    );
    expect(json.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('answers each of many concurrent requests with its own vectors', async () => {
    const requests = Array.from({ length: 24 }, (_, i) => [
      `${SENTENCES[i % 4]} (${i})`,
      `request ${i} alone`,
    ]);
    const answers = await Promise.all(
      requests.map(
        async (texts) =>
          ((await (await post('/embed', { texts })).json()) as { vectors: number[][] }).vectors,
      ),
    );
    expect(answers).toEqual(await Promise.all(requests.map((texts) => reference.embed(texts))));
  });

  it.each([
    ['no texts', {}, 'Texts must be a list of strings'],
    ['an empty list', { texts: [] }, 'Give at least one text'],
    [
      'too many texts',
      { texts: Array(EMBED_TEXTS_MAX + 1).fill('a') },
      `Give at most ${EMBED_TEXTS_MAX} texts`,
    ],
    [
      'a text too long',
      { texts: ['x'.repeat(SIMILARITY_TEXT_MAX_LENGTH + 1)] },
      `Each text must be at most ${SIMILARITY_TEXT_MAX_LENGTH} characters`,
    ],
    ['a number for a text', { texts: [42] }, 'Each text must be text'],
    ['an unknown field', { texts: ['a'], model: 'other' }, 'Unknown field: model'],
  ])('refuses %s with 400 and the shared message', async (_, body, message) => {
    const response = await post('/embed', body);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ statusCode: 400, message });
  });

  it('refuses a body that is not JSON with 400', async () => {
    const response = await post('/embed', '{"texts": [');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ statusCode: 400, message: 'The request body is not valid JSON' });
  });

  it('refuses a body over the size cap with 413 before embedding it', async () => {
    const small = await startEmbedderService(
      { embedder: reference, logger, maxBodyBytes: 64 },
      { host: '127.0.0.1', port: 0 },
    );
    try {
      const response = await fetch(`${small.url}/embed`, {
        method: 'POST',
        body: JSON.stringify({ texts: ['a sentence long enough to pass sixty-four bytes of body'] }),
      });
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual({
        statusCode: 413,
        message: 'The request body must be at most 64 bytes',
      });
    } finally {
      await small.close();
    }
  });
});

describe('POST /ml', () => {
  it('suggests the same labels as the API’s steps in this process, and caches label vectors', async () => {
    const text = 'We build a phone app for restaurants and need someone patient and creative';
    const response = await post('/ml', { input_text: text, len_2_cnt: 3 });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { mode: string; similar_labels_dict: Record<string, string[]> };
    const labels = await LabelIndex.open(reference);
    expect(body).toEqual(
      await suggestLabels(text, 3, { embedder: reference, labels, settings: modelSettings(SHARED_MODEL_ID) }),
    );
    expect(body.mode).toBe('semantic');
    expect(body.similar_labels_dict.productType).toContain('Mobile Application');
    expect(Object.values(body.similar_labels_dict).every((l) => l.length <= 3)).toBe(true);
    expect(existsSync(labelCachePath(join(dataDir, 'models', 'label-cache'), SHARED_MODEL_ID))).toBe(true);
  });

  it.each([
    ['an empty text', { input_text: '  ' }, 'Please describe what you are looking for'],
    ['too many labels per key', { input_text: 'design', len_2_cnt: 11 }, 'len_2_cnt must be at most 10'],
    ['an unknown field', { input_text: 'design', limit: 3 }, 'Unknown field: limit'],
  ])('refuses %s with 400', async (_, body, message) => {
    const response = await post('/ml', body);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ statusCode: 400, message });
  });

  it('answers 501 for a kind without a search index, which alone tells the labels records carry', async () => {
    const response = await post('/ml', { input_text: 'a phone app in react', type: 'project' });
    expect(response.status).toBe(501);
    expect(await response.json()).toEqual({ statusCode: 501, message: ML_TYPE_NEEDS_INDEX_MESSAGE });
  });

  it('suggests for a kind only the labels some record of it carries, with a search index', async () => {
    const index = EmbeddedSearchIndex.create();
    await index.upsert([searchDocument({ kind: 'teammate', toolLevels: { React: 3 } })]);
    const suggesting = await startEmbedderService(
      { embedder: reference, logger, searchIndex: index },
      { host: '127.0.0.1', port: 0 },
    );
    try {
      const response = await fetch(`${suggesting.url}/ml`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ input_text: 'a phone app in react', type: 'teammate' }),
      });
      const { similar_labels_dict: dict } = (await response.json()) as {
        similar_labels_dict: Record<string, string[]>;
      };
      expect(Object.values(dict).flat()).toEqual(['React']);
    } finally {
      await suggesting.close();
    }
  });
});

describe('POST /sort', () => {
  it('answers 501 without a search index, naming the setting and the API route', async () => {
    const response = await post('/sort', { type: 'project', text: 'mobile app' });
    expect(response.status).toBe(501);
    expect(await response.json()).toEqual({ statusCode: 501, message: SORT_NEEDS_INDEX_MESSAGE });
    expect(SORT_NEEDS_INDEX_MESSAGE).toContain('ELASTICSEARCH_URL');
    expect(SORT_NEEDS_INDEX_MESSAGE).toContain('POST /api/sort');
  });

  describe('with a search index', () => {
    let ranking: RunningEmbedderService;
    const profiles = {
      farmer: 'I help farmers with crops, harvest planning and organic agriculture',
      web: 'Frontend developer building web apps and websites',
      music: 'Composer and music producer for films and games',
    };
    const ids: Record<string, string> = {};
    const sort = (body: unknown) =>
      fetch(`${ranking.url}/sort`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });

    beforeAll(async () => {
      const index = EmbeddedSearchIndex.create();
      const docs = Object.entries(profiles).map(([name, text]) => {
        const doc = searchDocument({ kind: 'teammate', text });
        ids[name] = doc.id;
        return doc;
      });
      const vectors = await reference.embed(docs.map((doc) => doc.text));
      await index.upsert(
        docs.map((doc, at) => ({ ...doc, vector: vectors[at], vectorModel: SHARED_MODEL_ID })),
      );
      ranking = await startEmbedderService(
        { embedder: reference, logger, searchIndex: index },
        { host: '127.0.0.1', port: 0 },
      );
    });

    afterAll(async () => {
      await ranking?.close();
    });

    it('ranks the index’s records by similarity to the picked labels and text, best first', async () => {
      const response = await sort({
        type: 'teammate',
        filter: { requiredAreaOfExpertise: ['Agriculture'] },
        text: 'organic farming',
      });
      expect(response.status).toBe(200);
      const answer = (await response.json()) as {
        results: { record_id: string; similarity: number }[];
        mode: string;
      };
      expect(answer.mode).toBe('semantic');
      expect(answer.results).toHaveLength(3);
      expect(answer.results[0].record_id).toBe(ids.farmer);
      const similarities = answer.results.map((result) => result.similarity);
      expect(similarities).toEqual([...similarities].sort((a, b) => b - a));
      for (const similarity of similarities) expect(Number(similarity.toFixed(3))).toBe(similarity);
    });

    it('respects the limit and the kind', async () => {
      const limited = await sort({ type: 'teammate', text: 'songs and soundtracks for a film', limit: 1 });
      expect(await limited.json()).toEqual({
        results: [{ record_id: ids.music, similarity: expect.any(Number) }],
        mode: 'semantic',
      });
      const projects = await sort({ type: 'project', text: 'songs and soundtracks for a film' });
      expect(await projects.json()).toEqual({ results: [], mode: 'semantic' });
    });

    it.each([
      [{ type: 'user', text: 'farming' }, 'Type must be project or teammate'],
      [{ type: 'teammate', text: 'farming', limit: 0 }, 'Limit must be at least 1'],
      [{ type: 'teammate', filter: { $where: ['1'] } }, ''],
      [
        { type: 'teammate', filter: {} },
        'Pick at least one filter option or describe what you are looking for',
      ],
    ])('refuses %j with 400 and a message', async (body, message) => {
      const response = await sort(body);
      expect(response.status).toBe(400);
      const answer = (await response.json()) as { statusCode: number; message: string };
      expect(answer.statusCode).toBe(400);
      expect(answer.message).toContain(message);
      expect(answer.message.length).toBeGreaterThan(0);
    });
  });
});

describe('routing and shutdown', () => {
  it('answers 404 for an unknown path and 405 with Allow for a wrong method', async () => {
    const missing = await fetch(`${service.url}/vectors`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ statusCode: 404, message: 'Cannot GET /vectors' });
    const wrong = await fetch(`${service.url}/embed`);
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('POST');
  });

  it('logs each request at debug level', () => {
    expect(logLines.some((line) => /"msg":"POST \/embed 200 [\d.]+ ms"/.test(line))).toBe(true);
  });

  it('answers the request under way when closed, then refuses new connections', async () => {
    const closing = await startEmbedderService(
      { embedder: reference, logger },
      { host: '127.0.0.1', port: 0 },
    );
    const received = new Promise<void>((resolve) => closing.server.once('request', () => resolve()));
    const texts = Array.from(
      { length: EMBED_TEXTS_MAX },
      (_, i) => `sentence ${i} about teamwork and design`,
    );
    const answer = fetch(`${closing.url}/embed`, { method: 'POST', body: JSON.stringify({ texts }) });
    await received;
    const closed = closing.close();
    const response = await answer;
    expect(response.status).toBe(200);
    expect(((await response.json()) as { vectors: unknown[] }).vectors).toHaveLength(EMBED_TEXTS_MAX);
    await closed;
    await expect(fetch(`${closing.url}/health`)).rejects.toThrow();
  });
});

describe('GET /metrics', () => {
  it('times each /embed call and counts those under way, beside the process metrics', async () => {
    const before = await scrapeMetrics(service.url);
    expect((await post('/embed', { texts: SENTENCES })).status).toBe(200);
    const after = await scrapeMetrics(service.url);
    const calls = (scraped: ScrapedMetrics) =>
      scraped.total('skillers_embedder_call_seconds', { outcome: 'ok' });
    expect(calls(after) - calls(before)).toBe(1);
    expect(after.total('skillers_embedder_pending_calls')).toBe(0);
    expect(after.labels('nodejs_eventloop_lag_seconds')).toMatchObject({ service: 'embedder' });
  });
});
