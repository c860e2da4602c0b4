import { fstat, open as openFd, read } from 'node:fs';
import { open, readdir, rename, rm } from 'node:fs/promises';
import { promisify } from 'node:util';
import { basename, dirname, join } from 'node:path';
import { crc32 } from 'node:zlib';
import type { Section } from '../structures/binary-sections';
import { type EmbeddedSnapshot, type EmbeddedSnapshotSource, SNAPSHOT_FORMAT } from './snapshot-sections';
import { crcsInWorker, type FileRange, SectionInFile, SharedFile } from './section-in-file';
import { INDEX_CHANGED, IndexChangedError, SnapshotOutput } from './snapshot-output';

/**
 * The embedded index on disk, so that a restart loads it instead of reading and embedding every record.
 *
 * Layout: the magic line, the header's length (32-bit little-endian), the header (JSON: the caller's labels
 * and the sections' names and sizes), the sections' bytes one after the other, then the CRC-32 of each
 * section and the CRC-32 of the header and that list (32-bit little-endian each). The sections are the
 * index's own binary form: written from the live structures (`EmbeddedSnapshotSource`, no copy of the
 * index), read one by one into buffers of their own (`EmbeddedSnapshot`), so that no single buffer holds the
 * whole file (files past 2 GiB work) and the typed arrays can be wrapped where they lie. A checksum per
 * section lets the largest stay in the file, checked where they are read (`SectionInFile`), and names the
 * section a damage is in.
 */
const MAGIC = Buffer.from('SKILLERS-INDEX-SNAPSHOT\n');
/**
 * 7: a CRC-32 per section (6 had one SHA-256 of the whole file), the index's binary sections, the texts as
 * the text index's, with the documents' versions and profiles' wanted hours (5 had no wanted hours, 4 no
 * versions, 3 Orama's JSON save of the texts, 2 whole documents as JSON, 1 inside Orama's save). A file of
 * another format is refused, and the index is built from the store.
 */
const FILE_FORMAT = 7;
/** A header is a few kilobytes; a larger length means a damaged file, not a reason to allocate. */
const MAX_HEADER_BYTES = 16 << 20;
/** The most one read or checksum update takes at a time while loading (`read` takes at most 2 GiB). */
const CHUNK_BYTES = 1 << 30;

/**
 * The most one write or checksum update takes while saving: the server goes on answering between two, and
 * checking one takes a fraction of a second.
 */
const WRITE_CHUNK_BYTES = 64 << 20;

/** The checksums after the sections: one per section, then the header's and theirs. */
const trailerBytes = (sections: number): number => 4 * (sections + 1);

/** What the caller labels a snapshot with (schema, model, store stamp) and checks before trusting it. */
export type SnapshotLabels = Record<string, string | number>;

interface SnapshotHeader {
  format: number;
  labels: SnapshotLabels;
  sections: { name: string; bytes: number }[];
}

export interface FileOptions {
  /** The most bytes one read, write or checksum update takes (tests make it small). */
  chunk?: number;
}

/**
 * Which sections stay in the file instead of being read into buffers of their own: `checked` ones are
 * checked against their checksum (in worker threads, while the others are read) before the read resolves,
 * `unchecked` ones by whoever reads them later (`SectionInFile.check`); undefined reads the section.
 */
export type LeftInFile = (name: string) => 'checked' | 'unchecked' | undefined;

export interface ReadOptions extends FileOptions {
  leave?: LeftInFile;
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
    const trailer = Buffer.alloc(trailerBytes(sections.length));
    const headerCrc = output.endSection();
    for (const [at, { name, bytes, parts }] of sections.entries()) {
      let done = 0;
      for (const part of parts()) {
        done += part.byteLength;
        if (done > bytes) break;
        await output.add(part);
      }
      if (done !== bytes) {
        // Sizes counted before a write and parts built after it: the change, not the section, is at fault.
        if (!unchanged()) throw new IndexChangedError();
        throw new Error(`section ${name}: ${done} bytes, its header says ${bytes}`);
      }
      trailer.writeUInt32LE(output.endSection(), 4 * at);
    }
    const table = trailer.subarray(0, 4 * sections.length);
    trailer.writeUInt32LE(crc32(table, headerCrc), table.length);
    await output.add(trailer);
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
  return {
    written: true,
    bytes: MAGIC.length + 4 + headerBytes.length + sumBytes(header) + trailerBytes(sections.length),
  };
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

/** The promise, marked as handled: it is awaited later, and may fail before (a check while sections are read). */
const awaited = <T>(promise: Promise<T>): Promise<T> => {
  promise.catch(() => undefined);
  return promise;
};

/** The CRC-32 of the buffer, a chunk at a time: sections may be larger than one call takes. */
const crcOf = (data: Buffer, chunk: number): number => {
  let crc = 0;
  for (let at = 0; at < data.length; at += chunk) crc = crc32(data.subarray(at, at + chunk), crc);
  return crc;
};

/** Sections up to this size share buffers (`sectionBuffers`); larger ones get one each. */
const SHARED_SECTION_MAX = 16 << 20;
/** The most a shared buffer holds. */
const SHARED_BUFFER_BYTES = 256 << 20;

/**
 * A buffer per section, each starting at a multiple of 8 bytes so the typed arrays wrapping it are aligned.
 * Small sections share larger buffers: every 64 MiB of buffers allocated makes V8 collect its heap once
 * (it counts them as external memory), and a million documents' snapshot reads about a hundred sections of a
 * few megabytes each. A shared buffer lives as long as any of its sections, so only small ones share.
 */
const sectionBuffers = (sections: readonly { bytes: number }[]): Buffer[] => {
  const isShared = (bytes: number) => bytes <= SHARED_SECTION_MAX;
  // Room for the small sections not placed yet, each with its alignment.
  let sharedLeft = sections.reduce((sum, { bytes }) => (isShared(bytes) ? sum + bytes + 7 : sum), 0);
  const buffers: Buffer[] = [];
  let shared = Buffer.alloc(0);
  let used = 0;
  for (const { bytes } of sections) {
    if (!isShared(bytes)) {
      buffers.push(Buffer.allocUnsafeSlow(bytes));
      continue;
    }
    let at = Math.ceil(used / 8) * 8;
    if (at + bytes > shared.length) {
      shared = Buffer.allocUnsafeSlow(Math.min(SHARED_BUFFER_BYTES, sharedLeft));
      at = 0;
    }
    buffers.push(shared.subarray(at, at + bytes));
    used = at + bytes;
    sharedLeft -= bytes + 7;
  }
  return buffers;
};

/** Reads into `target` from the file at `position`; resolves to how many bytes it read. */
const readAt = (fd: number, target: Buffer, offset: number, length: number, position: number) =>
  new Promise<number>((resolve, reject) =>
    read(fd, target, offset, length, position, (error, bytesRead) =>
      error ? reject(error) : resolve(bytesRead),
    ),
  );

/** Fills `target` from the file at `position`, or throws when the file ends first. */
const readAll = async (fd: number, target: Buffer, position: number, chunk: number): Promise<void> => {
  for (let at = 0; at < target.length;) {
    const bytesRead = await readAt(fd, target, at, Math.min(chunk, target.length - at), position + at);
    if (bytesRead === 0) throw new Error('the file ends early');
    at += bytesRead;
  }
};

/** Reads in flight at once while loading: the kernel's work of filling new memory then runs on two cores. */
const READS_IN_FLIGHT = 2;
/** The most one of those reads takes, so that the large sections are shared between them. */
const READ_PIECE_BYTES = 64 << 20;

/** Fills every target from the file at its position, `READS_IN_FLIGHT` pieces at a time. */
const readPieces = async (
  fd: number,
  targets: readonly { data: Buffer; position: number }[],
  chunk: number,
): Promise<void> => {
  const size = Math.min(READ_PIECE_BYTES, chunk);
  const pieces = targets.flatMap(({ data, position }) =>
    Array.from({ length: Math.ceil(data.length / size) }, (_, n) => ({
      data: data.subarray(n * size, Math.min((n + 1) * size, data.length)),
      position: position + n * size,
    })),
  );
  let next = 0;
  let failed = false;
  const reader = async () => {
    while (!failed && next < pieces.length) {
      const { data, position } = pieces[next++];
      await readAll(fd, data, position, chunk).catch((error: unknown) => {
        failed = true;
        throw error;
      });
    }
  };
  await Promise.all(Array.from({ length: READS_IN_FLIGHT }, reader));
};

/** The header alone, so that a snapshot of another model or an older store is turned down unread. */
const readHeader = async (fd: number): Promise<{ header: SnapshotHeader; prefix: Buffer }> => {
  const start = Buffer.alloc(MAGIC.length + 4);
  const bytesRead = await readAt(fd, start, 0, start.length, 0);
  if (bytesRead < start.length || !start.subarray(0, MAGIC.length).equals(MAGIC))
    throw new Error('not a snapshot file');
  const headerLength = start.readUInt32LE(MAGIC.length);
  if (headerLength > MAX_HEADER_BYTES) throw new Error('damaged header');
  const headerBytes = Buffer.alloc(headerLength);
  if ((await readAt(fd, headerBytes, 0, headerLength, start.length)) < headerLength)
    throw new Error('truncated header');
  const header = JSON.parse(headerBytes.toString()) as SnapshotHeader;
  return { header, prefix: Buffer.concat([start, headerBytes]) };
};

/**
 * Reads a snapshot if its labels pass `accept` (which returns why not, or undefined) and every section read
 * or left `checked` matches its checksum; otherwise says why it was turned down (a damaged section by its
 * name). A missing or damaged file is a refusal, not an error. Sections left in the file come back in
 * `snapshot.inFile`, each holding the file open until it is let go (`SharedFile`).
 */
export const readSnapshotFile = async (
  file: string,
  accept: (labels: SnapshotLabels) => string | undefined,
  { chunk = CHUNK_BYTES, leave = () => undefined }: ReadOptions = {},
): Promise<SnapshotReadResult> => {
  let fd: number;
  try {
    fd = await promisify(openFd)(file, 'r');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { rejected: code === 'ENOENT' ? 'no snapshot' : `unreadable: ${(error as Error).message}` };
  }
  // The reader's own hold: sections left in the file take theirs.
  const shared = new SharedFile(fd);
  try {
    return await readOpenSnapshot(fd, shared, accept, chunk, leave);
  } finally {
    shared.release();
  }
};

const readOpenSnapshot = async (
  fd: number,
  shared: SharedFile,
  accept: (labels: SnapshotLabels) => string | undefined,
  chunk: number,
  leave: LeftInFile,
): Promise<SnapshotReadResult> => {
  let header: SnapshotHeader;
  let prefix: Buffer;
  try {
    ({ header, prefix } = await readHeader(fd));
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
  const { size } = await promisify(fstat)(fd);
  const trailer = Buffer.alloc(trailerBytes(list.length));
  if (size !== end + trailer.length)
    return { rejected: `truncated or padded: ${size} bytes, expected ${end + trailer.length}` };
  await readAll(fd, trailer, end, chunk);
  const table = trailer.subarray(0, 4 * list.length);
  if (crc32(table, crcOf(prefix, chunk)) !== trailer.readUInt32LE(table.length))
    return { rejected: 'checksum mismatch: header' };

  const sections: Section[] = [];
  const inFile: SectionInFile[] = [];
  const checks: Promise<string | undefined>[] = [];
  // The sections read into memory are checked from the file in a worker thread while they are read.
  const read: (FileRange & { name: string; crc: number })[] = [];
  let damaged: string | undefined;
  let accepted = false;
  try {
    let at = prefix.length;
    for (const [index, { name, bytes }] of list.entries()) {
      const crc = table.readUInt32LE(4 * index);
      const left = leave(name);
      if (left) {
        const section = new SectionInFile(name, shared.hold(), at, bytes, crc);
        inFile.push(section);
        if (left === 'checked')
          checks.push(awaited(section.check().then((matches) => (matches ? undefined : name))));
      } else read.push({ name, offset: at, bytes, crc });
      at += bytes;
    }
    checks.push(
      awaited(
        crcsInWorker(shared.hold().fd, read, { chunk: Math.min(chunk, 16 << 20) })
          .then((crcs) => read.find((section, index) => crcs[index] !== section.crc)?.name)
          .finally(() => shared.release()),
      ),
    );
    const buffers = sectionBuffers(read);
    await readPieces(
      fd,
      read.map(({ offset }, at) => ({ data: buffers[at], position: offset })),
      chunk,
    );
    for (const [at, { name }] of read.entries()) sections.push({ name, data: buffers[at] });
    damaged = (await Promise.all(checks)).find((name) => name !== undefined);
    accepted = damaged === undefined;
  } finally {
    // Turned down or failed: the sections left in the file let it go (the checks hold it while they run).
    if (!accepted) for (const section of inFile) section.file.release();
  }
  if (damaged !== undefined) return { rejected: `checksum mismatch: section ${damaged}` };
  return { snapshot: { format: SNAPSHOT_FORMAT, sections, inFile }, labels: header.labels };
};
