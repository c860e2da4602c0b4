import { closeSync, fstatSync, openSync, readSync, rmSync, unlinkSync, writeSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Index, MetricKind, ScalarKind } from 'usearch';
import type { SectionInFile } from '../snapshot/section-in-file';
import type { SectionSource } from '../structures/binary-sections';

/** Links per node (usearch's connectivity): chosen by measurement, see docs/decisions/014. */
const CONNECTIVITY = 16;
/** Candidates weighed while linking a new node, and the least a search keeps in its queue. */
const EXPANSION_ADD = 128;
const EXPANSION_SEARCH = 64;
/** The most bytes one read of a saved graph takes. */
const READ_CHUNK_BYTES = 16 << 20;

let fileCount = 0;

/**
 * Closes a saved graph's file once its section's reader is garbage (the save is done with it). The reader,
 * not the section: a snapshot renames sections by copying them, and the copy keeps only the reader.
 */
const savedGraphs = new FinalizationRegistry<number>((fd) => closeSync(fd));
/** A path for a graph file of this process in `dir`, removed by whoever made it. */
const graphPath = (dir: string): string => join(dir, `search-index.graph.${process.pid}.${++fileCount}.tmp`);

/** A file of this process in `dir` that a saved graph's bytes are appended to, for `VectorGraph.fromFile`. */
export class GraphFile {
  readonly path: string;
  private fd: number;
  private end = 0;

  constructor(dir = tmpdir()) {
    this.path = graphPath(dir);
    this.fd = openSync(this.path, 'wx', 0o600);
  }

  append(chunk: Uint8Array): void {
    for (let written = 0; written < chunk.length;)
      written += writeSync(this.fd, chunk, written, chunk.length - written, this.end + written);
    this.end += chunk.length;
  }

  remove(): void {
    if (this.fd >= 0) closeSync(this.fd);
    this.fd = -1;
    rmSync(this.path, { force: true });
  }
}

/**
 * An HNSW graph (usearch, cosine over the 8-bit codes) over rows `0` to `covered` of a vector block, each
 * under its row number. The block tells it of every change to a covered row (`changed`, `removed`) so that it
 * always holds those rows' current codes; rows past `covered` are added in slices (`extend`) by whoever
 * schedules the build. `ready` once it has covered every row at least once: only then does it answer.
 */
export class VectorGraph {
  covered = 0;
  ready = false;

  private constructor(
    private readonly dims: number,
    private readonly index: Index,
  ) {}

  static create(dims: number): VectorGraph {
    return new VectorGraph(
      dims,
      new Index({
        dimensions: dims,
        metric: MetricKind.Cos,
        quantization: ScalarKind.I8,
        connectivity: CONNECTIVITY,
        expansion_add: EXPANSION_ADD,
        expansion_search: EXPANSION_SEARCH,
        multi: false,
      }),
    );
  }

  /**
   * The graph `toSection` saved, covering its first `size` rows, or undefined when the file is not a graph
   * of `dims`-long vectors over at most `rows` rows (the block then builds one again).
   */
  static fromFile(path: string, dims: number, rows: number): VectorGraph | undefined {
    const graph = VectorGraph.create(dims);
    try {
      graph.index.load(path);
    } catch {
      return undefined;
    }
    const size = graph.index.size();
    if (graph.index.dimensions() !== dims || size > rows) return undefined;
    graph.covered = size;
    graph.ready = true;
    return graph;
  }

  /**
   * `fromFile` for a section a snapshot's reader left in its file: copied to a file of its own in `dir` and
   * checked on the way, in a worker thread; undefined as well when the copy does not match its checksum.
   */
  static async fromSection(
    section: SectionInFile,
    dims: number,
    rows: number,
    dir = tmpdir(),
  ): Promise<VectorGraph | undefined> {
    const path = graphPath(dir);
    try {
      return (await section.check(path)) ? VectorGraph.fromFile(path, dims, rows) : undefined;
    } catch {
      return undefined;
    } finally {
      rmSync(path, { force: true });
    }
  }

  /** `fromFile` for the bytes of a section read into memory. */
  static fromBytes(bytes: Uint8Array, dims: number, rows: number, dir?: string): VectorGraph | undefined {
    const file = new GraphFile(dir);
    try {
      file.append(bytes);
      return VectorGraph.fromFile(file.path, dims, rows);
    } finally {
      file.remove();
    }
  }

  /**
   * The graph as a section: saved now into a file opened and unlinked at once (usearch saves to a path, not
   * to memory), whose bytes are read as a save reaches them; the file closes once nothing can read it.
   */
  toSection(name: string, dir = tmpdir()): SectionSource {
    const path = graphPath(dir);
    this.index.save(path);
    const fd = openSync(path, 'r');
    unlinkSync(path);
    const { size } = fstatSync(fd);
    const parts = function* () {
      for (let at = 0; at < size; at += READ_CHUNK_BYTES) {
        const chunk = Buffer.allocUnsafeSlow(Math.min(READ_CHUNK_BYTES, size - at));
        for (let read = 0; read < chunk.length;) {
          const got = readSync(fd, chunk, read, chunk.length - read, at + read);
          if (got === 0) throw new Error(`section ${name} is cut short`);
          read += got;
        }
        yield chunk;
      }
    };
    savedGraphs.register(parts, fd);
    return { name, bytes: size, parts };
  }

  /** Adds the `rows` rows after `covered` from the block's codes, on every core (the caller waits). */
  extend(codes: Int8Array, rows: number): void {
    const from = this.covered;
    const keys = BigUint64Array.from({ length: rows }, (_, at) => BigInt(from + at));
    this.index.add(keys, codes.subarray(from * this.dims, (from + rows) * this.dims), availableParallelism());
    this.covered = from + rows;
  }

  /** Row `row` has new codes. */
  changed(row: number, codes: Int8Array): void {
    if (row >= this.covered) return;
    const key = BigInt(row);
    this.index.remove(key);
    this.index.add(key, codes.subarray(row * this.dims, (row + 1) * this.dims), 1);
  }

  /** Row `row` was removed and the block's last row, `last`, moved into its place. */
  removed(row: number, last: number, codes: Int8Array): void {
    if (last < this.covered) {
      this.index.remove(BigInt(last));
      this.covered = last;
    }
    if (row !== last) this.changed(row, codes);
  }

  /** The rows of the `count` nodes nearest the query's codes (approximate: the caller re-ranks them). */
  search(queryCodes: Int8Array, count: number): number[] {
    const { keys } = this.index.search(queryCodes, count, 1);
    const rows: number[] = [];
    for (const key of keys) if (key < this.covered) rows.push(Number(key));
    return rows;
  }
}
