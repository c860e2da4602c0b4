import { compareIdsDescending, cosine } from '@skillers/domain';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, describe, expect, it } from 'vitest';
import type { KnnHit } from '../../search-index.port';
import { copySections, prefixed, type SectionSource, sectionReader } from '../structures/binary-sections';
import { setBit, wordsFor } from '../structures/bitset';
import { throughFile } from '../snapshot/sections-in-file.testing';
import { QUANTIZED_MIN_ROWS, VectorIndex } from './vector-index';
import { VectorGraph } from './vector-graph';
import type { SectionInFile } from '../snapshot/section-in-file';

/** Small vectors and a low threshold keep these quick; below `QUANTIZED_MIN_ROWS` the scan is exact. */
const DIMS = 24;
const MIN_ROWS = 1000;
const ROWS = 2000;
const graphOptions = { minRows: MIN_ROWS, quietMs: 0 };
const folder = mkdtempSync(join(tmpdir(), 'skillers-vector-graph-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

let state = 2468;
const random = () => {
  state = (state * 1664525 + 1013904223) >>> 0;
  return state / 4294967296;
};
/** Clustered, as embeddings are: many close neighbours, the hard case for a graph and for 8-bit codes. */
const centres = Array.from({ length: 40 }, () => Array.from({ length: DIMS }, () => random() - 0.5));
const clustered = () =>
  centres[Math.floor(random() * centres.length)].map((value) => Math.fround(value + (random() - 0.5) * 0.4));
const id = (n: number) => `id-${String(n).padStart(6, '0')}`;

const scan = (kept: Map<string, number[]>, query: number[], k: number, allowed?: Set<string>): KnnHit[] =>
  [...kept]
    .filter(([key]) => !allowed || allowed.has(key))
    .map(([key, values]) => ({ id: key, similarity: cosine(values, query) as number }))
    .sort((a, b) => b.similarity - a.similarity || compareIdsDescending(a.id, b.id))
    .slice(0, k);

/** How many of the expected hits were found; each found hit's similarity is checked on the way. */
const foundOf = (got: KnnHit[], expected: KnnHit[], kept: Map<string, number[]>, query: number[]) => {
  for (const hit of got)
    expect(hit.similarity).toBeCloseTo(cosine(kept.get(hit.id) as number[], query) as number, 12);
  const wanted = new Set(expected.map((hit) => hit.id));
  return got.filter((hit) => wanted.has(hit.id)).length;
};

const filled = (rows = ROWS) => {
  const index = new VectorIndex({}, graphOptions);
  const kept = new Map<string, number[]>();
  for (let n = 0; n < rows; n++) {
    const values = clustered();
    index.set(id(n), values, n);
    kept.set(id(n), values);
  }
  return { index, kept };
};

/** Mean recall@20 over `queries` queries, each hit checked against its current vector, counted in hits. */
const meanRecall = (index: VectorIndex, kept: Map<string, number[]>, queries = 50, k = 20) => {
  let found = 0;
  let wanted = 0;
  for (let round = 0; round < queries; round++) {
    const query = clustered();
    const expected = scan(kept, query, k);
    found += foundOf(index.nearest(query, k), expected, kept, query);
    wanted += expected.length;
  }
  return found / wanted;
};

describe('VectorIndex with an HNSW graph', () => {
  it('answers by the exact scan until its graph is built, then through the graph with recall@20 ≥ 0.99', async () => {
    expect(ROWS).toBeLessThan(QUANTIZED_MIN_ROWS);
    const { index, kept } = filled();
    expect(index.graphRows(DIMS)).toBe(0);
    for (let round = 0; round < 5; round++) {
      const query = clustered();
      expect(index.nearest(query, 20)).toEqual(scan(kept, query, 20));
    }
    await index.graphsReady();
    expect(index.graphRows(DIMS)).toBe(ROWS);
    expect(meanRecall(index, kept)).toBeGreaterThanOrEqual(0.99);
    // Deeper pages ask the graph for 4 candidates per hit: recall holds.
    expect(meanRecall(index, kept, 20, 100)).toBeGreaterThanOrEqual(0.99);
    index.close();
  });

  it('builds no graph while held (a generation being filled), and builds it once released', async () => {
    const index = new VectorIndex({}, { ...graphOptions, held: true });
    for (let n = 0; n < ROWS; n++) index.set(id(n), clustered(), n);
    await index.graphsReady();
    expect(index.graphRows(DIMS)).toBe(0);
    index.releaseGraphs();
    await index.graphsReady();
    expect(index.graphRows(DIMS)).toBe(ROWS);
    index.close();
  });

  it('has no graph below its threshold', async () => {
    const { index } = filled(MIN_ROWS - 1);
    await index.graphsReady();
    expect(index.graphRows(DIMS)).toBe(0);
    index.close();
  });

  it('finds what was written during and after its build, and never what was deleted or replaced', async () => {
    const { index, kept } = filled();
    const building = index.graphsReady();
    // New vectors, replaced vectors and deletions, during the build and after it.
    const removed = new Map<string, number[]>();
    const append = (from: number) => {
      for (let n = from; n < from + 300; n++) {
        const values = clustered();
        index.set(id(n), values, n);
        kept.set(id(n), values);
      }
    };
    const deleteOrReplace = (from: number) => {
      for (let n = from - 2000; n < from - 1700; n++) {
        const key = id(n);
        removed.set(key, kept.get(key) as number[]);
        if (n % 2 === 0) {
          index.delete(key);
          kept.delete(key);
        } else {
          const values = clustered();
          index.set(key, values, n);
          kept.set(key, values);
        }
      }
    };
    // One turn in: the build has taken its first slices and waits for its next turn (queued after this
    // one), so the changes meet rows the graph has and rows it has not yet, and the build is still running.
    // More turns could let a fast machine finish the build first.
    await new Promise((resolve) => setImmediate(resolve));
    append(ROWS);
    deleteOrReplace(ROWS);
    await building;
    expect(index.graphRows(DIMS)).toBe(kept.size);
    // After the build: the deletions first, so that every new row stays past the graph's rows, where it is
    // compared exactly: each is its own nearest. (The graph's rows are approximate: held to the recall below.)
    deleteOrReplace(ROWS + 300);
    append(ROWS + 300);
    expect(index.graphRows(DIMS)).toBeLessThan(kept.size);
    for (let n = ROWS + 300; n < ROWS + 600; n++)
      expect(index.nearest(kept.get(id(n)) as number[], 1)[0].id).toBe(id(n));
    // A deleted vector is never found, a replaced one only as its new vector.
    for (const [key, values] of removed) {
      const hits = index.nearest(values, 20);
      if (!kept.has(key)) expect(hits.map((hit) => hit.id)).not.toContain(key);
      for (const hit of hits)
        expect(hit.similarity).toBeCloseTo(cosine(kept.get(hit.id) as number[], values) as number, 12);
    }
    expect(meanRecall(index, kept)).toBeGreaterThanOrEqual(0.99);
    await index.graphsReady();
    expect(index.graphRows(DIMS)).toBe(kept.size);
    expect(meanRecall(index, kept)).toBeGreaterThanOrEqual(0.99);
    index.close();
  });

  it('keeps filtered kNN to the allowed rows: through the graph when many qualify, exactly when few do', async () => {
    const { index, kept } = filled();
    await index.graphsReady();
    for (const share of [0.6, 0.3, 0.02]) {
      const bits = new Uint32Array(wordsFor(ROWS));
      const allowed = new Set<string>();
      for (let n = 0; n < ROWS; n++)
        if (random() < share) {
          setBit(bits, n);
          allowed.add(id(n));
        }
      // Counted in hits, not summed fractions: 594 of 600 is 0.99, where thirty fractions add up to a hair less.
      let found = 0;
      let wanted = 0;
      for (let round = 0; round < 30; round++) {
        const query = clustered();
        const got = index.nearest(query, 20, { bits, total: allowed.size });
        const expected = scan(kept, query, 20, allowed);
        for (const hit of got) expect(allowed.has(hit.id)).toBe(true);
        if (share < 0.25) expect(got).toEqual(expected);
        found += foundOf(got, expected, kept, query);
        wanted += expected.length;
      }
      expect(found / wanted).toBeGreaterThanOrEqual(0.99);
    }
    index.close();
  });

  it('saves its graph with its sections and loads it back; a damaged or missing graph is built again', async () => {
    const { index, kept } = filled();
    await index.graphsReady();
    const sections = index.toSections();
    const graphSection = `${DIMS}.graph`;
    expect(sections.map((section) => section.name)).toContain(graphSection);
    const restore = (edit: (section: SectionSource) => SectionSource | undefined) =>
      VectorIndex.fromSections(
        sectionReader(copySections(sections.flatMap((section) => edit(section) ?? []))),
        {},
        { ...graphOptions, quietMs: 60_000 },
      );

    const restored = restore((section) => section);
    expect(restored.graphRows(DIMS)).toBe(ROWS);
    for (let round = 0; round < 20; round++) {
      const query = clustered();
      expect(restored.nearest(query, 20)).toEqual(index.nearest(query, 20));
    }

    const cut = copySections([sections.find((section) => section.name === graphSection) as SectionSource])[0];
    const damaged = [
      restore((section) =>
        section.name === graphSection
          ? {
              name: section.name,
              bytes: cut.data.length >> 1,
              parts: () => [cut.data.subarray(0, cut.data.length >> 1)],
            }
          : section,
      ),
      restore((section) => (section.name === graphSection ? undefined : section)),
    ];
    for (const rebuilt of damaged) {
      expect(rebuilt.graphRows(DIMS)).toBe(0);
      const query = clustered();
      expect(rebuilt.nearest(query, 20)).toEqual(scan(kept, query, 20));
      await rebuilt.graphsReady();
      expect(rebuilt.graphRows(DIMS)).toBe(ROWS);
      expect(meanRecall(rebuilt, kept)).toBeGreaterThanOrEqual(0.99);
    }
    for (const each of [index, restored, ...damaged]) each.close();
  });

  it('keeps its saved graph readable through a renamed copy of its section, after a collection', async () => {
    const { index } = filled();
    await index.graphsReady();
    // As a snapshot's parts name theirs: the copy keeps the reader, and the section the index made is garbage.
    const [copy] = prefixed('teammate', index.toSections()).filter(({ name }) => name.endsWith('.graph'));
    setFlagsFromString('--expose-gc');
    const collect = runInNewContext('gc') as () => void;
    for (let round = 0; round < 3; round++) {
      collect();
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const bytes = [...copy.parts()].reduce((sum, part) => sum + part.byteLength, 0);
    expect(bytes).toBe(copy.bytes);
    index.close();
  });

  it('loads its graph where a snapshot file holds it, in the background, and builds one if it is damaged', async () => {
    const { index, kept } = filled();
    await index.graphsReady();
    const rows = { dir: mkdtempSync(join(folder, 'in-file-')) };
    const restoreThroughFile = async (damaged?: string) => {
      const read = await throughFile(
        index.toSections(),
        folder,
        (name) => (name.endsWith('.graph') ? 'unchecked' : name.endsWith('.values') ? 'checked' : undefined),
        damaged,
      );
      try {
        return VectorIndex.fromSections(
          read.section,
          rows,
          { ...graphOptions, quietMs: 60_000 },
          read.inFile,
        );
      } finally {
        read.release();
      }
    };
    const restored = await restoreThroughFile();
    // Not loaded yet: the exact scan answers meanwhile.
    expect(restored.graphRows(DIMS)).toBe(0);
    const query = clustered();
    expect(restored.nearest(query, 20)).toEqual(scan(kept, query, 20));
    await restored.graphsReady();
    expect(restored.graphRows(DIMS)).toBe(ROWS);
    for (let round = 0; round < 20; round++) {
      const query = clustered();
      expect(restored.nearest(query, 20)).toEqual(index.nearest(query, 20));
    }
    // The copy it was loaded from is removed, and so are the rows' own files.
    expect(readdirSync(rows.dir)).toEqual([]);

    // A graph whose bytes no longer match their checksum (damaged after the save) is not loaded, though
    // usearch would take it, but built again.
    const graphName = `${DIMS}.graph`;
    for (const damage of [undefined, graphName]) {
      const read = await throughFile(
        index.toSections(),
        folder,
        (name) => (name === graphName ? 'unchecked' : undefined),
        damage,
      );
      const loaded = await VectorGraph.fromSection(
        read.inFile(graphName) as SectionInFile,
        DIMS,
        ROWS,
        rows.dir,
      );
      read.release();
      expect(loaded?.covered).toBe(damage ? undefined : ROWS);
    }
    const damaged = await restoreThroughFile(graphName);
    const before = clustered();
    expect(damaged.nearest(before, 20)).toEqual(scan(kept, before, 20));
    await damaged.graphsReady();
    expect(damaged.graphRows(DIMS)).toBe(ROWS);
    expect(meanRecall(damaged, kept)).toBeGreaterThanOrEqual(0.99);
    for (const each of [index, restored, damaged]) each.close();
  });
});
