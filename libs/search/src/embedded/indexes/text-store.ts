import { readFullySync, type SectionInFile } from '../snapshot/section-in-file';
import { arraySection, type SectionSource } from '../structures/binary-sections';

const INITIAL_POOL = 64 * 1024;
const INITIAL_SLOTS = 1024;
/** The most bytes one part of a save holds when texts are read back from a snapshot's file. */
const SAVE_CHUNK_BYTES = 16 << 20;
/** The length of a slot without text (no real length is this low). */
const NONE = -0x80000000;
/** A lone surrogate half, which UTF-8 cannot carry: such texts are kept as UTF-16 so they come back as given. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const byteLength = (length: number): number => (length === NONE ? 0 : length >= 0 ? length : ~length);

/**
 * The text of each slot: UTF-8, or UTF-16 for the rare text UTF-8 would change. Texts loaded from a
 * snapshot may stay where its file holds them (`fromFile`: at a million profiles that is 700 MB a restart
 * neither reads nor keeps), read there when a page or a write asks for one. Texts written since go to one
 * byte pool in memory: a new text goes to its end and leaves the slot's old bytes as garbage; when garbage
 * reaches a quarter of the pool's live bytes, they are packed into a new pool.
 */
export class TextStore {
  /** Bytes of the pool's live texts; `live` adds those in the file. */
  private poolLive = 0;
  /** A save reading the texts now (`packedSections`), and whether the file is let go once it is done. */
  private reading = 0;
  private releaseWhenRead = false;
  private scratch = Buffer.alloc(0);

  private constructor(
    private pool: Buffer,
    private end: number,
    /** Where each slot's text starts: in the pool from 0 up, or in the file as `-1 - position` (below 0). */
    private starts: Float64Array,
    /** Byte length per slot: UTF-8 as it is, UTF-16 as its bitwise complement, `NONE` without text. */
    private lengths: Int32Array,
    private live: number,
    /** A snapshot's section of texts, read where it lies (held until `close`). */
    private saved?: SectionInFile,
  ) {
    this.poolLive = saved ? 0 : live;
  }

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
    const at = TextStore.place(lengths, starts, (position) => position);
    if (at !== bytes.length) throw new Error(`texts hold ${bytes.length} bytes, their lengths say ${at}`);
    return new TextStore(bytes, at, starts, lengths, at);
  }

  /** From `packedSections`' lengths, the texts read where the snapshot's file holds them. */
  static fromFile(lengths: Int32Array, section: SectionInFile): TextStore {
    const starts = new Float64Array(lengths.length);
    const at = TextStore.place(lengths, starts, (position) => -1 - position);
    if (at !== section.bytes) throw new Error(`texts hold ${section.bytes} bytes, their lengths say ${at}`);
    section.file.hold();
    return new TextStore(Buffer.alloc(INITIAL_POOL), 0, starts, lengths, at, section);
  }

  /** Each slot's start, the texts tight in slot order; returns where the last one ends. */
  private static place(
    lengths: Int32Array,
    starts: Float64Array,
    start: (position: number) => number,
  ): number {
    let at = 0;
    for (let slot = 0; slot < lengths.length; slot++) {
      starts[slot] = start(at);
      at += byteLength(lengths[slot]);
    }
    return at;
  }

  has(slot: number): boolean {
    return slot < this.lengths.length && this.lengths[slot] !== NONE;
  }

  get(slot: number): string | undefined {
    if (!this.has(slot)) return undefined;
    const length = this.lengths[slot];
    const start = this.starts[slot];
    const encoding = length >= 0 ? 'utf8' : 'utf16le';
    const bytes = byteLength(length);
    if (start >= 0) return this.pool.toString(encoding, start, start + bytes);
    if (this.scratch.length < bytes) this.scratch = Buffer.allocUnsafeSlow(Math.max(bytes, 4096));
    this.readSaved(this.scratch, 0, bytes, -1 - start);
    return this.scratch.toString(encoding, 0, bytes);
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
    this.poolLive += bytes;
  }

  delete(slot: number): void {
    if (!this.has(slot)) return;
    const bytes = byteLength(this.lengths[slot]);
    this.live -= bytes;
    if (this.starts[slot] >= 0) this.poolLive -= bytes;
    this.lengths[slot] = NONE;
  }

  /**
   * What `fromPacked` reads, as two sections: each slot's length, and the texts tight in slot order, read
   * where they lie (the pool, or the snapshot's file a chunk at a time).
   */
  packedSections(lengthsName: string, bytesName: string): SectionSource[] {
    const { lengths } = this;
    let last = lengths.length;
    while (last > 0 && lengths[last - 1] === NONE) last--;
    return [
      arraySection(lengthsName, lengths, last),
      { name: bytesName, bytes: this.live, parts: () => this.parts(last) },
    ];
  }

  /** Lets the snapshot's file go (once a save reading it is done); the store is not used afterwards. */
  close(): void {
    this.releaseWhenRead = this.reading > 0;
    if (this.releaseWhenRead || !this.saved) return;
    this.saved.file.release();
    this.saved = undefined;
  }

  /** The texts of the slots below `count`, in slot order: runs of the pool as they lie, the file's read. */
  private *parts(count: number): Generator<Uint8Array> {
    this.reading++;
    try {
      let from = 0;
      let to = 0;
      const run = () => (to === from ? [] : this.runBytes(from, to));
      for (let slot = 0; slot < count; slot++) {
        const bytes = byteLength(this.lengths[slot]);
        if (bytes === 0) continue;
        const start = this.starts[slot];
        // A run goes on where its last text ended; file positions run downwards in `starts`.
        if (start !== to) {
          yield* run();
          from = start;
        }
        to = start >= 0 ? start + bytes : start - bytes;
      }
      yield* run();
    } finally {
      this.reading--;
      if (this.releaseWhenRead && this.reading === 0) this.close();
    }
  }

  /** The bytes of a run of `starts` from `from` to `to` (file runs count down from -1). */
  private *runBytes(from: number, to: number): Generator<Uint8Array> {
    if (from >= 0) {
      yield new Uint8Array(this.pool.buffer, this.pool.byteOffset + from, to - from);
      return;
    }
    for (let position = -1 - from, end = -1 - to; position < end; position += SAVE_CHUNK_BYTES) {
      const chunk = Buffer.allocUnsafeSlow(Math.min(SAVE_CHUNK_BYTES, end - position));
      this.readSaved(chunk, 0, chunk.length, position);
      yield chunk;
    }
  }

  private readSaved(target: Buffer, offset: number, length: number, position: number): void {
    const saved = this.saved as SectionInFile;
    readFullySync(
      saved.file.fd,
      target,
      offset,
      length,
      saved.offset + position,
      'the saved texts are cut short',
    );
  }

  /** Room for `bytes` more at the end of the pool. */
  private reserve(bytes: number): void {
    if (this.end + bytes <= this.pool.length) return;
    if (this.end - this.poolLive > this.poolLive / 4) this.pack(Math.ceil((this.poolLive + bytes) * 1.5));
    if (this.end + bytes <= this.pool.length) return;
    const pool = Buffer.alloc(Math.max(this.end + bytes, Math.ceil(this.pool.length * 1.5)));
    this.pool.copy(pool, 0, 0, this.end);
    this.pool = pool;
  }

  private pack(size: number): void {
    const pool = Buffer.alloc(Math.max(size, INITIAL_POOL));
    let at = 0;
    for (let slot = 0; slot < this.lengths.length; slot++) {
      const start = this.starts[slot];
      if (this.lengths[slot] === NONE || start < 0) continue;
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
