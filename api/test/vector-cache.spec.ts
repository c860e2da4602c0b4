import { TransformersEmbedder } from '@skillers/embedding';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { INDEX_SNAPSHOT_FILE } from '../src/indexing/index-worker.service';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { createProfile } from './listing-fixtures';
import { startTestApp, type TestApp } from './test-app';

interface SortAnswer {
  results: { record_id: string; similarity: number }[];
  mode: 'semantic' | 'lexical';
}

const NICKNAMES = ['orchard-keeper', 'synth-weaver', 'ledger-smith'];
const modelEmbed = TransformersEmbedder.prototype.embed;

describe('record vectors survive a restart of the embedded profile', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'vector-cache-api-'));
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

  /** The texts the model is asked to embed while the application starts and answers one ranking. */
  const startAndRank = async () => {
    const asked: string[] = [];
    vi.restoreAllMocks();
    vi.spyOn(TransformersEmbedder.prototype, 'embed').mockImplementation(function (
      this: TransformersEmbedder,
      texts,
    ) {
      asked.push(...texts);
      return modelEmbed.call(this, texts);
    });
    api = await startTestApp({ DATA_DIR: dataDir });
    // The model loads in a worker thread while the index is rebuilt; until then rankings are lexical. Vectors
    // the cache lacks are embedded in the background after the start: until then those records are not ranked.
    let sorted!: { body: SortAnswer };
    await expect
      .poll(
        async () => {
          sorted = await api!.request<SortAnswer>('POST', '/api/sort', {
            body: { type: 'teammate', text: 'apple trees and cider' },
          });
          return `${sorted.body.mode} ${sorted.body.results.length}`;
        },
        { timeout: 15_000, interval: 300 },
      )
      .toBe(`semantic ${NICKNAMES.length}`);
    const recordTexts = asked.filter((text) => NICKNAMES.some((nickname) => text.includes(nickname)));
    return { sorted: sorted.body, recordTexts };
  };

  it('embeds each record once, and a restart ranks with the kept vectors', async () => {
    api = await startTestApp({ DATA_DIR: dataDir });
    const descriptions = [
      'Grows apples in an old orchard and presses cider',
      'Makes synthesizer music for games',
      'Keeps the books of small shops',
    ];
    const ids: string[] = [];
    for (const [index, nickname] of NICKNAMES.entries()) {
      const profile = await createProfile(api, await api.signUp(), {
        nickname,
        description: descriptions[index],
      });
      ids.push(profile._id);
    }
    // Records are embedded by index jobs after the write is acknowledged; a stop drops jobs not yet run.
    await expect
      .poll(
        async () => {
          const sorted = await api!.request<SortAnswer>('POST', '/api/sort', {
            body: { type: 'teammate', text: 'apple trees and cider' },
          });
          return sorted.body.results.length;
        },
        { timeout: 15_000, interval: 300 },
      )
      .toBe(3);
    await stop();

    // The index snapshot would spare the rebuild altogether: without it, the vectors come from the cache.
    rmSync(join(dataDir, INDEX_SNAPSHOT_FILE));
    const restarted = await startAndRank();
    expect(restarted.recordTexts).toEqual([]);
    expect(restarted.sorted.mode).toBe('semantic');
    expect(restarted.sorted.results.map((result) => result.record_id)).toHaveLength(3);
    expect(restarted.sorted.results[0].record_id).toBe(ids[0]);
    await stop();

    // Without the cache file the same restart asks the model for every record again.
    rmSync(join(dataDir, 'models', 'vector-cache.sqlite'), { force: true });
    rmSync(join(dataDir, INDEX_SNAPSHOT_FILE));
    const cold = await startAndRank();
    expect(cold.recordTexts).toHaveLength(3);
    expect(cold.sorted.results[0].record_id).toBe(ids[0]);
  });
});
