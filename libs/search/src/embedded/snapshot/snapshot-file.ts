import { createHash, type Hash } from 'node:crypto';
import { type FileHandle, open, readdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Section } from '../structures/binary-sections';
import { type EmbeddedSnapshot, type EmbeddedSnapshotSource, SNAPSHOT_FORMAT } from '../index-generation';
import { INDEX_CHANGED, IndexChangedError, SnapshotOutput } from './snapshot-output';

/**
 * The embedded index on disk, so that a restart loads it instead of reading and embedding every record.
 *
 * Layout: the magic line, the header's length (32-bit little-endian), the header (JSON: the caller's labels
 * and the sections' names and sizes), the sections' bytes one after the other, then the SHA-256 of
 * everything before it. The sections are the index's own binary form: written from the live structures
 * (`EmbeddedSnapshotSource`, no copy of the index), read one by one into buffers of their own (`EmbeddedSnapshot`),
 * so that no single buffer holds the whole file (files past 2 GiB work) and the typed arrays can be wrapped
 * where they lie.
 */
const MAGIC = Buffer.from('SKILLERS-INDEX-SNAPSHOT\n');
/**
 * 6: the index's binary sections, the texts as the text index's, with the documents' versions and profiles'
 * wanted hours (5 had no wanted hours, 4 no versions, 3 Orama's JSON save of the texts, 2 whole documents as
 * JSON, 1 inside Orama's save). A file of another format is refused, and the index is built from the store.
 */
const FILE_FORMAT = 6;
const DIGEST_BYTES = 32;
/** A header is a few kilobytes; a larger length means a damaged file, not a reason to allocate. */
const MAX_HEADER_BYTES = 16 << 20;
/** The most one read or hash update takes at a time while loading (`read` takes at most 2 GiB). */
const CHUNK_BYTES = 1 << 30;
/** The buffer a sunk section is read through while loading. */
const SINK_CHUNK_BYTES = 16 << 20;

/**
 * The most one write or hash update takes while saving: the server goes on answering between two, and
 * hashing one takes a fraction of a second.
 */
const WRITE_CHUNK_BYTES = 64 << 20;

/** What the caller labels a snapshot with (schema, model, store stamp) and checks before trusting it. */
export type SnapshotLabels = Record<string, string | number>;

interface SnapshotHeader {
  format: number;
  labels: SnapshotLabels;
  sections: { name: string; bytes: number }[];
}

export interface FileOptions {
  /** The most bytes one read, write or hash update takes (tests make it small). */
  chunk?: number;
}

/**
 * Where a section's bytes go instead of into a buffer of their own, chunk by chunk as they are read (and
 * checked), e.g. vector rows into a file; undefined keeps the section in memory.
 */
export type SectionSink = (name: string, bytes: number) => ((chunk: Buffer) => void) | undefined;

export interface ReadOptions extends FileOptions {
  sink?: SectionSink;
}

export type SnapshotReadResult =
  { snapshot: EmbeddedSnapshot; labels: SnapshotLabels } | { rejected: string };

/**
 * Whether the file was put in place; `discarded` when the index changed while it was written (the old file,
 * if any, stays): save again once writes pause.
 */
export type SnapshotWriteResult = { written: true; bytes: number } | { written: false; discarded: string };

const json = (value: unknown): Buffer => Buffer.from(JSON.stringify(value));

/**
 * Writes the snapshot atomically: a temporary file beside the target, synced, then renamed over it and the
 * folder synced, so a crash leaves the old snapshot or the new one, never a mix. The sections are read from
 * the live index while the file is written; if the index changes before the last byte is on disk, the
 * temporary file is removed instead and the result says so, so that no file mixes two states of the index.
 */
export const writeSnapshotFile = async (
  file: string,
  snapshot: EmbeddedSnapshotSource,
  labels: SnapshotLabels,
  { chunk = WRITE_CHUNK_BYTES }: FileOptions = {},
): Promise<SnapshotWriteResult> => {
  const { sections, unchanged } = snapshot;
  const header: SnapshotHeader = {
    format: FILE_FORMAT,
    labels,
    sections: sections.map(({ name, bytes }) => ({ name, bytes })),
  };
  const headerBytes = json(header);
  const length = Buffer.alloc(4);
  length.writeUInt32LE(headerBytes.length);

  const temporary = `${file}.${process.pid}.tmp`;
  // Readable by the server's user only, like the database it copies from.
  const handle = await open(temporary, 'w', 0o600);
  try {
    const output = new SnapshotOutput(handle, chunk, unchanged);
    for (const part of [MAGIC, length, headerBytes]) await output.add(part);
    for (const { name, bytes, parts } of sections) {
      let at = 0;
      for (const part of parts()) {
        at += part.byteLength;
        if (at > bytes) break;
        await output.add(part);
      }
      if (at !== bytes) {
        // Sizes counted before a write and parts built after it: the change, not the section, is at fault.
        if (!unchanged()) throw new IndexChangedError();
        throw new Error(`section ${name}: ${at} bytes, its header says ${bytes}`);
      }
    }
    await output.finish();
    await handle.sync();
  } catch (error) {
    await handle.close();
    await rm(temporary, { force: true });
    // A part built from a structure a write changed meanwhile may fail for that reason alone.
    if (error instanceof IndexChangedError || !unchanged())
      return { written: false, discarded: INDEX_CHANGED };
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
  return { written: true, bytes: MAGIC.length + 4 + headerBytes.length + sumBytes(header) + DIGEST_BYTES };
};

/**
 * A snapshot kept in memory as a source for `writeSnapshotFile`: its buffers are its own, so no write to
 * the index reaches them.
 */
export const snapshotSourceOf = ({ format, sections }: EmbeddedSnapshot): EmbeddedSnapshotSource => ({
  format,
  sections: sections.map(({ name, data }) => ({ name, bytes: data.length, parts: () => [data] })),
  unchanged: () => true,
});

const sumBytes = ({ sections }: SnapshotHeader): number =>
  sections.reduce((sum, { bytes }) => sum + bytes, 0);

/** Temporary files a process killed while saving left behind. */
const removeLeftovers = async (file: string): Promise<void> => {
  const prefix = `${basename(file)}.`;
  for (const name of await readdir(dirname(file))) {
    if (name.startsWith(prefix) && /^\d+\.tmp$/.test(name.slice(prefix.length)))
      await rm(join(dirname(file), name), { force: true });
  }
};

/** Hashes the buffer a chunk at a time: sections may be larger than one call takes. */
const hashAll = (hash: Hash, data: Buffer, chunk: number): void => {
  for (let at = 0; at < data.length; at += chunk) hash.update(data.subarray(at, at + chunk));
};

/** Fills `target` from the file at `position`, or throws when the file ends first. */
const readAll = async (
  handle: FileHandle,
  target: Buffer,
  position: number,
  chunk: number,
): Promise<void> => {
  for (let at = 0; at < target.length;) {
    const { bytesRead } = await handle.read(target, at, Math.min(chunk, target.length - at), position + at);
    if (bytesRead === 0) throw new Error('the file ends early');
    at += bytesRead;
  }
};

/** The header alone, so that a snapshot of another model or an older store is turned down unread. */
const readHeader = async (handle: FileHandle): Promise<{ header: SnapshotHeader; prefix: Buffer }> => {
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
  return { header, prefix: Buffer.concat([start, headerBytes]) };
};

/**
 * Reads a snapshot if its labels pass `accept` (which returns why not, or undefined) and every byte matches
 * its checksum; otherwise says why it was turned down. A missing or damaged file is a refusal, not an error.
 */
export const readSnapshotFile = async (
  file: string,
  accept: (labels: SnapshotLabels) => string | undefined,
  { chunk = CHUNK_BYTES, sink }: ReadOptions = {},
): Promise<SnapshotReadResult> => {
  let handle: FileHandle;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { rejected: code === 'ENOENT' ? 'no snapshot' : `unreadable: ${(error as Error).message}` };
  }
  try {
    return await readOpenSnapshot(handle, accept, chunk, sink);
  } finally {
    await handle.close();
  }
};

const readOpenSnapshot = async (
  handle: FileHandle,
  accept: (labels: SnapshotLabels) => string | undefined,
  chunk: number,
  sink: SectionSink | undefined,
): Promise<SnapshotReadResult> => {
  let header: SnapshotHeader;
  let prefix: Buffer;
  try {
    ({ header, prefix } = await readHeader(handle));
  } catch (error) {
    return { rejected: `unreadable: ${(error as Error).message}` };
  }
  if (header.format !== FILE_FORMAT) return { rejected: `file format ${String(header.format)}` };
  const refusal = accept(header.labels ?? {});
  if (refusal !== undefined) return { rejected: refusal };

  const list = Array.isArray(header.sections) ? header.sections : [];
  if (!list.every(({ name, bytes }) => typeof name === 'string' && Number.isSafeInteger(bytes) && bytes >= 0))
    return { rejected: 'damaged: section list' };
  const end = prefix.length + list.reduce((sum, section) => sum + section.bytes, 0);
  const { size } = await handle.stat();
  if (size !== end + DIGEST_BYTES)
    return { rejected: `truncated or padded: ${size} bytes, expected ${end + DIGEST_BYTES}` };

  const hash = createHash('sha256').update(prefix);
  const sections: Section[] = [];
  let at = prefix.length;
  for (const { name, bytes } of list) {
    const take = sink?.(name, bytes);
    if (take) {
      // Through one reused buffer: the section is checked as it goes and never held whole.
      const buffer = Buffer.allocUnsafeSlow(Math.min(bytes, chunk, SINK_CHUNK_BYTES));
      for (let done = 0; done < bytes;) {
        const part = buffer.subarray(0, Math.min(buffer.length, bytes - done));
        await readAll(handle, part, at + done, chunk);
        hash.update(part);
        take(part);
        done += part.length;
      }
      // Its bytes went to the sink: a structure that reads it anyway finds it empty and turns the file down.
      sections.push({ name, data: Buffer.alloc(0) });
    } else {
      // A buffer of its own per section, so the typed arrays wrapping it are aligned.
      const data = Buffer.allocUnsafeSlow(bytes);
      await readAll(handle, data, at, chunk);
      hashAll(hash, data, chunk);
      sections.push({ name, data });
    }
    at += bytes;
  }
  const digest = Buffer.alloc(DIGEST_BYTES);
  await readAll(handle, digest, end, chunk);
  if (!hash.digest().equals(digest)) return { rejected: 'checksum mismatch' };
  return { snapshot: { format: SNAPSHOT_FORMAT, sections }, labels: header.labels };
};
