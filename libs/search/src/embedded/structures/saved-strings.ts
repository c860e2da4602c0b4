import { isAscii } from 'node:buffer';
import { arrayOf, stringCount } from './binary-sections';

/**
 * Strings a snapshot saved (`stringsBytes`: their count, each one's end offset, the bytes), read one at a
 * time where they lie until the whole list is asked for (a write changes it). At a million ids, making every
 * string at a restart costs about a second with its garbage collection, while a search reads only its page's.
 */
export class SavedStrings {
  private decoded?: string[];
  /** Where each saved string ends in `blob`. */
  readonly ends: Uint32Array;
  /** The saved strings' bytes, UTF-8 (ASCII when `ascii`). */
  readonly blob: Buffer;
  readonly ascii: boolean;

  /** Checks the offsets, not the strings: a damaged section is refused when it is loaded, not when read. */
  constructor(bytes?: Buffer) {
    if (!bytes) {
      this.ends = new Uint32Array(0);
      this.blob = Buffer.alloc(0);
      this.ascii = true;
      this.decoded = [];
      return;
    }
    const count = stringCount(bytes);
    const blobStart = 4 * (count + 1);
    if (blobStart > bytes.length) throw new Error('string offsets cut short');
    this.ends = arrayOf(Uint32Array, bytes.subarray(4, blobStart));
    this.blob = bytes.subarray(blobStart);
    let start = 0;
    for (let at = 0; at < count; at++) {
      const end = this.ends[at];
      if (end < start || end > this.blob.length) throw new Error('string offsets out of order');
      start = end;
    }
    if (start !== this.blob.length) throw new Error('bytes after the last string');
    this.ascii = isAscii(this.blob);
  }

  /** How many strings, without decoding them. */
  get count(): number {
    return this.decoded?.length ?? this.ends.length;
  }

  /** Where the saved string `at` starts in `blob`. */
  startOf(at: number): number {
    return at === 0 ? 0 : this.ends[at - 1];
  }

  /** String `at`: from the list once decoded, else from its saved bytes. */
  at(at: number): string {
    if (this.decoded) return this.decoded[at];
    return this.blob.toString(this.ascii ? 'latin1' : 'utf8', this.startOf(at), this.ends[at]);
  }

  /**
   * Strings `a` and `b` compared as JavaScript compares strings (-1, 0 or 1), on their saved bytes while
   * they are ASCII: ties between equally new records compare ids, up to millions of times a query.
   */
  compareAt(a: number, b: number): number {
    if (this.decoded || !this.ascii) {
      const [first, second] = [this.at(a), this.at(b)];
      return first < second ? -1 : first > second ? 1 : 0;
    }
    const { blob, ends } = this;
    const startA = this.startOf(a);
    const startB = this.startOf(b);
    const lengthA = ends[a] - startA;
    const lengthB = ends[b] - startB;
    for (let at = 0, common = Math.min(lengthA, lengthB); at < common; at++) {
      const difference = blob[startA + at] - blob[startB + at];
      if (difference !== 0) return difference < 0 ? -1 : 1;
    }
    return lengthA < lengthB ? -1 : lengthA > lengthB ? 1 : 0;
  }

  /** Every string, decoded once; the list is the caller's to change from then on. */
  get list(): string[] {
    if (!this.decoded) {
      const strings = new Array<string>(this.ends.length);
      for (let at = 0; at < strings.length; at++) strings[at] = this.at(at);
      this.decoded = strings;
    }
    return this.decoded;
  }
}
