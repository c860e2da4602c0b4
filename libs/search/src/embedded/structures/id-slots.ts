import type { SavedStrings } from './saved-strings';

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** The UTF-8 bytes of an id that is not ASCII; undefined for ASCII, whose character codes are its bytes. */
const nonAsciiBytes = (id: string): Buffer | undefined => {
  for (let at = 0; at < id.length; at++) if (id.charCodeAt(at) > 0x7f) return Buffer.from(id, 'utf8');
  return undefined;
};

/**
 * Each id's number (a facet slot, a vector row), as a `Map<string, number>` holds them, but over the ids a
 * snapshot saved without making a string per id: a hash table (open addressing, FNV-1a over the bytes) of
 * their positions, read against the saved bytes, where an id's number is its position. At a million ids it
 * is built in tens of milliseconds where the map took most of a second and its garbage collection more. Ids
 * written afterwards go to a plain map; a saved id written again or removed is marked gone in the table.
 */
export class IdSlots {
  private readonly written = new Map<string, number>();
  /**
   * Position + 1 of a saved id, 0 for an empty entry; a power of two long, at most half full (empty until
   * first used).
   */
  private table = new Int32Array(0);
  /** Per saved position: 1 once its id was written again or removed. */
  private gone = new Uint8Array(0);
  private savedLive = 0;
  private saved?: SavedStrings;

  /**
   * The saved ids by position; empty strings (unused slots) are left out. Their table is built when first
   * used (a few hundred milliseconds at a million ids, mostly cache misses), not by the load.
   */
  static fromSaved(saved: SavedStrings): IdSlots {
    const slots = new IdSlots();
    const { ends } = saved;
    let live = 0;
    for (let position = 0, start = 0; position < ends.length; start = ends[position], position++)
      if (ends[position] !== start) live++;
    slots.savedLive = live;
    slots.saved = saved;
    slots.gone = new Uint8Array(ends.length);
    return slots;
  }

  /** The hash table of the saved ids' positions. */
  private savedTable(saved: SavedStrings): Int32Array {
    if (this.table.length > 0) return this.table;
    const { blob, ends } = saved;
    let size = 2;
    while (size < 2 * ends.length) size *= 2;
    const table = new Int32Array(size);
    const mask = size - 1;
    for (let position = 0, start = 0; position < ends.length; start = ends[position], position++) {
      const end = ends[position];
      if (end === start || this.gone[position] === 1) continue;
      let hash = FNV_OFFSET;
      for (let at = start; at < end; at++) hash = Math.imul(hash ^ blob[at], FNV_PRIME);
      let entry = hash & mask;
      while (table[entry] !== 0) entry = (entry + 1) & mask;
      table[entry] = position + 1;
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
    let hash = FNV_OFFSET;
    for (let at = 0; at < length; at++)
      hash = Math.imul(hash ^ (bytes ? bytes[at] : id.charCodeAt(at)), FNV_PRIME);
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
