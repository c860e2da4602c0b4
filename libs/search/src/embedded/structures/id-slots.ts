import { builtSection, type SectionSource } from './binary-sections';
import type { SavedStrings } from './saved-strings';

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** The size of a table for `count` ids: a power of two, at most half full. */
const tableSize = (count: number): number => {
  let size = 2;
  while (size < 2 * count) size *= 2;
  return size;
};

/** Puts `position` in the table at the first free entry from `hash`. */
const place = (table: Int32Array, hash: number, position: number): void => {
  const mask = table.length - 1;
  let entry = hash & mask;
  while (table[entry] !== 0) entry = (entry + 1) & mask;
  table[entry] = position + 1;
};

/** The UTF-8 bytes of an id that is not ASCII; undefined for ASCII, whose character codes are its bytes. */
const nonAsciiBytes = (id: string): Buffer | undefined => {
  for (let at = 0; at < id.length; at++) if (id.charCodeAt(at) > 0x7f) return Buffer.from(id, 'utf8');
  return undefined;
};

/** FNV-1a over bytes `start` to `end`. */
const hashBytes = (bytes: Uint8Array, start: number, end: number): number => {
  let hash = FNV_OFFSET;
  for (let at = start; at < end; at++) hash = Math.imul(hash ^ bytes[at], FNV_PRIME);
  return hash;
};

/** FNV-1a over an id's UTF-8 bytes (given when not ASCII), as the table is built over saved bytes. */
const hashOf = (id: string, bytes: Buffer | undefined): number => {
  if (bytes) return hashBytes(bytes, 0, bytes.length);
  let hash = FNV_OFFSET;
  for (let at = 0; at < id.length; at++) hash = Math.imul(hash ^ id.charCodeAt(at), FNV_PRIME);
  return hash;
};

/**
 * Each id's number (a facet slot, a vector row), as a `Map<string, number>` holds them, but over the ids a
 * snapshot saved without making a string per id: a hash table (open addressing, FNV-1a over the bytes) of
 * their positions, read against the saved bytes, where an id's number is its position. A save writes the table
 * beside the ids (`tableSection`), so a restart makes nothing per id, where the maps took about a second
 * with their garbage collection at a million. Ids written afterwards go to a plain map; a saved id written
 * again or removed is marked gone in the table.
 */
export class IdSlots {
  private readonly written = new Map<string, number>();
  /**
   * Position + 1 of a saved id, 0 for an empty entry; a power of two long, at most half full (empty until
   * first used).
   */
  private table: Int32Array<ArrayBufferLike> = new Int32Array(0);
  /** Per saved position: 1 once its id was written again or removed. */
  private gone = new Uint8Array(0);
  private savedLive = 0;
  private saved?: SavedStrings;

  /**
   * The saved ids by position; empty strings (unused slots) are left out. `table` is the one
   * `tableSection` saved beside them; without it (an older snapshot), it is built when first used (a few
   * hundred milliseconds at a million ids, mostly cache misses), not by the load.
   */
  static fromSaved(saved: SavedStrings, table?: Int32Array): IdSlots {
    const slots = new IdSlots();
    const { ends } = saved;
    let live = 0;
    for (let position = 0, start = 0; position < ends.length; start = ends[position], position++)
      if (ends[position] !== start) live++;
    if (table && table.length !== tableSize(ends.length))
      throw new Error(`an id table of ${table.length} entries for ${ends.length} ids`);
    slots.table = table ?? slots.table;
    slots.savedLive = live;
    slots.saved = saved;
    slots.gone = new Uint8Array(ends.length);
    return slots;
  }

  /**
   * The table `fromSaved` reads for these ids, saved beside them (`stringsBytes`): a restart then finds ids
   * at once, where building it would hold the first request up.
   */
  static tableSection(name: string, ids: readonly string[]): SectionSource {
    return builtSection(name, 4 * tableSize(ids.length), () => {
      const table = new Int32Array(tableSize(ids.length));
      ids.forEach((id, position) => {
        if (id !== '') place(table, hashOf(id, nonAsciiBytes(id)), position);
      });
      return table;
    });
  }

  /** The hash table of the saved ids' positions. */
  private savedTable(saved: SavedStrings): Int32Array<ArrayBufferLike> {
    if (this.table.length > 0) return this.table;
    const { blob, ends } = saved;
    const table = new Int32Array(tableSize(ends.length));
    for (let position = 0, start = 0; position < ends.length; start = ends[position], position++) {
      const end = ends[position];
      if (end !== start) place(table, hashBytes(blob, start, end), position);
    }
    this.table = table;
    return table;
  }

  get size(): number {
    return this.written.size + this.savedLive;
  }

  get(id: string): number | undefined {
    const number = this.written.get(id);
    if (number !== undefined) return number;
    const position = this.savedPosition(id);
    return position < 0 ? undefined : position;
  }

  set(id: string, number: number): void {
    this.forgetSaved(id);
    this.written.set(id, number);
  }

  delete(id: string): boolean {
    return this.written.delete(id) || this.forgetSaved(id);
  }

  private forgetSaved(id: string): boolean {
    const position = this.savedPosition(id);
    if (position < 0) return false;
    this.gone[position] = 1;
    this.savedLive--;
    return true;
  }

  /** The saved position of `id` while it is not gone, else -1. */
  private savedPosition(id: string): number {
    const { saved } = this;
    if (!saved || this.savedLive === 0) return -1;
    const table = this.savedTable(saved);
    const bytes = nonAsciiBytes(id);
    const length = bytes ? bytes.length : id.length;
    const hash = hashOf(id, bytes);
    const mask = table.length - 1;
    const { blob, ends } = saved;
    for (let entry = hash & mask; table[entry] !== 0; entry = (entry + 1) & mask) {
      const position = table[entry] - 1;
      const start = saved.startOf(position);
      if (ends[position] - start !== length || this.gone[position] === 1) continue;
      let same = true;
      for (let at = 0; at < length && same; at++)
        same = blob[start + at] === (bytes ? bytes[at] : id.charCodeAt(at));
      if (same) return position;
    }
    return -1;
  }
}
