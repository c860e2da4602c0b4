import { SEARCH_KINDS, type SearchDocument, type SearchKind } from '@skillers/domain';
import type { RawData } from '@orama/orama';
import { createHash } from 'node:crypto';
import { open, readdir, readFile, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { OramaSnapshot } from './orama-generation';

/**
 * The embedded index on disk, so that a restart loads it instead of reading and embedding every record.
 *
 * Layout: the magic line, the header's length (32-bit little-endian), the header (JSON: the caller's labels
 * and the sections' sizes), the sections, then the SHA-256 of everything before it. Per kind, Orama's save
 * without its documents (JSON), the documents without their vectors in sections of at most
 * `DOCS_PER_SECTION` (JSON: one string for all of them would pass V8's longest string at about 200 000
 * documents), the ids and lengths of the vectors (JSON), and the vectors themselves as 32-bit floats (the
 * precision the kNN keeps): written as text they would triple the file and its parsing.
 */
const MAGIC = Buffer.from('SKILLERS-INDEX-SNAPSHOT\n');
/** 2: documents in sections of their own (1 had them inside Orama's save). */
const FILE_FORMAT = 2;
export const DOCS_PER_SECTION = 50_000;
const DIGEST_BYTES = 32;
/** A header is a few hundred bytes; a larger length means a damaged file, not a reason to allocate. */
const MAX_HEADER_BYTES = 1 << 20;

/** What the caller labels a snapshot with (schema, model, store stamp) and checks before trusting it. */
export type SnapshotLabels = Record<string, string | number>;

interface SnapshotHeader {
  format: number;
  labels: SnapshotLabels;
  sections: { name: string; bytes: number }[];
}

interface VectorList {
  ids: string[];
  dims: number[];
}

export type SnapshotReadResult = { snapshot: OramaSnapshot; labels: SnapshotLabels } | { rejected: string };

type StoredDocs = { docs: Record<string, SearchDocument>; count: number };

/** Orama's save with each document's vector moved out into one block of 32-bit floats. */
const splitVectors = (raw: RawData): { raw: RawData; list: VectorList; values: Float32Array } => {
  const stored = raw.docs as StoredDocs;
  const list: VectorList = { ids: [], dims: [] };
  let total = 0;
  const docs: Record<string, SearchDocument> = {};
  for (const [key, doc] of Object.entries(stored.docs)) {
    const { vector, ...rest } = doc;
    docs[key] = rest;
    if (!vector?.length) continue;
    list.ids.push(doc.id);
    list.dims.push(vector.length);
    total += vector.length;
  }
  const values = new Float32Array(total);
  let at = 0;
  for (const doc of Object.values(stored.docs)) {
    if (!doc.vector?.length) continue;
    values.set(doc.vector, at);
    at += doc.vector.length;
  }
  return { raw: { ...raw, docs: { ...stored, docs } }, list, values };
};

const joinVectors = (raw: RawData, list: VectorList, values: Float32Array): void => {
  const byId = new Map<string, SearchDocument>();
  for (const doc of Object.values((raw.docs as StoredDocs).docs)) byId.set(doc.id, doc);
  let at = 0;
  list.ids.forEach((id, n) => {
    const dims = list.dims[n];
    const doc = byId.get(id);
    if (!doc || at + dims > values.length) throw new Error(`vector of unknown document ${id}`);
    doc.vector = Array.from(values.subarray(at, at + dims));
    at += dims;
  });
};

const json = (value: unknown): Buffer => Buffer.from(JSON.stringify(value));
const floats = (values: Float32Array): Buffer =>
  Buffer.from(values.buffer, values.byteOffset, values.byteLength);

/**
 * Writes the snapshot atomically: a temporary file beside the target, synced, then renamed over it and the
 * folder synced, so a crash leaves the old snapshot or the new one, never a mix.
 */
export const writeSnapshotFile = async (
  file: string,
  snapshot: OramaSnapshot,
  labels: SnapshotLabels,
  docsPerSection = DOCS_PER_SECTION,
): Promise<void> => {
  const sections: { name: string; data: Buffer }[] = [];
  for (const kind of SEARCH_KINDS) {
    const { raw, list, values } = splitVectors(snapshot.kinds[kind]);
    const stored = raw.docs as StoredDocs;
    sections.push({ name: `${kind}.orama`, data: json({ ...raw, docs: { ...stored, docs: {} } }) });
    const entries = Object.entries(stored.docs);
    for (let from = 0, part = 0; from < entries.length; from += docsPerSection, part++) {
      const docs = Object.fromEntries(entries.slice(from, from + docsPerSection));
      sections.push({ name: `${kind}.docs.${part}`, data: json(docs) });
    }
    sections.push({ name: `${kind}.vector-ids`, data: json(list) });
    sections.push({ name: `${kind}.vectors`, data: floats(values) });
  }
  const header: SnapshotHeader = {
    format: FILE_FORMAT,
    labels,
    sections: sections.map(({ name, data }) => ({ name, bytes: data.length })),
  };
  const headerBytes = json(header);
  const length = Buffer.alloc(4);
  length.writeUInt32LE(headerBytes.length);
  const parts = [MAGIC, length, headerBytes, ...sections.map(({ data }) => data)];
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  parts.push(hash.digest());

  const temporary = `${file}.${process.pid}.tmp`;
  // Readable by the server's user only, like the database it copies from.
  const handle = await open(temporary, 'w', 0o600);
  try {
    for (const part of parts) await handle.write(part);
    await handle.sync();
  } catch (error) {
    await handle.close();
    await rm(temporary, { force: true });
    throw error;
  }
  await handle.close();
  await rename(temporary, file);
  const folder = await open(dirname(file), 'r');
  try {
    await folder.sync();
  } finally {
    await folder.close();
  }
  await removeLeftovers(file);
};

/** Temporary files a process killed while saving left behind. */
const removeLeftovers = async (file: string): Promise<void> => {
  const prefix = `${basename(file)}.`;
  for (const name of await readdir(dirname(file))) {
    if (name.startsWith(prefix) && /^\d+\.tmp$/.test(name.slice(prefix.length)))
      await rm(join(dirname(file), name), { force: true });
  }
};

/** The header alone, so that a snapshot of another model or an older store is turned down unread. */
const readHeader = async (file: string): Promise<{ header: SnapshotHeader; bodyStart: number }> => {
  const handle = await open(file, 'r');
  try {
    const start = Buffer.alloc(MAGIC.length + 4);
    const { bytesRead } = await handle.read(start, 0, start.length, 0);
    if (bytesRead < start.length || !start.subarray(0, MAGIC.length).equals(MAGIC))
      throw new Error('not a snapshot file');
    const headerLength = start.readUInt32LE(MAGIC.length);
    if (headerLength > MAX_HEADER_BYTES) throw new Error('damaged header');
    const headerBytes = Buffer.alloc(headerLength);
    const read = await handle.read(headerBytes, 0, headerLength, start.length);
    if (read.bytesRead < headerLength) throw new Error('truncated header');
    const header = JSON.parse(headerBytes.toString()) as SnapshotHeader;
    return { header, bodyStart: start.length + headerLength };
  } finally {
    await handle.close();
  }
};

/**
 * Reads a snapshot if its labels pass `accept` (which returns why not, or undefined) and every byte matches
 * its checksum; otherwise says why it was turned down. A missing or damaged file is a refusal, not an error.
 */
export const readSnapshotFile = async (
  file: string,
  accept: (labels: SnapshotLabels) => string | undefined,
): Promise<SnapshotReadResult> => {
  let header: SnapshotHeader;
  let bodyStart: number;
  try {
    ({ header, bodyStart } = await readHeader(file));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { rejected: code === 'ENOENT' ? 'no snapshot' : `unreadable: ${(error as Error).message}` };
  }
  if (header.format !== FILE_FORMAT) return { rejected: `file format ${String(header.format)}` };
  const refusal = accept(header.labels ?? {});
  if (refusal !== undefined) return { rejected: refusal };

  const bytes = await readFile(file);
  const bodyBytes = header.sections.reduce((sum, section) => sum + section.bytes, 0);
  const end = bodyStart + bodyBytes;
  if (bytes.length !== end + DIGEST_BYTES)
    return { rejected: `truncated or padded: ${bytes.length} bytes, expected ${end + DIGEST_BYTES}` };
  const digest = createHash('sha256').update(bytes.subarray(0, end)).digest();
  if (!digest.equals(bytes.subarray(end))) return { rejected: 'checksum mismatch' };

  const sections = new Map<string, Buffer>();
  let at = bodyStart;
  for (const { name, bytes: size } of header.sections) {
    sections.set(name, bytes.subarray(at, at + size));
    at += size;
  }
  const section = (name: string): Buffer => {
    const data = sections.get(name);
    if (!data) throw new Error(`missing section ${name}`);
    return data;
  };
  try {
    const kinds = {} as Record<SearchKind, RawData>;
    for (const kind of SEARCH_KINDS) {
      const raw = JSON.parse(section(`${kind}.orama`).toString()) as RawData;
      const docs = (raw.docs as StoredDocs).docs;
      for (const { name } of header.sections)
        if (name.startsWith(`${kind}.docs.`))
          Object.assign(docs, JSON.parse(section(name).toString()) as StoredDocs['docs']);
      const list = JSON.parse(section(`${kind}.vector-ids`).toString()) as VectorList;
      const vectorBytes = section(`${kind}.vectors`);
      // Copied, so the floats are aligned whatever their offset in the file.
      const values = new Float32Array(
        vectorBytes.buffer.slice(vectorBytes.byteOffset, vectorBytes.byteOffset + vectorBytes.byteLength),
      );
      joinVectors(raw, list, values);
      kinds[kind] = raw;
    }
    return { snapshot: { format: 1, kinds }, labels: header.labels };
  } catch (error) {
    return { rejected: `damaged: ${(error as Error).message}` };
  }
};
