import { closeSync, openSync, readSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { readFullySync, type SectionInFile } from '../snapshot/section-in-file';

/** Rows a new block has room for. */
export const INITIAL_ROWS = 256;

/**
 * The room after a growth from `capacity` rows: a quarter more (at least `INITIAL_ROWS`). A block loaded
 * from a snapshot is exactly full, and doubling its gigabyte of rows at a million profiles for one new
 * profile costs more memory than the extra copies of growing by a quarter cost time.
 */
export const grownRows = (capacity: number): number =>
  capacity + Math.max(INITIAL_ROWS, Math.ceil(capacity / 4));
/** The most bytes a saved section's chunk holds when rows are read back from a file. */
const SAVE_CHUNK_BYTES = 16 << 20;
/**
 * The bytes of a file's first rows also kept in memory: every row of 100 000 vectors of 100 numbers, or 32 000
 * of 384. A row only in the file costs a read call each time a query re-ranks it or weighs its similarity
 * (some hundreds per text search), and below the 8-bit pass's threshold a query reads every row.
 */
export const KEPT_ROW_BYTES = 48 << 20;

/**
 * Where a vector block keeps its 32-bit rows. A row is read with `at(row)`, which returns where it starts in
 * `array` (valid until the next call on the same rows): in memory that is the row itself, in a file a copy
 * read into a scratch row. Rows are numbered densely from 0; the block decides which row holds which id.
 */
export interface VectorRows {
  readonly array: Float32Array;
  /** Makes `row` readable in `array` and returns its first index there. */
  at(row: number): number;
  /** Stores the values as `row` (a new row is the next number) and returns where they now start in `array`. */
  write(row: number, values: readonly number[]): number;
  /** Row `from` becomes row `to` (the block moves its last row into a removed one's place). */
  move(from: number, to: number): void;
  /**
   * The first `rows` rows, in order, as parts to write one after another: views of the live rows in memory,
   * read from the file chunk by chunk as they are asked for. A save checks that nothing changed meanwhile.
   */
  parts(rows: number): Iterable<Uint8Array>;
  /** Frees what the rows hold outside the heap (a file's descriptor); the rows are unusable afterwards. */
  close(): void;
}

/** Rows in one Float32Array that grows by a quarter: a query streams through them front to back. */
export class MemoryRows implements VectorRows {
  array: Float32Array;

  /** `rows`: the room a new array starts with. */
  constructor(
    private readonly dims: number,
    values?: Float32Array,
    rows = INITIAL_ROWS,
  ) {
    this.array = values ?? new Float32Array(Math.max(INITIAL_ROWS, rows) * dims);
  }

  at(row: number): number {
    return row * this.dims;
  }

  write(row: number, values: readonly number[]): number {
    const base = row * this.dims;
    if (base + this.dims > this.array.length) this.grow(row + 1);
    this.array.set(values, base);
    return base;
  }

  move(from: number, to: number): void {
    const { dims } = this;
    this.array.copyWithin(to * dims, from * dims, (from + 1) * dims);
  }

  *parts(rows: number): Iterable<Uint8Array> {
    yield new Uint8Array(this.array.buffer, this.array.byteOffset, rows * this.dims * 4);
  }

  close(): void {}

  private grow(rows: number): void {
    const next = Math.max(rows, grownRows(this.array.length / this.dims));
    const grown = new Float32Array(next * this.dims);
    grown.set(this.array);
    this.array = grown;
  }
}

let fileCount = 0;

/**
 * Closes the file of rows nobody closed before they became garbage (an index dropped without `close`, e.g.
 * by a server stopping while requests still read it): the descriptor and the disk space go back then.
 */
const unclosedFiles = new FinalizationRegistry<number>((fd) => {
  try {
    closeSync(fd);
  } catch {
    // Already closed with the process's other files.
  }
});

/**
 * Rows in a file of their own that no other process sees: created in `dir` and unlinked at once, so it
 * disappears when this process ends however it ends. Each written row is appended and the row's position
 * noted; moving a row moves only its position. Rows loaded from a snapshot stay where its file holds them
 * (`saved`), read there: only rows written since go to the file of their own. The files live in the page
 * cache, outside the process's memory: at a million 384-number rows that is 1.5 GB the server does not
 * hold. The rows are derived data (the snapshot and the vector cache keep them), so nothing here waits for
 * the disk. The first rows, up to `KEPT_ROW_BYTES`, are also kept in memory and read there.
 */
export class FileRows implements VectorRows {
  /** The kept rows when the last row asked for is one of them, else the scratch row. */
  array: Float32Array;
  private readonly scratch: Float32Array;
  private readonly bytes: Buffer;
  /** The first rows, the same as in the files; it grows as rows come, up to `keptMax` rows. */
  private kept = new Float32Array(0);
  private keptMax: number;
  /**
   * Where each row starts: in the file of its own from 0 up, or in the snapshot's file as `-1 - position`
   * (below 0).
   */
  private positions = new Float64Array(INITIAL_ROWS);
  private end = 0;
  /** Saves reading the rows now (`parts`), and whether the file closes once they are done. */
  private reading = 0;
  private closeWhenRead = false;
  private fd: number;

  constructor(
    private readonly dims: number,
    dir: string,
    /** A snapshot's section of rows, row after row, read where it lies. */
    private readonly saved?: SectionInFile,
    keptBytes = KEPT_ROW_BYTES,
  ) {
    this.scratch = new Float32Array(dims);
    this.array = this.scratch;
    this.bytes = Buffer.from(this.scratch.buffer);
    this.keptMax = Math.floor(keptBytes / (dims * 4));
    const path = join(dir, `search-index.rows.${process.pid}.${++fileCount}.tmp`);
    this.fd = openSync(path, 'wx+', 0o600);
    unlinkSync(path);
    unclosedFiles.register(this, this.fd, this);
    if (!saved) return;
    const rowBytes = dims * 4;
    if (saved.bytes % rowBytes !== 0)
      throw new Error(`vector values: ${saved.bytes} bytes are not whole rows`);
    saved.file.hold();
    this.reserve(this.savedRows);
    for (let row = 0; row < this.savedRows; row++) this.positions[row] = -1 - (saved.offset + row * rowBytes);
    // The kept rows come first in the section: one read.
    const keptRows = Math.min(this.savedRows, this.keptMax);
    this.keep(keptRows);
    const keptView = Buffer.from(this.kept.buffer, 0, keptRows * rowBytes);
    readFullySync(saved.file.fd, keptView, 0, keptView.length, saved.offset, 'vector values are cut short');
  }

  /** How many rows the snapshot's section holds. */
  get savedRows(): number {
    return this.saved ? this.saved.bytes / (this.dims * 4) : 0;
  }

  at(row: number): number {
    if (row < this.keptMax) {
      this.array = this.kept;
      return row * this.dims;
    }
    this.array = this.scratch;
    this.readRow(row);
    return 0;
  }

  write(row: number, values: readonly number[]): number {
    this.scratch.set(values);
    const length = this.dims * 4;
    for (let written = 0; written < length;)
      written += writeSync(this.fd, this.bytes, written, length - written, this.end + written);
    this.reserve(row + 1);
    this.positions[row] = this.end;
    this.end += length;
    if (row >= this.keptMax) {
      this.array = this.scratch;
      return 0;
    }
    this.keep(row + 1);
    this.kept.set(this.scratch, row * this.dims);
    this.array = this.kept;
    return row * this.dims;
  }

  move(from: number, to: number): void {
    this.positions[to] = this.positions[from];
    if (to >= this.keptMax) return;
    const { dims } = this;
    if (from < this.keptMax) this.kept.copyWithin(to * dims, from * dims, (from + 1) * dims);
    else {
      this.readRow(from);
      this.kept.set(this.scratch, to * dims);
    }
  }

  /** Reads the row from its file into the scratch row. */
  private readRow(row: number): void {
    const length = this.dims * 4;
    const position = this.positions[row];
    const read =
      position < 0
        ? readSync((this.saved as SectionInFile).file.fd, this.bytes, 0, length, -1 - position)
        : readSync(this.fd, this.bytes, 0, length, position);
    if (read !== length) throw new Error(`vector row ${row} is cut short`);
  }

  /** Makes room for `rows` kept rows (at most `keptMax`). */
  private keep(rows: number): void {
    const room = this.kept.length / this.dims;
    if (rows <= room) return;
    const grown = new Float32Array(Math.min(this.keptMax, Math.max(rows, room * 2)) * this.dims);
    grown.set(this.kept);
    this.kept = grown;
  }

  *parts(rows: number): Iterable<Uint8Array> {
    // A save of a generation swapped out meanwhile still reads it to the end: the close waits for it.
    this.reading++;
    try {
      yield* this.readParts(rows);
    } finally {
      this.reading--;
      if (this.closeWhenRead && this.reading === 0) this.close();
    }
  }

  private *readParts(rows: number): Iterable<Uint8Array> {
    const rowBytes = this.dims * 4;
    const perChunk = Math.max(1, Math.floor(SAVE_CHUNK_BYTES / rowBytes));
    for (let first = 0; first < rows; first += perChunk) {
      const count = Math.min(perChunk, rows - first);
      const chunk = Buffer.allocUnsafeSlow(count * rowBytes);
      // Rows written one after another lie one after another (in the same file): read each run at once.
      for (let row = first; row < first + count;) {
        const step = this.positions[row] < 0 ? -rowBytes : rowBytes;
        let last = row;
        while (last + 1 < first + count && this.positions[last + 1] === this.positions[last] + step) last++;
        const fd = step < 0 ? (this.saved as SectionInFile).file.fd : this.fd;
        const start = step < 0 ? -1 - this.positions[row] : this.positions[row];
        const offset = (row - first) * rowBytes;
        const length = (last - row + 1) * rowBytes;
        readFullySync(fd, chunk, offset, length, start, `vector row ${row} is cut short`);
        row = last + 1;
      }
      yield chunk;
    }
  }

  close(): void {
    this.closeWhenRead = this.reading > 0;
    if (this.fd < 0 || this.closeWhenRead) return;
    unclosedFiles.unregister(this);
    closeSync(this.fd);
    this.fd = -1;
    this.saved?.file.release();
    this.kept = new Float32Array(0);
    this.keptMax = 0;
  }

  private reserve(rows: number): void {
    if (rows <= this.positions.length) return;
    const grown = new Float64Array(Math.max(rows, this.positions.length * 2));
    grown.set(this.positions);
    this.positions = grown;
  }
}

/** How a vector index keeps its 32-bit rows: in memory (the default), or in files in `dir`. */
export interface VectorRowsOptions {
  /** A folder for the rows' files; without it the rows stay in memory. */
  dir?: string;
}

/** New rows as `options` says; in memory they start with room for `rows`. */
export const newVectorRows = (
  dims: number,
  { dir }: VectorRowsOptions = {},
  rows = INITIAL_ROWS,
): VectorRows => (dir === undefined ? new MemoryRows(dims, undefined, rows) : new FileRows(dims, dir));
