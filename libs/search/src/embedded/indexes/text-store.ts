import { arraySection, poolRuns, type SectionSource } from '../structures/binary-sections';

const INITIAL_POOL = 64 * 1024;
const INITIAL_SLOTS = 1024;
/** The length of a slot without text (no real length is this low). */
const NONE = -0x80000000;
/** A lone surrogate half, which UTF-8 cannot carry: such texts are kept as UTF-16 so they come back as given. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The text of each slot in one byte pool: UTF-8, or UTF-16 for the rare text UTF-8 would change. A new
 * text goes to the end of the pool and leaves the slot's old bytes as garbage; when garbage reaches a
 * quarter of the live bytes the texts are packed into a new pool.
 */
export class TextStore {
  private constructor(
    private pool: Buffer,
    private end: number,
    private starts: Float64Array,
    /** Byte length per slot: UTF-8 as it is, UTF-16 as its bitwise complement, `NONE` without text. */
    private lengths: Int32Array,
    private live: number,
  ) {}

  static create(): TextStore {
    return new TextStore(
      Buffer.alloc(INITIAL_POOL),
      0,
      new Float64Array(INITIAL_SLOTS),
      new Int32Array(INITIAL_SLOTS).fill(NONE),
      0,
    );
  }

  /** From `packedSections`' lengths and bytes. */
  static fromPacked(lengths: Int32Array, bytes: Buffer): TextStore {
    const starts = new Float64Array(lengths.length);
    let at = 0;
    for (let slot = 0; slot < lengths.length; slot++) {
      starts[slot] = at;
      at += byteLength(lengths[slot]);
    }
    if (at !== bytes.length) throw new Error(`texts hold ${bytes.length} bytes, their lengths say ${at}`);
    return new TextStore(bytes, at, starts, lengths, at);
  }

  has(slot: number): boolean {
    return slot < this.lengths.length && this.lengths[slot] !== NONE;
  }

  get(slot: number): string | undefined {
    if (!this.has(slot)) return undefined;
    const length = this.lengths[slot];
    const start = this.starts[slot];
    return length >= 0
      ? this.pool.toString('utf8', start, start + length)
      : this.pool.toString('utf16le', start, start + ~length);
  }

  set(slot: number, text: string): void {
    this.delete(slot);
    if (slot >= this.lengths.length) this.growSlots(Math.max(slot + 1, this.lengths.length * 2));
    const utf16 = LONE_SURROGATE.test(text);
    const encoding = utf16 ? 'utf16le' : 'utf8';
    const bytes = Buffer.byteLength(text, encoding);
    this.reserve(bytes);
    this.pool.write(text, this.end, bytes, encoding);
    this.starts[slot] = this.end;
    this.lengths[slot] = utf16 ? ~bytes : bytes;
    this.end += bytes;
    this.live += bytes;
  }

  delete(slot: number): void {
    if (!this.has(slot)) return;
    this.live -= byteLength(this.lengths[slot]);
    this.lengths[slot] = NONE;
  }

  /**
   * What `fromPacked` reads, as two sections: each slot's length, and the texts tight in slot order, read
   * from the pool where they lie.
   */
  packedSections(lengthsName: string, bytesName: string): SectionSource[] {
    const { lengths, starts } = this;
    let last = lengths.length;
    while (last > 0 && lengths[last - 1] === NONE) last--;
    return [
      arraySection(lengthsName, lengths, last),
      {
        name: bytesName,
        bytes: this.live,
        parts: () =>
          poolRuns(
            this.pool,
            last,
            (slot) => starts[slot],
            (slot) => byteLength(lengths[slot]),
          ),
      },
    ];
  }

  /** Room for `bytes` more at the end of the pool. */
  private reserve(bytes: number): void {
    if (this.end + bytes <= this.pool.length) return;
    if (this.end - this.live > this.live / 4) this.pack(Math.ceil((this.live + bytes) * 1.5));
    if (this.end + bytes <= this.pool.length) return;
    const pool = Buffer.alloc(Math.max(this.end + bytes, Math.ceil(this.pool.length * 1.5)));
    this.pool.copy(pool, 0, 0, this.end);
    this.pool = pool;
  }

  private pack(size: number): void {
    const pool = Buffer.alloc(Math.max(size, INITIAL_POOL));
    let at = 0;
    for (let slot = 0; slot < this.lengths.length; slot++) {
      if (this.lengths[slot] === NONE) continue;
      const start = this.starts[slot];
      const bytes = byteLength(this.lengths[slot]);
      this.pool.copy(pool, at, start, start + bytes);
      this.starts[slot] = at;
      at += bytes;
    }
    this.pool = pool;
    this.end = at;
  }

  private growSlots(size: number): void {
    const starts = new Float64Array(size);
    starts.set(this.starts);
    const lengths = new Int32Array(size).fill(NONE);
    lengths.set(this.lengths);
    this.starts = starts;
    this.lengths = lengths;
  }
}

const byteLength = (length: number): number => (length === NONE ? 0 : length >= 0 ? length : ~length);
