import { compareIdsDescending, cosine } from '@skillers/domain';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { KnnHit } from '../../search-index.port';
import { copySections, type SectionSource, sectionReader } from '../structures/binary-sections';
import { throughFile } from '../snapshot/sections-in-file.testing';
import { setBit, wordsFor } from '../structures/bitset';
import { QUANTIZED_MIN_ROWS, VectorIndex } from './vector-index';
import type { VectorRowsOptions } from '../structures/vector-rows';

const folder = mkdtempSync(join(tmpdir(), 'skillers-vector-rows-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/**
 * The index its sections saved; with rows in files, through a snapshot file whose reader leaves the 32-bit
 * rows there, to be read where they lie.
 */
const restoreFrom = async (sections: SectionSource[], rows: VectorRowsOptions): Promise<VectorIndex> => {
  if (rows.dir === undefined) return VectorIndex.fromSections(sectionReader(copySections(sections)));
  const read = await throughFile(sections, rows.dir, (name) =>
    /^\d+\.values$/.test(name) ? 'checked' : undefined,
  );
  try {
    return VectorIndex.fromSections(read.section, rows, {}, read.inFile);
  } finally {
    read.release();
  }
};

let state = 12345;
const random = () => {
  state = (state * 1664525 + 1013904223) >>> 0;
  return state / 4294967296;
};
/** Values that 32-bit floats hold exactly, as embedding models produce them. */
const randomVector = (dims: number) => Array.from({ length: dims }, () => Math.fround(random() - 0.5));

/** Every vector scored and sorted: what the index must answer. */
const scan = (
  vectors: Map<string, number[]>,
  query: number[],
  k: number,
  candidates?: string[],
): KnnHit[] => {
  const allowed = candidates && new Set(candidates);
  return [...vectors]
    .filter(([id]) => !allowed || allowed.has(id))
    .flatMap(([id, values]) => {
      const similarity = cosine(values, query);
      return similarity === undefined ? [] : [{ id, similarity }];
    })
    .sort((a, b) => b.similarity - a.similarity || compareIdsDescending(a.id, b.id))
    .slice(0, Math.max(0, k));
};

const expectSame = (got: KnnHit[], expected: KnnHit[]) => {
  expect(got.map((hit) => hit.id)).toEqual(expected.map((hit) => hit.id));
  got.forEach((hit, at) => expect(hit.similarity).toBeCloseTo(expected[at].similarity, 12));
};

describe.each([
  ['in memory', {}],
  ['in files', { dir: folder }],
] as [string, VectorRowsOptions][])('VectorIndex, 32-bit rows %s', (_where, rowsOptions) => {
  it('answers what a full scan answers, through inserts, updates and removals', () => {
    const index = new VectorIndex(rowsOptions);
    const kept = new Map<string, number[]>();
    for (let step = 0; step < 3000; step++) {
      const id = `id-${String(Math.floor(random() * 800)).padStart(4, '0')}`;
      const roll = random();
      if (roll < 0.15) {
        index.delete(id);
        kept.delete(id);
      } else if (roll < 0.18) {
        // A zero vector, or no vector, removes the document's vector.
        index.set(id, roll < 0.165 ? [0, 0, 0, 0, 0, 0, 0, 0] : undefined);
        kept.delete(id);
      } else {
        const values = randomVector(roll < 0.2 ? 3 : 8);
        // Keyed by the id's number, as the facet index keys rows by slot.
        index.set(id, values, Number(id.slice(3)));
        kept.set(id, values);
      }
      if (step % 100 === 0) {
        const query = randomVector(8);
        for (const k of [1, 5, 20, 1000]) expectSame(index.nearest(query, k), scan(kept, query, k));
        const candidates = [...kept.keys()].filter(() => random() < 0.3).concat('unknown');
        expectSame(index.nearest(query, 10, candidates), scan(kept, query, 10, candidates));
        // A few keys, found from their bits, and a third of them, found by reading every row's key.
        for (const share of [0.05, 0.3]) {
          const picked = Array.from({ length: 800 }, (_, n) => n).filter(() => random() < share);
          const bits = new Uint32Array(wordsFor(800));
          for (const key of picked) setBit(bits, key);
          const ids = picked.map((key) => `id-${String(key).padStart(4, '0')}`);
          expectSame(index.nearest(query, 10, { bits, total: picked.length }), scan(kept, query, 10, ids));
          index.similarities(query, picked).forEach((similarity, at) => {
            const values = kept.get(ids[at]);
            const expected = values && cosine(values, query);
            if (expected === undefined) expect(similarity).toBeUndefined();
            else expect(similarity).toBeCloseTo(expected, 12);
          });
        }
        const short = randomVector(3);
        expectSame(index.nearest(short, 5), scan(kept, short, 5));
      }
    }
  });

  it('breaks ties by the greater id and keeps only k', () => {
    const index = new VectorIndex(rowsOptions);
    for (const id of ['b', 'd', 'a', 'c', 'e']) index.set(id, [1, 0]);
    index.set('f', [0, 1]);
    expect(index.nearest([2, 0], 3).map((hit) => hit.id)).toEqual(['e', 'd', 'c']);
    expect(index.nearest([2, 0], 10).map((hit) => hit.id)).toEqual(['e', 'd', 'c', 'b', 'a', 'f']);
    expect(index.nearest([0, 0], 3)).toEqual([]);
    expect(index.nearest([1, 0], 0)).toEqual([]);
    expect(index.nearest([1, 0, 0], 3)).toEqual([]);
  });

  it('copies the values it is given', () => {
    const index = new VectorIndex(rowsOptions);
    const values = [1, 0];
    index.set('a', values);
    values[0] = -1;
    expect(index.nearest([1, 0], 1)).toEqual([{ id: 'a', similarity: 1 }]);
  });

  it('finds the exact top k of large blocks through the 8-bit pass in at least 99 % of queries', () => {
    // Clustered, as embeddings are: many near neighbours of similar similarity, the hard case for codes.
    const dims = 48;
    const centres = Array.from({ length: 30 }, () => randomVector(dims));
    const near = () => {
      const centre = centres[Math.floor(random() * centres.length)];
      return centre.map((value) => Math.fround(value + (random() - 0.5) * 0.8));
    };
    const index = new VectorIndex(rowsOptions);
    const kept = new Map<string, number[]>();
    const rows = QUANTIZED_MIN_ROWS + 2000;
    for (let n = 0; n < rows; n++) {
      const id = `id-${String(n).padStart(5, '0')}`;
      const values = near();
      // The key is the row's number in the bitsets a filtered search passes.
      index.set(id, values, n);
      kept.set(id, values);
    }
    // Removals move the last row into the gap and updates rewrite a row: the 8-bit copy must follow.
    for (let n = 0; n < 500; n++) {
      const key = Math.floor(random() * rows);
      const id = `id-${String(key).padStart(5, '0')}`;
      if (n % 2) {
        index.delete(id);
        kept.delete(id);
      } else {
        const values = near();
        index.set(id, values, key);
        kept.set(id, values);
      }
    }
    expect(kept.size).toBeGreaterThanOrEqual(QUANTIZED_MIN_ROWS);

    let queries = 0;
    let exactQueries = 0;
    let recall = 0;
    for (let n = 0; n < 100; n++) {
      const query = near();
      // Filtered: most ids pass, so the candidates too go through the 8-bit pass.
      const candidates = [...kept.keys()].filter(() => random() < 0.85);
      // As bitsets of keys: most rows (the 8-bit pass over every row, keeping the set bits) or a few.
      const keyed = (ids: string[]) => {
        const bits = new Uint32Array(wordsFor(rows));
        for (const id of ids) setBit(bits, Number(id.slice(3)));
        return { bits, total: ids.length };
      };
      const few = [...kept.keys()].filter(() => random() < 0.3);
      for (const [k, only, asked] of [
        [5, undefined, undefined],
        [20, undefined, undefined],
        [20, candidates, candidates],
        [20, candidates, keyed(candidates)],
        [20, few, keyed(few)],
      ] as const) {
        const got = index.nearest(query, k, asked);
        const expected = scan(kept, query, k, only);
        const similarity = new Map(scan(kept, query, kept.size).map((hit) => [hit.id, hit.similarity]));
        const allowed = new Set(only);
        if (only) expect(got.filter((hit) => !allowed.has(hit.id))).toEqual([]);
        // Whatever the pass picked, similarities are computed from the floats.
        for (const hit of got) expect(hit.similarity).toBeCloseTo(similarity.get(hit.id) as number, 12);
        expect(got).toHaveLength(k);
        queries++;
        if (got.map((hit) => hit.id).join() === expected.map((hit) => hit.id).join()) exactQueries++;
        const wanted = new Set(expected.map((hit) => hit.id));
        recall += got.filter((hit) => wanted.has(hit.id)).length / k;
      }
    }
    expect(exactQueries / queries).toBeGreaterThanOrEqual(0.99);
    expect(recall / queries).toBeGreaterThanOrEqual(0.99);
  });

  it('loads what its binary sections saved, 8-bit pass included, and keeps working after more writes', async () => {
    const dims = 16;
    const original = new VectorIndex(rowsOptions);
    const kept = new Map<string, number[]>();
    const rows = QUANTIZED_MIN_ROWS + 500;
    const id = (n: number) => `id-${String(n).padStart(5, '0')}`;
    for (let n = 0; n < rows; n++) {
      const values = randomVector(n % 50 === 0 ? 3 : dims);
      original.set(id(n), values, n);
      kept.set(id(n), values);
    }
    for (let n = 0; n < rows; n += 7) {
      original.delete(id(n));
      kept.delete(id(n));
    }
    const restored = await restoreFrom(original.toSections(), rowsOptions);
    const expectAlike = () => {
      for (const [key, values] of kept) expect(restored.vectorOf(key)).toEqual(values);
      const bits = new Uint32Array(wordsFor(rows + 100));
      for (let n = 0; n < rows + 100; n += 2) setBit(bits, n);
      for (let round = 0; round < 10; round++) {
        const query = randomVector(dims);
        // Whole block (8-bit pass), keyed candidates, listed candidates, the other length.
        expect(restored.nearest(query, 10)).toEqual(original.nearest(query, 10));
        expect(restored.nearest(query, 10, { bits, total: rows })).toEqual(
          original.nearest(query, 10, { bits, total: rows }),
        );
        const listed = [...kept.keys()].filter(() => random() < 0.1);
        expect(restored.nearest(query, 5, listed)).toEqual(original.nearest(query, 5, listed));
        expectSame(restored.nearest(query, 5, listed), scan(kept, query, 5, listed));
        const listedKeys = listed.map((listedId) => Number(listedId.slice(3)));
        expect(restored.similarities(query, listedKeys)).toEqual(original.similarities(query, listedKeys));
        const short = randomVector(3);
        expect(restored.nearest(short, 5)).toEqual(original.nearest(short, 5));
      }
    };
    expectAlike();
    // New rows past the loaded arrays grow them; moved rows keep their keys.
    for (let n = rows; n < rows + 100; n++) {
      const values = randomVector(dims);
      for (const index of [original, restored]) index.set(id(n), values, n);
      kept.set(id(n), values);
    }
    for (let n = 1; n < rows; n += 11) {
      for (const index of [original, restored]) index.delete(id(n));
      kept.delete(id(n));
    }
    expectAlike();
    expect(restored.vectorOf(id(1))).toBeUndefined();
    // And saved again, rows read back from where they are kept.
    const again = await restoreFrom(restored.toSections(), rowsOptions);
    for (const [key, values] of kept) expect(again.vectorOf(key)).toEqual(values);
    for (const index of [original, restored, again]) index.close();
  });
});

describe('vector rows in files', () => {
  it('leave no file behind: each is unlinked once open', () => {
    const dir = mkdtempSync(join(folder, 'unlinked-'));
    const index = new VectorIndex({ dir });
    index.set('a', [1, 2, 3]);
    index.set('b', [3, 2, 1]);
    expect(readdirSync(dir)).toEqual([]);
    expect(index.vectorOf('b')).toEqual([3, 2, 1]);
    index.close();
  });

  it('stay open for a save reading them when the index closes, and close once it is done', () => {
    const index = new VectorIndex({ dir: folder });
    index.set('a', [1, 2, 3]);
    index.set('b', [3, 2, 1]);
    const values = index.toSections().find(({ name }) => name === '3.values');
    const parts = values?.parts()[Symbol.iterator]();
    const first = parts?.next();
    index.close();
    expect(Buffer.from(first?.value as Uint8Array)).toEqual(
      Buffer.from(new Float32Array([1, 2, 3, 3, 2, 1]).buffer),
    );
    expect(index.vectorOf('a')).toEqual([1, 2, 3]);
    expect(parts?.next().done).toBe(true);
    expect(() => index.vectorOf('a')).toThrow();
  });

  it('turns down a section whose rows do not match its ids', async () => {
    const index = new VectorIndex({});
    index.set('a', [1, 2, 3, 4]);
    index.set('b', [4, 3, 2, 1]);
    const sections = index.toSections();
    const cut = sections.map((section) =>
      section.name === '4.values'
        ? {
            name: section.name,
            bytes: 16,
            parts: () => [new Uint8Array(new Float32Array([1, 2, 3, 4]).buffer)],
          }
        : section,
    );
    await expect(restoreFrom(cut, { dir: folder })).rejects.toThrow(/1 rows, expected 2/);
  });
});
