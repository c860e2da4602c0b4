import { CachingEmbedder, TransformersEmbedder } from '@skillers/embedding';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { INDEX_SNAPSHOT_FILE } from '../src/indexing/index-worker.service';
import { createProfile } from './listing-fixtures';
import { seededDataDir } from './seeded-data-dir';
import { startTestApp, type TestApp } from './test-app';

interface SortAnswer {
  results: { record_id: string; similarity: number }[];
  mode: 'semantic' | 'lexical';
}

const NICKNAMES = ['orchard-keeper', 'synth-weaver', 'ledger-smith'];
const DESCRIPTIONS = [
  'Grows apples in an old orchard and presses cider',
  'Makes synthesizer music for games',
  'Keeps the books of small shops',
];
const modelEmbed = TransformersEmbedder.prototype.embed;
const isRecordText = (text: string) => NICKNAMES.some((nickname) => text.includes(nickname));

describe('the embedded server with records whose vectors are not cached', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'vector-backfill-api-'));
  const snapshotFile = join(dataDir, INDEX_SNAPSHOT_FILE);
  let api: TestApp | undefined;
  const stop = async () => {
    await api?.close();
    api = undefined;
  };
  afterEach(async () => {
    vi.restoreAllMocks();
    await stop();
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const sortCider = () =>
    api!.request<SortAnswer>('POST', '/api/sort', {
      body: { type: 'teammate', text: 'apple trees and cider' },
    });
  const searchHealth = async () =>
    (await api!.request<{ ports: { search: { detail?: string } } }>('GET', '/api/health')).body.ports.search;
  const profilesFound = async () =>
    (
      await api!.request<{ total: number }>('POST', '/api/teammate/traditional_filtering', {
        body: { activeFilters: {}, filtering_restriction: 'min_1_match' },
      })
    ).body.total;

  it('answers before the vectors exist, embeds them in the background, and saves them for the next start', async () => {
    api = await startTestApp({ DATA_DIR: dataDir });
    const ids: string[] = [];
    for (const [index, nickname] of NICKNAMES.entries()) {
      const owner = await api.signUp();
      ids.push((await createProfile(api, owner, { nickname, description: DESCRIPTIONS[index] }))._id);
    }
    await vi.waitFor(async () => expect(await profilesFound()).toBe(3), { timeout: 5000 });
    await stop();
    // A start with neither the snapshot nor the vector cache: every record's vector must be computed again.
    rmSync(snapshotFile, { force: true });
    rmSync(join(dataDir, 'models', 'vector-cache.sqlite'), { force: true });

    // Record texts wait for the model until released; queries (the /sort text) go through at once.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const asked: string[] = [];
    vi.spyOn(TransformersEmbedder.prototype, 'embed').mockImplementation(async function (
      this: TransformersEmbedder,
      texts,
    ) {
      if (texts.some(isRecordText)) {
        asked.push(...texts);
        await released;
      }
      return modelEmbed.call(this, texts);
    });
    api = await startTestApp({ DATA_DIR: dataDir });

    // Listening, searchable, yet no record has its vector: the start did not wait for the model.
    expect(await profilesFound()).toBe(3);
    await vi.waitFor(() => expect(asked.filter(isRecordText)).toHaveLength(3), { timeout: 15_000 });
    // No vector to rank by yet: ranked by tags and words instead, and said so.
    const before = await sortCider();
    expect(before.status).toBe(200);
    expect(before.body.mode).toBe('lexical');
    expect(existsSync(snapshotFile)).toBe(false);
    expect((await searchHealth()).detail).toBe(
      '3 of 3 documents still without a vector, being embedded in the background',
    );

    release();
    await expect
      .poll(
        async () => {
          const { mode, results } = (await sortCider()).body;
          return `${mode} ${results.length}`;
        },
        { timeout: 15_000, interval: 200 },
      )
      .toBe('semantic 3');
    const after = await sortCider();
    expect(after.body.mode).toBe('semantic');
    expect(after.body.results[0].record_id).toBe(ids[0]);
    await vi.waitFor(async () => expect(await searchHealth()).toEqual({ adapter: 'orama', ready: true }));
    // Saved once every vector was set.
    await vi.waitFor(() => expect(existsSync(snapshotFile)).toBe(true), { timeout: 10_000 });
    await stop();

    // The next start loads the snapshot with its vectors and asks the model for no record text.
    vi.restoreAllMocks();
    asked.length = 0;
    vi.spyOn(TransformersEmbedder.prototype, 'embed').mockImplementation(function (
      this: TransformersEmbedder,
      texts,
    ) {
      asked.push(...texts.filter(isRecordText));
      return modelEmbed.call(this, texts);
    });
    api = await startTestApp({ DATA_DIR: dataDir });
    const again = await sortCider();
    expect(again.body).toMatchObject({ mode: 'semantic' });
    expect(again.body.results.map((result) => result.record_id)).toHaveLength(3);
    expect(asked).toEqual([]);
  });

  it('reports its progress per batch and stops between batches at shutdown', async () => {
    const seeded = await seededDataDir({ projects: 0, teammates: 300 });
    try {
      // Each batch of record texts takes a second: the whole backfill would take five.
      const batches: number[] = [];
      const modelOrCache = CachingEmbedder.prototype.embed;
      vi.spyOn(CachingEmbedder.prototype, 'embed').mockImplementation(async function (
        this: CachingEmbedder,
        texts,
      ) {
        batches.push(texts.length);
        await new Promise((resolve) => setTimeout(resolve, 1000));
        return modelOrCache.call(this, texts);
      });
      api = await startTestApp({ DATA_DIR: seeded });
      const lacking = Number(/ of (\d+) documents/.exec((await searchHealth()).detail ?? '')?.[1]);
      expect(lacking).toBeGreaterThanOrEqual(300);

      await vi.waitFor(
        async () =>
          expect((await searchHealth()).detail).toBe(
            `${lacking - 64} of ${lacking} documents still without a vector, being embedded in the background`,
          ),
        { timeout: 15_000, interval: 100 },
      );
      const stopping = Date.now();
      await stop();

      expect(Date.now() - stopping).toBeLessThan(2500);
      expect(batches.length).toBeLessThanOrEqual(3);
      expect(batches.length * 64).toBeLessThan(lacking);
      // Not saved with vectors missing: the next start would turn that snapshot down and rebuild anyway.
      expect(existsSync(join(seeded, INDEX_SNAPSHOT_FILE))).toBe(false);
    } finally {
      rmSync(seeded, { recursive: true, force: true });
    }
  });
});
