import { isAscii } from 'node:buffer';

/**
 * The binary form the index structures save themselves in: named sections of raw bytes, typed arrays as
 * their bytes (little-endian, as every platform Node runs on here), strings as one UTF-8 blob with offsets,
 * small settings as JSON. No per-document JSON: loading wraps or copies arrays instead of parsing.
 */
export type Section = BufferSection | ChunkedSection;

export interface BufferSection {
  name: string;
  data: Buffer;
}

/**
 * A section too large to copy at once (vector rows kept in a file): `bytes` long, produced chunk by chunk
 * while it is written, each chunk written before the next is asked for.
 */
export interface ChunkedSection {
  name: string;
  bytes: number;
  chunks: () => Iterable<Buffer>;
}

export const sectionBytes = (section: Section): number =>
  'data' in section ? section.data.length : section.bytes;

export const sectionChunks = (section: Section): Iterable<Buffer> =>
  'data' in section ? [section.data] : section.chunks();

/** The whole section in one buffer (tests, and snapshots kept in memory). */
export const sectionData = (section: Section): Buffer =>
  'data' in section ? section.data : Buffer.concat([...section.chunks()]);

/** A section by name; throws when it is missing. */
export type SectionReader = (name: string) => Buffer;

type TypedArray = Int8Array | Uint8Array | Int32Array | Uint32Array | Float32Array | Float64Array;

interface TypedArrayType<T extends TypedArray> {
  readonly BYTES_PER_ELEMENT: number;
  new (length: number): T;
  new (buffer: ArrayBufferLike, byteOffset: number, length: number): T;
}

/**
 * A copy of the first `length` items as bytes: the index may change while the copy is written to disk, so
 * a save never holds views of live arrays.
 */
export const arrayBytes = (values: TypedArray, length = values.length): Buffer => {
  const bytes = Buffer.allocUnsafeSlow(length * values.BYTES_PER_ELEMENT);
  bytes.set(new Uint8Array(values.buffer, values.byteOffset, length * values.BYTES_PER_ELEMENT));
  return bytes;
};

/** The bytes of an array made for the save alone (nothing else holds or changes it), without a copy. */
export const freshBytes = (values: TypedArray): Buffer =>
  Buffer.from(values.buffer, values.byteOffset, values.byteLength);

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

/** Strings as: their count (32-bit), the end offset of each in the blob (32-bit each), the UTF-8 blob. */
/** Past this many characters, strings are encoded one by one instead of joined first. */
const JOIN_MAX_CHARS = 1 << 28;

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

export const stringsOf = (bytes: Buffer): string[] => {
  if (bytes.length < 4) throw new Error('no string count');
  const count = bytes.readUInt32LE(0);
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

export const jsonBytes = (value: unknown): Buffer => Buffer.from(JSON.stringify(value));

export const jsonOf = <T>(bytes: Buffer): T => JSON.parse(bytes.toString('utf8')) as T;

/** The sections of a part, named under its prefix (`prefix.name`). */
export const prefixed = <S extends Section>(prefix: string, sections: readonly S[]): S[] =>
  sections.map((section) => ({ ...section, name: `${prefix}.${section.name}` }));

/** The reader of a part's sections, given the reader of the whole. */
export const readerUnder =
  (prefix: string, read: SectionReader): SectionReader =>
  (name) =>
    read(`${prefix}.${name}`);

/** A reader over a list of sections, as `toSections` gives them (tests, and snapshots kept in memory). */
export const sectionReader = (sections: readonly Section[]): SectionReader => {
  const byName = new Map(sections.map((section) => [section.name, section]));
  return (name) => {
    const section = byName.get(name);
    if (!section) throw new Error(`missing section ${name}`);
    return sectionData(section);
  };
};
