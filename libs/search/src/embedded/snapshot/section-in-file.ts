import { closeSync, readSync } from 'node:fs';
import { Worker } from 'node:worker_threads';

/** The most bytes one read takes while a section is checked or copied. */
const CHECK_CHUNK_BYTES = 16 << 20;

/**
 * Reads each range (`offset`, `bytes`) of the open file `fd`, a chunk at a time, and posts their CRC-32s;
 * with `copyTo`, writes the bytes to that new file on the way. Run in a worker thread: the event loop goes on
 * meanwhile.
 */
const CHECK_IN_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { closeSync, openSync, readSync, writeSync } = require('node:fs');
const { crc32 } = require('node:zlib');
const { fd, ranges, chunk, copyTo } = workerData;
const largest = Math.max(1, ...ranges.map((range) => range.bytes));
const buffer = Buffer.allocUnsafeSlow(Math.min(chunk, largest));
const out = copyTo === undefined ? -1 : openSync(copyTo, 'wx', 0o600);
const crcs = [];
try {
  for (const { offset, bytes } of ranges) {
    let crc = 0;
    for (let done = 0; done < bytes;) {
      const read = readSync(fd, buffer, 0, Math.min(buffer.length, bytes - done), offset + done);
      if (read === 0) throw new Error('the file ends early');
      const part = buffer.subarray(0, read);
      crc = crc32(part, crc);
      for (let written = 0; out >= 0 && written < read;) written += writeSync(out, part, written);
      done += read;
    }
    crcs.push(crc);
  }
} finally {
  if (out >= 0) closeSync(out);
}
parentPort.postMessage(crcs);
`;

/**
 * Fills `length` bytes of `target` from `offset` with the file's bytes from `position`, however many reads
 * that takes; throws `cutShort` when the file ends first.
 */
export const readFullySync = (
  fd: number,
  target: Uint8Array,
  offset: number,
  length: number,
  position: number,
  cutShort: string,
): void => {
  for (let read = 0; read < length;) {
    const got = readSync(fd, target, offset + read, length - read, position + read);
    if (got === 0) throw new Error(cutShort);
    read += got;
  }
};

/** A range of a file's bytes. */
export interface FileRange {
  offset: number;
  bytes: number;
}

/**
 * The CRC-32 of each range of the open file, computed in a worker thread (with `copyTo`, a new file the bytes
 * are copied to on the way). Settled once the thread is gone, so that no descriptor of its outlives it.
 */
export const crcsInWorker = (
  fd: number,
  ranges: readonly FileRange[],
  { chunk = CHECK_CHUNK_BYTES, copyTo }: { chunk?: number; copyTo?: string } = {},
): Promise<number[]> =>
  new Promise<number[]>((resolve, reject) => {
    let posted: number[] | undefined;
    let failure: unknown;
    const worker = new Worker(CHECK_IN_WORKER, {
      eval: true,
      workerData: { fd, ranges: ranges.map(({ offset, bytes }) => ({ offset, bytes })), chunk, copyTo },
    });
    worker.once('message', (value: number[]) => (posted = value));
    worker.once('error', (error) => (failure = error));
    worker.once('exit', (code) =>
      posted === undefined ? reject(failure ?? new Error(`the check stopped (${code})`)) : resolve(posted),
    );
  });

/**
 * A snapshot file kept open for the sections left in it: each holder (the reader, rows read from it, a graph
 * waiting to be loaded) lets it go once done, and the last one closes it. A later save renames a new file
 * over the path; this one stays readable until then.
 */
export class SharedFile {
  private holders = 1;

  constructor(readonly fd: number) {}

  hold(): this {
    this.holders++;
    return this;
  }

  release(): void {
    if (--this.holders === 0) closeSync(this.fd);
  }
}

/**
 * A section a snapshot's reader left in the file (large ones read where they lie: the vector rows, the
 * graphs), with the CRC-32 the file gives for it.
 */
export class SectionInFile {
  constructor(
    readonly name: string,
    readonly file: SharedFile,
    readonly offset: number,
    readonly bytes: number,
    readonly crc: number,
  ) {}

  /**
   * Whether the section's bytes match their checksum, read in a worker thread; with `copyTo`, a new file
   * they are also copied to (whatever the answer: the caller removes it).
   */
  async check(copyTo?: string, chunk = CHECK_CHUNK_BYTES): Promise<boolean> {
    const { fd } = this.file.hold();
    try {
      const [crc] = await crcsInWorker(fd, [this], { chunk, copyTo });
      return crc === this.crc;
    } finally {
      this.file.release();
    }
  }
}
