import type { FileHandle } from 'node:fs/promises';
import { crc32 } from 'node:zlib';

/** Small parts are gathered into a buffer of this size (at most) and written together. */
const GATHER_BYTES = 4 << 20;

export const INDEX_CHANGED = 'the index changed while it was written';

/** Thrown when the index changed while its bytes were written: the file would mix two states. */
export class IndexChangedError extends Error {
  constructor() {
    super(INDEX_CHANGED);
  }
}

/**
 * Writes parts to a file in order and takes the CRC-32 of each section's (`endSection`), at most `chunk`
 * bytes per write or checksum update. Large
 * parts (views of the index's live arrays) are written where they lie; small ones are gathered into one
 * buffer first, so a section of many short runs is not one write each. After every write, `unchanged`
 * must still hold (`IndexChangedError` otherwise): a write to the index while a part was on its way to the
 * disk may have reached its bytes, so the file is of one state only if none came.
 */
export class SnapshotOutput {
  /** The CRC-32 of the section's parts added so far. */
  private crc = 0;
  private readonly gathered: Buffer;
  private gatheredBytes = 0;

  constructor(
    private readonly handle: FileHandle,
    private readonly chunk: number,
    private readonly unchanged: () => boolean,
  ) {
    this.gathered = Buffer.allocUnsafeSlow(Math.min(chunk, GATHER_BYTES));
  }

  async add(part: Uint8Array): Promise<void> {
    this.check();
    for (let at = 0; at < part.byteLength; at += this.chunk)
      this.crc = crc32(part.subarray(at, at + this.chunk), this.crc);
    if (part.byteLength < this.gathered.length) {
      if (this.gatheredBytes + part.byteLength > this.gathered.length) await this.flush();
      this.gathered.set(part, this.gatheredBytes);
      this.gatheredBytes += part.byteLength;
      return;
    }
    await this.flush();
    await this.write(part);
  }

  /** The CRC-32 of the parts added since the last call: a section's. */
  endSection(): number {
    const { crc } = this;
    this.crc = 0;
    return crc;
  }

  /** Writes what is gathered. */
  async finish(): Promise<void> {
    await this.flush();
  }

  private async flush(): Promise<void> {
    if (this.gatheredBytes === 0) return;
    const bytes = this.gatheredBytes;
    this.gatheredBytes = 0;
    await this.write(this.gathered.subarray(0, bytes));
  }

  /** Writes the bytes a chunk at a time: one `write` may write less than asked. */
  private async write(data: Uint8Array): Promise<void> {
    for (let at = 0; at < data.byteLength;) {
      const end = Math.min(at + this.chunk, data.byteLength);
      for (let from = at; from < end;) {
        const { bytesWritten } = await this.handle.write(data, from, end - from);
        from += bytesWritten;
        this.check();
      }
      at = end;
    }
  }

  private check(): void {
    if (!this.unchanged()) throw new IndexChangedError();
  }
}
