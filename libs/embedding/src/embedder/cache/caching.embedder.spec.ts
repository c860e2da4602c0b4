import Database from 'better-sqlite3';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Embedder } from '../embedder.port';
import { SHARED_MODEL_ID, SHARED_MODEL_PATH } from '../../testing/shared-model';
import { TransformersEmbedder } from '../transformers/transformers.embedder';
import { CachingEmbedder } from './caching.embedder';
import { SqliteVectorCache, VECTOR_CACHE_KEEP_DAYS } from './vector-cache';

const TEXTS = [
  'A mobile app for booking local sports courts',
  'Looking for a backend developer who knows databases',
  'Team player with strong communication skills',
];

/** The real model, counting the texts it is asked to embed. */
const counted = (inner: Embedder) => {
  const asked: string[] = [];
  const embedder: Embedder = {
    modelId: inner.modelId,
    adapter: inner.adapter,
    dimension: () => inner.dimension(),
    embed: (texts) => {
      asked.push(...texts);
      return inner.embed(texts);
    },
    isReady: () => inner.isReady(),
    status: () => inner.status(),
  };
  return { embedder, asked };
};

describe('CachingEmbedder with the shared model', () => {
  let model: TransformersEmbedder;
  let folder: string;
  beforeAll(async () => {
    model = new TransformersEmbedder({ model: SHARED_MODEL_ID, localModelPath: SHARED_MODEL_PATH });
    expect(await model.isReady()).toBe(true);
    folder = mkdtempSync(join(tmpdir(), 'vector-cache-'));
  });
  afterAll(() => model.close());

  it('asks the model only for texts it has not seen, and gives the model’s own vectors back', async () => {
    const { embedder, asked } = counted(model);
    const caching = new CachingEmbedder(embedder, SqliteVectorCache.open(join(folder, 'first.sqlite')));
    const first = await caching.embed(TEXTS.slice(0, 2));
    expect(asked).toEqual(TEXTS.slice(0, 2));

    const second = await caching.embed([TEXTS[2], TEXTS[0], TEXTS[2]]);
    expect(asked).toEqual([...TEXTS.slice(0, 2), TEXTS[2], TEXTS[2]]);
    const direct = await model.embed(TEXTS);
    expect(first).toEqual(direct.slice(0, 2));
    expect(second).toEqual([direct[2], direct[0], direct[2]]);
    expect(second[0]).toHaveLength(100);
    await caching.close();
  });

  it('answers from the cache alone in cache-only mode, never asking the model', async () => {
    const { embedder, asked } = counted(model);
    const caching = new CachingEmbedder(embedder, SqliteVectorCache.open(join(folder, 'only.sqlite')));
    const [known] = await caching.embed([TEXTS[1]]);
    asked.length = 0;

    const vectors = await caching.cacheOnly().embed(TEXTS);

    expect(vectors).toEqual([undefined, known, undefined]);
    expect(asked).toEqual([]);
    expect(caching.cacheOnly().modelId).toBe(SHARED_MODEL_ID);
    await caching.close();
  });

  it('keeps the vectors across restarts, per model', async () => {
    const path = join(folder, 'restart.sqlite');
    const before = counted(model);
    const cache = SqliteVectorCache.open(path);
    await new CachingEmbedder(before.embedder, cache).embed(TEXTS);
    cache.close();

    const after = counted(model);
    const reopened = SqliteVectorCache.open(path);
    expect(reopened.size(SHARED_MODEL_ID)).toBe(3);
    expect(await new CachingEmbedder(after.embedder, reopened).embed(TEXTS)).toEqual(
      await model.embed(TEXTS),
    );
    expect(after.asked).toEqual([]);

    // Another model's vectors are never answered for this one.
    expect(reopened.get('org/other-model', TEXTS)).toEqual([undefined, undefined, undefined]);
    reopened.close();
  });

  it('drops the vectors nobody asked for within the kept days, and keeps those in use', async () => {
    const path = join(folder, 'prune.sqlite');
    let day = 20_000;
    const cache = SqliteVectorCache.open(path, { clock: () => day });
    cache.put(SHARED_MODEL_ID, TEXTS, await model.embed(TEXTS));
    day += VECTOR_CACHE_KEEP_DAYS - 1;
    cache.get(SHARED_MODEL_ID, [TEXTS[0]]);
    cache.close();

    day += 2;
    const later = SqliteVectorCache.open(path, { clock: () => day });
    expect(later.size()).toBe(1);
    expect(later.get(SHARED_MODEL_ID, TEXTS).map((vector) => vector !== undefined)).toEqual([
      true,
      false,
      false,
    ]);
    later.close();
  });

  it('prunes through the index by day: opening a large cache does not read every row', () => {
    const path = join(folder, 'plan.sqlite');
    SqliteVectorCache.open(path).close();
    const db = new Database(path, { readonly: true });
    const plan = db
      .prepare('EXPLAIN QUERY PLAN DELETE FROM sentence_vectors WHERE used_day < ?')
      .all(1)
      .map((row) => (row as { detail: string }).detail)
      .join('; ');
    db.close();
    expect(plan).toMatch(/USING (COVERING )?INDEX sentence_vectors_by_day/);
  });

  it('starts afresh from a file that is not a cache, and answers from the model when the cache fails', async () => {
    const path = join(folder, 'damaged.sqlite');
    writeFileSync(path, 'not a database at all, just some bytes');
    const cache = SqliteVectorCache.open(path);
    expect(cache.size()).toBe(0);
    cache.put(SHARED_MODEL_ID, TEXTS, await model.embed(TEXTS));
    expect(cache.size()).toBe(3);

    const { embedder, asked } = counted(model);
    const caching = new CachingEmbedder(embedder, cache);
    cache.close(); // every read and write of the cache now throws
    expect(await caching.embed(TEXTS)).toEqual(await model.embed(TEXTS));
    expect(asked).toEqual(TEXTS);
  });

  it('passes model failures through and caches nothing for them', async () => {
    const failing: Embedder = {
      ...counted(model).embedder,
      embed: () => Promise.reject(new Error('no model')),
    };
    const cache = SqliteVectorCache.open(join(folder, 'failing.sqlite'));
    await expect(new CachingEmbedder(failing, cache).embed(['new text'])).rejects.toThrow('no model');
    expect(cache.size()).toBe(0);
    cache.close();
  });
});
