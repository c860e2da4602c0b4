import { exactSearch, MetricKind } from 'usearch';
import {
  arrayOf,
  arrayOfLength,
  arraySection,
  type SectionReader,
  type SectionSource,
  sectionIfAny,
  stringsSection,
} from '../structures/binary-sections';
import { IdSlots } from '../structures/id-slots';
import { SavedStrings } from '../structures/saved-strings';
import { FileRows, grownRows, INITIAL_ROWS, MemoryRows, type VectorRows } from '../structures/vector-rows';
import type { SectionInFile } from '../snapshot/section-in-file';
import type { VectorGraph } from './vector-graph';

const CODE_MAX = 127;

/** Symmetric 8-bit codes of `dims` values into `codes` at `base`: each value over the largest, times 127. */
const quantizeInto = (
  values: ArrayLike<number>,
  from: number,
  codes: Int8Array,
  base: number,
  dims: number,
): void => {
  let max = 0;
  for (let index = 0; index < dims; index++) max = Math.max(max, Math.abs(values[from + index]));
  const scale = max > 0 ? CODE_MAX / max : 0;
  for (let index = 0; index < dims; index++) codes[base + index] = Math.round(values[from + index] * scale);
};

/**
 * The dot product of `dims` values from `base` with the query, added in order (so the result does not depend
 * on the unrolling), four at a time.
 */
export const dotAt = (values: Float32Array, base: number, query: Float64Array, dims: number): number => {
  let dot = 0;
  let index = 0;
  for (; index + 3 < dims; index += 4) {
    const at = base + index;
    dot += values[at] * query[index];
    dot += values[at + 1] * query[index + 1];
    dot += values[at + 2] * query[index + 2];
    dot += values[at + 3] * query[index + 3];
  }
  for (; index < dims; index++) dot += values[base + index] * query[index];
  return dot;
};

/**
 * The most bytes of gathered codes kept from one query to the next (a sixth of a million rows of 384): a
 * new array's pages are faulted in as they are first written, which cost more than the copy itself.
 */
const GATHERED_KEPT_BYTES = 64 << 20;
let gathered = new Int8Array(0);

/** Room for `bytes` gathered codes: the kept array, grown, or a new one past `GATHERED_KEPT_BYTES`. */
const gatheringRoom = (bytes: number): Int8Array => {
  if (bytes > GATHERED_KEPT_BYTES) return new Int8Array(bytes);
  if (gathered.length < bytes)
    gathered = new Int8Array(Math.min(GATHERED_KEPT_BYTES, Math.max(bytes, 2 * gathered.length)));
  return gathered.subarray(0, bytes);
};

/**
 * Copies the codes of `rows`, one after another, into `into`. Four bytes at a time when rows start on a
 * 4-byte boundary: a view per row (`subarray`) cost twice the copy at tens of thousands of rows.
 */
export const gatherCodes = (
  codes: Int8Array,
  rows: ArrayLike<number>,
  dims: number,
  into: Int8Array,
): void => {
  if (dims % 4 !== 0 || codes.byteOffset % 4 !== 0 || into.byteOffset % 4 !== 0) {
    for (let at = 0; at < rows.length; at++)
      into.set(codes.subarray(rows[at] * dims, (rows[at] + 1) * dims), at * dims);
    return;
  }
  const words = dims >>> 2;
  const from = new Int32Array(codes.buffer, codes.byteOffset, codes.length >>> 2);
  const to = new Int32Array(into.buffer, into.byteOffset, into.length >>> 2);
  for (let at = 0, written = 0; at < rows.length; at++) {
    const start = rows[at] * words;
    const end = start + words;
    for (let read = start; read < end; read++) to[written++] = from[read];
  }
};

/**
 * The rows of the `pool` best 8-bit codes by cosine with the query's codes (usearch, one thread), among
 * `rows` (the facet index's candidates, whose codes are gathered first) or among all.
 */
export const firstPass = (block: VectorBlock, pool: number, rows?: ArrayLike<number>): number[] => {
  const { dims, codes, rowCount } = block;
  const queryCodes = block.quantizedQuery();
  let scanned = codes.subarray(0, rowCount * dims);
  if (rows) {
    scanned = gatheringRoom(rows.length * dims);
    gatherCodes(codes, rows, dims, scanned);
  }
  const count = rows ? rows.length : rowCount;
  if (scanned.byteOffset !== 0) throw new Error('the 8-bit pass reads codes from the start of their buffer');
  const matches = exactSearch(scanned, queryCodes, dims, pool, MetricKind.Cos, 1);
  // Keys are positions in the scanned codes.
  return Array.from(matches.keys, Number)
    .filter((at) => at < count)
    .map((at) => (rows ? rows[at] : at));
};

/**
 * Every stored vector of one length: its 32-bit rows (`VectorRows`: in memory, row after row, so that a
 * query streams through them once, front to back; or in a file), each row's length (norm), and an 8-bit
 * copy of each row in memory for the first pass of large blocks (a quarter of the size). Removing a row
 * moves the last row into its place.
 */
export class VectorBlock {
  rows: VectorRows;
  norms: Float64Array;
  codes: Int8Array;
  /** Each row's key in the caller's bitsets (the facet index's slot), -1 when none was given. */
  keys: Int32Array;
  /** Each row's id: a loaded block's are read where the snapshot's bytes lie (`SavedStrings`). */
  private idStrings = new SavedStrings();
  /** Each id's row. */
  rowById = new IdSlots();
  /** Each key's row, -1 for none (`rowOfKey`): made from `keys` when first asked for after a load. */
  private rowsByKey?: Int32Array;
  /** The current query, copied here so that the inner loop reads typed arrays only. */
  readonly query: Float64Array;
  readonly queryCodes: Int8Array;
  /** The HNSW graph over the codes, kept up to date with every row it covers; built by the vector index. */
  graph?: VectorGraph;
  /** The graph a snapshot saved, left in its file until the vector index loads it (holding the file). */
  savedGraph?: SectionInFile;
  /** Counts the writes, so that a graph loaded meanwhile, which they did not reach, is not used. */
  writes = 0;

  /** `room`: the rows the in-memory arrays start with. */
  constructor(
    readonly dims: number,
    rows: VectorRows = new MemoryRows(dims),
    room = INITIAL_ROWS,
  ) {
    this.rows = rows;
    const start = Math.max(INITIAL_ROWS, room);
    this.norms = new Float64Array(start);
    this.codes = new Int8Array(start * dims);
    this.keys = new Int32Array(start);
    this.query = new Float64Array(dims);
    this.queryCodes = new Int8Array(dims);
  }

  /** The id of the vector at `row`. */
  idAt(row: number): string {
    return this.idStrings.at(row);
  }

  /** Each row's id, every one decoded (for a write or a save). */
  private get ids(): string[] {
    return this.idStrings.list;
  }

  /** The ids of rows `a` and `b` compared as strings are (-1, 0 or 1), without decoding saved ones. */
  compareIdsAt(a: number, b: number): number {
    return this.idStrings.compareAt(a, b);
  }

  /** How many rows are used, without decoding a loaded block's ids. */
  get rowCount(): number {
    return this.idStrings.count;
  }

  /** The used rows as sections: ids, 32-bit values, norms, 8-bit codes and keys. */
  toSections(): SectionSource[] {
    const rows = this.rowCount;
    return [
      stringsSection('ids', this.ids),
      IdSlots.tableSection('id-table', this.ids),
      { name: 'values', bytes: rows * this.dims * 4, parts: () => this.rows.parts(rows) },
      arraySection('norms', this.norms, rows),
      arraySection('codes', this.codes, rows * this.dims),
      arraySection('keys', this.keys, rows),
    ];
  }

  /**
   * The rows `toSections` saved, wrapped where aligned: the next new row grows the arrays (a copy). The
   * 32-bit rows are `rows` when the snapshot's reader already put them there (a file), else the section's.
   */
  static fromSections(dims: number, section: SectionReader, rows?: VectorRows): VectorBlock {
    const ids = new SavedStrings(section('ids'));
    const count = ids.count;
    const block = new VectorBlock(
      dims,
      rows ??
        new MemoryRows(
          dims,
          count === 0
            ? undefined
            : arrayOfLength(Float32Array, section('values'), count * dims, 'vector values'),
        ),
    );
    if (rows instanceof FileRows && rows.savedRows !== count)
      throw new Error(`vector values: ${rows.savedRows} rows, expected ${count}`);
    if (count === 0) return block;
    block.norms = arrayOfLength(Float64Array, section('norms'), count, 'vector norms');
    const codes = arrayOfLength(Int8Array, section('codes'), count * dims, 'vector codes');
    // usearch's exact search reads an array from the start of its buffer, whatever the view's offset: codes
    // a snapshot's reader put in a buffer shared with other sections get one of their own.
    block.codes = codes.byteOffset === 0 ? codes : codes.slice();
    block.keys = arrayOfLength(Int32Array, section('keys'), count, 'vector keys');
    block.idStrings = ids;
    const table = sectionIfAny(section, 'id-table');
    block.rowById = IdSlots.fromSaved(ids, table && arrayOf(Int32Array, table));
    return block;
  }

  /** The row whose key is `key`, or -1: a bitset's set bits map to rows without the ids. */
  rowOfKey(key: number): number {
    if (!this.rowsByKey) {
      let largest = -1;
      for (let row = 0; row < this.rowCount; row++) largest = Math.max(largest, this.keys[row]);
      this.rowsByKey = new Int32Array(Math.max(INITIAL_ROWS, largest + 1)).fill(-1);
      for (let row = 0; row < this.rowCount; row++) this.keyRow(this.keys[row], row);
    }
    return key < this.rowsByKey.length ? this.rowsByKey[key] : -1;
  }

  /** Records the key's row in `rowsByKey` once it is made (no key: -1 is left out). */
  private keyRow(key: number, row: number): void {
    if (!this.rowsByKey || key < 0) return;
    if (key >= this.rowsByKey.length) {
      const grown = new Int32Array(Math.max(key + 1, this.rowsByKey.length * 2)).fill(-1);
      grown.set(this.rowsByKey);
      this.rowsByKey = grown;
    }
    this.rowsByKey[key] = row;
  }

  /** Forgets the key's row, unless another row holds the key now. */
  private unkeyRow(key: number, row: number): void {
    if (this.rowsByKey && key >= 0 && key < this.rowsByKey.length && this.rowsByKey[key] === row)
      this.rowsByKey[key] = -1;
  }

  /** Stores the values under the id; a zero vector has no direction and is removed instead. */
  put(id: string, values: readonly number[], key: number): void {
    this.writes++;
    const { dims } = this;
    const known = this.rowById.get(id);
    const row = known ?? this.rowCount;
    if (row === this.norms.length) this.grow();
    const at = this.rows.write(row, values);
    const stored = this.rows.array;
    // Measured on the stored 32-bit values, so that a stored vector is exactly similar (1) to itself.
    let sum = 0;
    for (let index = at; index < at + dims; index++) sum += stored[index] * stored[index];
    if (!(sum > 0)) {
      if (known !== undefined) this.remove(id);
      return;
    }
    this.norms[row] = Math.sqrt(sum);
    if (known !== undefined && this.keys[row] !== key) this.unkeyRow(this.keys[row], row);
    this.keys[row] = key;
    this.keyRow(key, row);
    // A document written again with the same vector (most updates) leaves the graph as it is.
    const before =
      known !== undefined && this.graph ? this.codes.slice(row * dims, (row + 1) * dims) : undefined;
    quantizeInto(stored, at, this.codes, row * dims, dims);
    if (known === undefined) {
      this.rowById.set(id, row);
      this.ids.push(id);
    } else if (before && before.some((code, index) => code !== this.codes[row * dims + index]))
      this.graph?.changed(row, this.codes);
  }

  remove(id: string): void {
    const row = this.rowById.get(id);
    if (row === undefined) return;
    this.writes++;
    this.rowById.delete(id);
    this.unkeyRow(this.keys[row], row);
    const last = this.rowCount - 1;
    const lastId = this.ids.pop() as string;
    if (row === last) {
      this.graph?.removed(row, last, this.codes);
      return;
    }
    const { dims } = this;
    this.rows.move(last, row);
    this.codes.copyWithin(row * dims, last * dims, (last + 1) * dims);
    this.norms[row] = this.norms[last];
    this.keys[row] = this.keys[last];
    this.keyRow(this.keys[row], row);
    this.ids[row] = lastId;
    this.rowById.set(lastId, row);
    this.graph?.removed(row, last, this.codes);
  }

  /** Copies the query into `query` for the inner loops; returns its length (norm). */
  setQuery(values: readonly number[]): number {
    let sum = 0;
    for (let index = 0; index < this.dims; index++) {
      this.query[index] = values[index];
      sum += values[index] * values[index];
    }
    return Math.sqrt(sum);
  }

  /** The current query's 8-bit codes, as the rows' are made. */
  quantizedQuery(): Int8Array {
    quantizeInto(this.query, 0, this.queryCodes, 0, this.dims);
    return this.queryCodes;
  }

  /** Room for more rows in the in-memory arrays, as `MemoryRows` grows its own (`grownRows`). */
  private grow(): void {
    const rows = grownRows(this.norms.length);
    const { dims } = this;
    const norms = new Float64Array(rows);
    norms.set(this.norms);
    const codes = new Int8Array(rows * dims);
    codes.set(this.codes);
    const keys = new Int32Array(rows);
    keys.set(this.keys);
    this.keys = keys;
    this.norms = norms;
    this.codes = codes;
  }
}
