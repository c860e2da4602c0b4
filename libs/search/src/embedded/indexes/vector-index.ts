import type { KnnHit } from '../../search-index.port';
import {
  jsonOf,
  jsonSection,
  prefixed,
  type SectionReader,
  type SectionSource,
} from '../structures/binary-sections';
import { type Bitset, forEachBit, hasBit } from '../structures/bitset';
import { TopSlots } from '../structures/top-slots';
import type { SectionInFile } from '../snapshot/section-in-file';
import { FileRows, INITIAL_ROWS, newVectorRows, type VectorRowsOptions } from '../structures/vector-rows';
import { dotAt, firstPass, VectorBlock } from './vector-block';
import { VectorGraph } from './vector-graph';
import { VectorGraphBuilds, type VectorGraphOptions } from './vector-graph-builds';

/**
 * From this many vectors to compare on, a query first scans an 8-bit copy with usearch's SIMD exact search,
 * then ranks its best candidates with the 32-bit floats; fewer are compared in floats directly.
 */
export const QUANTIZED_MIN_ROWS = 4096;
/**
 * Candidates the 8-bit pass, or the graph, keeps for the exact re-ranking: at least this many, and this many
 * times k.
 */
const RERANK_MIN = 200;
const RERANK_PER_K = 10;
/**
 * The graph's candidates per k: a graph search weighs as many nodes as it is asked for, and its time grows
 * faster than that (at 100 000 rows, 520 candidates took 5 times as long as 200), so deeper pages ask it for
 * fewer than the 8-bit pass keeps. Recall@20 is unchanged: both keep 200 there.
 */
const GRAPH_PER_K = 4;
/**
 * A filtered query goes through the graph when at least this share of the rows qualify: it asks for
 * proportionally more candidates and keeps the qualifying ones. Fewer, and the exact scan of the qualifying
 * rows is both cheaper and exact.
 */
const GRAPH_MIN_SHARE = 1 / 4;
/**
 * A filtered query over more codes than fit in the processor's caches scans every row's 8-bit code when at
 * least this share of the rows qualify, its pool widened by the share left out, rather than copy the
 * qualifying rows' codes first: the scan streams through memory (about 35 ms over a million rows of 384),
 * while the copy jumps from row to row (about 80 ms for 10 % of them, 300 ms for half; bench/HISTORY.md,
 * "Codes scanned whole"). Under `WHOLE_SCAN_MIN_BYTES` of codes the copy stays cheap, and half must qualify.
 */
const WHOLE_SCAN_MIN_SHARE = 1 / 12;
const WHOLE_SCAN_MIN_BYTES = 32 << 20;
/**
 * Candidates fewer than one in this many rows are found from their bits (`keyedRows`): a set bit costs a
 * lookup, a row a bit test.
 */
const SPARSE_KEYS_PER_ROW = 8;
/** Rows written after the graph's last slice are compared exactly; past this many, the graph waits. */
const GRAPH_TAIL_MAX = 1024;
/** Rows restricted to those whose key is a set bit of `bits`; `total` bounds how many there are. */
export interface KeyedCandidates {
  bits: Bitset;
  total: number;
}

/**
 * Cosine similarity over every stored vector, reproducible: the same data and query give the same hits,
 * with exact similarities. Vectors are stored as 32-bit floats, the precision embedding models produce;
 * each query reads every vector of its length once and keeps the best `k` in a bounded heap. Queries over
 * many vectors (all, or the facet index's candidates when filtered) read an 8-bit copy instead and re-rank
 * its best `max(200, 10 k)` with the floats:
 * the hits are the exact top `k` unless one of them fell outside that pool (tests and bench/sort-knn.mjs
 * measure how often). From `GRAPH_MIN_ROWS` vectors, once their HNSW graph is built (in the background,
 * after writes pause), the graph gives `max(200, 4 k)` candidates instead, in about a millisecond at a million.
 */
export class VectorIndex {
  private readonly blocks = new Map<number, VectorBlock>();
  /** The block being searched, whose ids break the heap's ties: the greater id first. */
  private tieBlock?: VectorBlock;
  private readonly top = new TopSlots((a, b) => {
    return (this.tieBlock as VectorBlock).compareIdsAt(b, a);
  });

  /** The rows a new block starts with room for (`reserve`). */
  private expectedRows = INITIAL_ROWS;

  private readonly graphs: VectorGraphBuilds;

  constructor(
    private readonly rowsOptions: VectorRowsOptions = {},
    graphOptions: VectorGraphOptions = {},
  ) {
    this.graphs = new VectorGraphBuilds(() => this.blocks.values(), graphOptions, rowsOptions.dir);
  }

  /**
   * Blocks created from now on start with room for `rows` vectors, where growing as they arrive would copy
   * every array (a build knows how many documents it will write, not their vectors' lengths).
   */
  reserve(rows: number): void {
    this.expectedRows = Math.max(INITIAL_ROWS, rows);
  }

  /**
   * Every block's rows as binary sections (`<dims>.<part>`), with the list of lengths, and each built graph
   * (`<dims>.graph`).
   */
  toSections(): SectionSource[] {
    const blocks = [...this.blocks.values()];
    return [
      jsonSection(
        'dims',
        blocks.map((block) => block.dims),
      ),
      ...blocks.flatMap((block) =>
        prefixed(String(block.dims), [
          ...block.toSections(),
          ...(block.graph?.ready ? [block.graph.toSection('graph', this.rowsOptions.dir)] : []),
        ]),
      ),
    ];
  }

  /**
   * The index `toSections` saved. Sections a snapshot's reader left in its file (`inFile`) are read there:
   * 32-bit rows (when `rowsOptions` keeps rows in files, as new blocks keep theirs) and graphs, loaded in
   * the background (the exact scan answers until then).
   */
  static fromSections(
    section: SectionReader,
    rowsOptions: VectorRowsOptions = {},
    graphOptions: VectorGraphOptions = {},
    inFile: (name: string) => SectionInFile | undefined = () => undefined,
  ): VectorIndex {
    const index = new VectorIndex(rowsOptions, graphOptions);
    for (const dims of jsonOf<number[]>(section('dims'))) {
      if (!Number.isInteger(dims) || dims <= 0) throw new Error(`vectors of length ${String(dims)}`);
      const savedRows = inFile(`${dims}.values`);
      const { dir } = rowsOptions;
      if (savedRows && dir === undefined) throw new Error(`vector values ${dims} left in a file`);
      const block = VectorBlock.fromSections(
        dims,
        (name) => section(`${dims}.${name}`),
        savedRows && new FileRows(dims, dir as string, savedRows),
      );
      index.blocks.set(dims, block);
      if (index.graphs.wants(block.rowCount)) {
        // A graph section missing (a small block then, an older save) or damaged is built again.
        const name = `${dims}.graph`;
        const savedGraph = inFile(name);
        if (savedGraph) {
          savedGraph.file.hold();
          block.savedGraph = savedGraph;
        } else block.graph = graphOf(section, name, dims, block.rowCount, dir);
        index.graphs.schedule();
      }
    }
    return index;
  }

  /**
   * Copies the values, under the id and, when given, a key by which `nearest` can restrict a search to the
   * set bits of a bitset. A zero vector has no direction and is left out.
   */
  set(id: string, values: readonly number[] | undefined, key = -1): void {
    const dims = values?.length ?? 0;
    const current = this.blockOf(id);
    if (current && current.dims !== dims) this.delete(id);
    if (!values || dims === 0) return;
    let block = this.blocks.get(dims);
    if (!block) {
      block = new VectorBlock(
        dims,
        newVectorRows(dims, this.rowsOptions, this.expectedRows),
        this.expectedRows,
      );
      this.blocks.set(dims, block);
    }
    block.put(id, values, key);
    if (this.graphs.wants(block.rowCount)) this.graphs.schedule();
  }

  /**
   * The block holding the id's vector: asked of each (one per vector length, a few at most) rather than kept
   * in a map of a million ids that a restart would fill.
   */
  private blockOf(id: string): VectorBlock | undefined {
    for (const block of this.blocks.values()) if (block.rowById.get(id) !== undefined) return block;
    return undefined;
  }

  /** Lets the graphs be built (see `VectorGraphOptions.held`). */
  releaseGraphs(): void {
    this.graphs.release();
  }

  /** How many vectors of length `dims` a ready graph covers (0 without one): queries use it from then on. */
  graphRows(dims: number): number {
    const graph = this.blocks.get(dims)?.graph;
    return graph?.ready ? graph.covered : 0;
  }

  /** Builds every pending graph now, without waiting for quiet; resolves once all are caught up. */
  graphsReady(): Promise<void> {
    return this.graphs.ready();
  }

  delete(id: string): void {
    this.blockOf(id)?.remove(id);
  }

  /** The stored (32-bit) values of the id's vector, or undefined when it has none. */
  vectorOf(id: string): number[] | undefined {
    const block = this.blockOf(id);
    const row = block?.rowById.get(id);
    if (!block || row === undefined) return undefined;
    const at = block.rows.at(row);
    return Array.from(block.rows.array.subarray(at, at + block.dims));
  }

  /**
   * The cosine similarity with the query of each row keyed by `keys` (the `key` of `set`), computed as
   * `nearest` computes it; undefined for a key without a vector of the query's length.
   */
  similarities(query: readonly number[], keys: readonly number[]): (number | undefined)[] {
    const block = this.blocks.get(query.length);
    if (!block) return keys.map(() => undefined);
    const { dims, rows, norms } = block;
    const queryNorm = block.setQuery(query);
    return keys.map((key) => {
      const row = block.rowOfKey(key);
      if (row < 0 || !(queryNorm > 0)) return undefined;
      // `at` first: a row read from a file lands in the array it then gives.
      const at = rows.at(row);
      return dotAt(rows.array, at, block.query, dims) / (norms[row] * queryNorm);
    });
  }

  /**
   * The `k` most similar among `candidates` (all stored vectors when absent): ids, or the rows whose key is
   * a set bit of a bitset (`total` of them at most); ties by greater id.
   */
  nearest(query: readonly number[], k: number, candidates?: Iterable<string> | KeyedCandidates): KnnHit[] {
    const block = this.blocks.get(query.length);
    if (k <= 0 || !block || block.rowCount === 0) return [];
    const { dims, rows: stored, norms, rowCount, rowById, keys } = block;
    const vector = block.query;
    const queryNorm = block.setQuery(query);
    if (!(queryNorm > 0)) return [];
    const top = this.top;
    this.tieBlock = block;
    top.reset(k);
    // The least similarity a row needs to be kept: -Infinity until `k` rows are kept.
    const bar = () => (top.full ? top.worstKey : -Infinity);
    // The kept rows, best first: more similar, then the greater id.
    const hits = (): KnnHit[] =>
      top.sortedEntries().map(({ key, slot }) => ({ id: block.idAt(slot), similarity: key }));
    const pool = Math.max(RERANK_MIN, RERANK_PER_K * k);
    const graphPool = Math.max(RERANK_MIN, GRAPH_PER_K * k);
    const graph = block.graph;
    const useGraph = graph?.ready === true && rowCount - graph.covered <= GRAPH_TAIL_MAX && rowCount > pool;
    // The graph's candidates, and the rows written since its last slice.
    const graphRows = (count: number) => {
      const rows = (graph as VectorGraph).search(block.quantizedQuery(), count);
      for (let row = (graph as VectorGraph).covered; row < rowCount; row++) rows.push(row);
      return rows;
    };
    const rerank = (rows: ArrayLike<number>) => {
      // The bar, read again only after an offer (as the whole-block loop below does).
      let least = bar();
      for (let index = 0; index < rows.length; index++) {
        const row = rows[index];
        const at = stored.at(row);
        const similarity = dotAt(stored.array, at, vector, dims) / (norms[row] * queryNorm);
        if (similarity >= least) {
          top.offer(similarity, row);
          least = bar();
        }
      }
      return hits();
    };
    if (candidates === undefined && useGraph) return rerank(graphRows(graphPool));
    if (candidates === undefined && rowCount >= QUANTIZED_MIN_ROWS && rowCount > pool) {
      return rerank(firstPass(block, pool));
    }
    if (candidates !== undefined && 'bits' in candidates) {
      const { bits, total: count } = candidates;
      if (useGraph && count >= GRAPH_MIN_SHARE * rowCount) {
        // As many qualifying candidates as an unfiltered query's, about: more asked for, the others dropped.
        const widened = Math.min(rowCount, Math.ceil((graphPool * rowCount) / count));
        const rows = graphRows(widened).filter((row) => keys[row] >= 0 && hasBit(bits, keys[row]));
        if (rows.length >= graphPool / 2) return rerank(rows);
      }
      const quantized = count >= QUANTIZED_MIN_ROWS && count > pool;
      const wholeScanShare = rowCount * dims >= WHOLE_SCAN_MIN_BYTES ? WHOLE_SCAN_MIN_SHARE : 1 / 2;
      if (quantized && count >= wholeScanShare * rowCount) {
        // Many rows qualify: the 8-bit pass over every row, its pool widened by the share left out, keeps
        // about `pool` qualifying rows without copying their codes.
        const widened = Math.min(rowCount, Math.ceil((pool * rowCount) / count));
        const rows = firstPass(block, widened).filter((row) => hasBit(bits, keys[row]));
        if (rows.length >= pool / 2) return rerank(rows);
      }
      const rows = keyedRows(block, candidates);
      return rerank(
        rows.length >= QUANTIZED_MIN_ROWS && rows.length > pool ? firstPass(block, pool, rows) : rows,
      );
    }
    if (candidates) {
      const rows: number[] = [];
      for (const id of candidates) {
        const row = rowById.get(id);
        if (row !== undefined) rows.push(row);
      }
      return rerank(
        rows.length >= QUANTIZED_MIN_ROWS && rows.length > pool ? firstPass(block, pool, rows) : rows,
      );
    }
    // The whole block, front to back: the loop every unfiltered query runs allocates nothing.
    let least = -Infinity;
    for (let row = 0; row < rowCount; row++) {
      const at = stored.at(row);
      const similarity = dotAt(stored.array, at, vector, dims) / (norms[row] * queryNorm);
      if (similarity >= least) {
        top.offer(similarity, row);
        least = bar();
      }
    }
    return hits();
  }

  /** Frees the rows' files, if any: the index is not used afterwards. */
  close(): void {
    this.graphs.close();
    for (const block of this.blocks.values()) {
      block.rows.close();
      block.graph = undefined;
      block.savedGraph?.file.release();
      block.savedGraph = undefined;
    }
  }
}

/**
 * Room for the rows `keyedRows` finds, kept from one query to the next: a new array's pages cost more than
 * filling them.
 */
let keyedRowsRoom = new Int32Array(0);

/**
 * The rows whose key is a set bit, in row order: found from the bits when they are few (a query's contenders),
 * else by reading every row's key. Valid until the next call.
 */
const keyedRows = (block: VectorBlock, { bits, total }: KeyedCandidates): Int32Array => {
  const { rowCount, keys } = block;
  const most = Math.min(total, rowCount);
  if (keyedRowsRoom.length < most) keyedRowsRoom = new Int32Array(Math.max(most, 2 * keyedRowsRoom.length));
  const rows = keyedRowsRoom;
  let count = 0;
  if (total * SPARSE_KEYS_PER_ROW < rowCount) {
    forEachBit(bits, (key) => {
      const row = block.rowOfKey(key);
      if (row >= 0) rows[count++] = row;
    });
    return rows.subarray(0, count).sort();
  }
  for (let row = 0; row < rowCount; row++) if (keys[row] >= 0 && hasBit(bits, keys[row])) rows[count++] = row;
  return rows.subarray(0, count);
};

/** The block's saved graph, or undefined when it is missing or unreadable (the block builds one again). */
const graphOf = (
  section: SectionReader,
  name: string,
  dims: number,
  rows: number,
  dir: string | undefined,
): VectorGraph | undefined => {
  let bytes: Buffer;
  try {
    bytes = section(name);
  } catch {
    return undefined;
  }
  return bytes.length === 0 ? undefined : VectorGraph.fromBytes(bytes, dims, rows, dir);
};
