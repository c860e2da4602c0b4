import { isAscii } from 'node:buffer';

/**
 * The binary form the index structures save themselves in: named sections of raw bytes, typed arrays as
 * their bytes (little-endian, as every platform Node runs on here), strings as one UTF-8 blob with offsets,
 * small settings as JSON. No per-document JSON: loading wraps or copies arrays instead of parsing.
 */
export interface Section {
  name: string;
  data: Buffer;
}

/**
 * A section as a save writes it: its size, known before any byte is written (the file's header lists it),
 * and its bytes in parts made only as the save reaches them: views of the index's live arrays (no copy), or
 * what is built for the save (strings, settings, derived arrays), one section at a time. The parts are of
 * one state only while the index is unchanged since the section was taken: the save checks that.
 */
export interface SectionSource {
  name: string;
  bytes: number;
  parts: () => Iterable<Uint8Array>;
}

/** A section by name; throws when it is missing. */
export type SectionReader = (name: string) => Buffer;

type TypedArray = Int8Array | Uint8Array | Int32Array | Uint32Array | Float32Array | Float64Array;

interface TypedArrayType<T extends TypedArray> {
  readonly BYTES_PER_ELEMENT: number;
  new (length: number): T;
  new (buffer: ArrayBufferLike, byteOffset: number, length: number): T;
}

/** The bytes of items `from` to `to` of the array, as a view (no copy). */
const bytesOf = (values: TypedArray, from = 0, to = values.length): Uint8Array =>
  new Uint8Array(
    values.buffer,
    values.byteOffset + from * values.BYTES_PER_ELEMENT,
    (to - from) * values.BYTES_PER_ELEMENT,
  );

/** The first `length` items of a live array, written where they lie. */
export const arraySection = (name: string, values: TypedArray, length = values.length): SectionSource => ({
  name,
  bytes: length * values.BYTES_PER_ELEMENT,
  parts: () => [bytesOf(values, 0, length)],
});

/** An array built when the save reaches it (and dropped after), `bytes` long. */
export const builtSection = (name: string, bytes: number, build: () => TypedArray): SectionSource => ({
  name,
  bytes,
  parts: () => [bytesOf(build())],
});

/** Bytes made for the save already (settings, small strings). */
export const bufferSection = (name: string, data: Uint8Array): SectionSource => ({
  name,
  bytes: data.byteLength,
  parts: () => [data],
});

/**
 * Runs of items of one pool, in order, as views: run `at` (of `count`) starts at `startOf(at)` and is
 * `lengthOf(at)` items long. Runs that follow each other in the pool are given as one view, so a pool
 * already in order is written in a few parts.
 */
export function* poolRuns(
  pool: TypedArray,
  count: number,
  startOf: (at: number) => number,
  lengthOf: (at: number) => number,
): Generator<Uint8Array> {
  let from = 0;
  let to = 0;
  for (let at = 0; at < count; at++) {
    const length = lengthOf(at);
    if (length === 0) continue;
    const start = startOf(at);
    if (start !== to) {
      if (to > from) yield bytesOf(pool, from, to);
      from = start;
    }
    to = start + length;
  }
  if (to > from) yield bytesOf(pool, from, to);
}

/**
 * Each section's bytes in a buffer of its own, as a file read gives them: a snapshot kept in memory (tests,
 * benchmarks), which later writes to the index do not reach.
 */
export const copySections = (sources: readonly SectionSource[]): Section[] =>
  sources.map(({ name, bytes, parts }) => {
    const data = Buffer.allocUnsafeSlow(bytes);
    let at = 0;
    for (const part of parts()) {
      if (at + part.byteLength > bytes) throw new Error(`section ${name}: more than ${bytes} bytes`);
      data.set(part, at);
      at += part.byteLength;
    }
    if (at !== bytes) throw new Error(`section ${name}: ${at} bytes, expected ${bytes}`);
    return { name, data };
  });

/**
 * The bytes as a typed array: wrapped when they are aligned (a section read into its own buffer is), copied
 * otherwise. The caller must not reuse `bytes` afterwards.
 */
export const arrayOf = <T extends TypedArray>(type: TypedArrayType<T>, bytes: Buffer): T => {
  const size = type.BYTES_PER_ELEMENT;
  if (bytes.byteLength % size !== 0) throw new Error(`${bytes.byteLength} bytes are not whole items`);
  const length = bytes.byteLength / size;
  if (bytes.byteOffset % size === 0) return new type(bytes.buffer, bytes.byteOffset, length);
  const copy = new type(length);
  new Uint8Array(copy.buffer).set(bytes);
  return copy;
};

/** A typed array of exactly `length` items, or an error naming what was expected. */
export const arrayOfLength = <T extends TypedArray>(
  type: TypedArrayType<T>,
  bytes: Buffer,
  length: number,
  what: string,
): T => {
  const values = arrayOf(type, bytes);
  if (values.length !== length) throw new Error(`${what}: ${values.length} items, expected ${length}`);
  return values;
};

/** Past this many characters, strings are encoded one by one instead of joined first. */
const JOIN_MAX_CHARS = 1 << 28;

/** Strings as: their count (32-bit), the end offset of each in the blob (32-bit each), the UTF-8 blob. */
export const stringsBytes = (strings: readonly string[]): Buffer => {
  const head = Buffer.allocUnsafeSlow(4 * (strings.length + 1));
  head.writeUInt32LE(strings.length, 0);
  const chars = strings.reduce((sum, value) => sum + value.length, 0);
  const joined = chars <= JOIN_MAX_CHARS ? strings.join('') : undefined;
  // All ASCII (as ids and tokens are) when each character is one UTF-8 byte: the offsets are the lengths.
  if (joined !== undefined && Buffer.byteLength(joined) === chars) {
    let end = 0;
    strings.forEach((value, at) => {
      end += value.length;
      head.writeUInt32LE(end, 4 * (at + 1));
    });
    return Buffer.concat([head, Buffer.from(joined, 'latin1')]);
  }
  const blobs = strings.map((value) => Buffer.from(value, 'utf8'));
  let end = 0;
  blobs.forEach((blob, at) => {
    end += blob.length;
    head.writeUInt32LE(end, 4 * (at + 1));
  });
  return Buffer.concat([head, ...blobs]);
};

/** How many strings `stringsBytes` wrote, read without decoding them. */
export const stringCount = (bytes: Buffer): number => {
  if (bytes.length < 4) throw new Error('no string count');
  return bytes.readUInt32LE(0);
};

export const stringsOf = (bytes: Buffer): string[] => {
  const count = stringCount(bytes);
  const blobStart = 4 * (count + 1);
  if (blobStart > bytes.length) throw new Error('string offsets cut short');
  // Ids and tokens are mostly ASCII, which decodes about twice as fast as Latin-1 (the same bytes).
  const encoding = isAscii(bytes.subarray(blobStart)) ? 'latin1' : 'utf8';
  const strings = new Array<string>(count);
  let start = blobStart;
  for (let at = 0; at < count; at++) {
    const end = blobStart + bytes.readUInt32LE(4 * (at + 1));
    if (end < start || end > bytes.length) throw new Error('string offsets out of order');
    strings[at] = bytes.toString(encoding, start, end);
    start = end;
  }
  if (start !== bytes.length) throw new Error('bytes after the last string');
  return strings;
};

/**
 * The UTF-8 length of a string, as `Buffer.from(value)` encodes it (a lone surrogate as U+FFFD, 3 bytes),
 * counted in JavaScript: `Buffer.byteLength` is a native call per string, several times slower over a
 * million short ids, and the save counts its strings while the server waits.
 */
const utf8Length = (value: string): number => {
  let bytes = value.length;
  for (let at = 0; at < value.length; at++) {
    const code = value.charCodeAt(at);
    if (code < 0x80) continue;
    if (code < 0x800) bytes += 1;
    else if (code >= 0xd800 && code < 0xdc00 && (value.charCodeAt(at + 1) & 0xfc00) === 0xdc00) {
      // A surrogate pair: two UTF-16 units, four UTF-8 bytes.
      bytes += 2;
      at++;
    } else bytes += 2;
  }
  return bytes;
};

/** `stringsBytes(strings)` when the save reaches it; its size is counted now, without encoding. */
export const stringsSection = (name: string, strings: readonly string[]): SectionSource => {
  let bytes = 4 * (strings.length + 1);
  for (const value of strings) bytes += utf8Length(value);
  return { name, bytes, parts: () => [stringsBytes(strings)] };
};

export const jsonBytes = (value: unknown): Buffer => Buffer.from(JSON.stringify(value));

export const jsonSection = (name: string, value: unknown): SectionSource =>
  bufferSection(name, jsonBytes(value));

export const jsonOf = <T>(bytes: Buffer): T => JSON.parse(bytes.toString('utf8')) as T;

/** The sections of a part, named under its prefix (`prefix.name`). */
export const prefixed = <T extends { name: string }>(prefix: string, sections: readonly T[]): T[] =>
  sections.map((section) => ({ ...section, name: `${prefix}.${section.name}` }));

/** The reader of a part's sections, given the reader of the whole. */
export const readerUnder =
  (prefix: string, read: SectionReader): SectionReader =>
  (name) =>
    read(`${prefix}.${name}`);

/** A section an older save may lack (it was added later): undefined when missing. */
export const sectionIfAny = (read: SectionReader, name: string): Buffer | undefined => {
  try {
    return read(name);
  } catch {
    return undefined;
  }
};

/** A reader over a list of sections, as a file read or `copySections` gives them. */
export const sectionReader = (sections: readonly Section[]): SectionReader => {
  const byName = new Map(sections.map(({ name, data }) => [name, data]));
  return (name) => {
    const data = byName.get(name);
    if (!data) throw new Error(`missing section ${name}`);
    return data;
  };
};
