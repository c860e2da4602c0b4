import { createHash } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';

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
 * Writes parts to a file in order and hashes them, at most `chunk` bytes per write or hash update. Large
 * parts (views of the index's live arrays) are written where they lie; small ones are gathered into one
 * buffer first, so a section of many short runs is not one write each. After every write, `unchanged`
 * must still hold (`IndexChangedError` otherwise): a write to the index while a part was on its way to the
 * disk may have reached its bytes, so the file is of one state only if none came.
 */
export class SnapshotOutput {
  private readonly hash = createHash('sha256');
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
    if (part.byteLength < this.gathered.length) {
      if (this.gatheredBytes + part.byteLength > this.gathered.length) await this.flush();
      this.gathered.set(part, this.gatheredBytes);
      this.gatheredBytes += part.byteLength;
      return;
    }
    await this.flush();
    await this.write(part);
  }

  /** Writes what is gathered, then the digest of everything written. */
  async finish(): Promise<void> {
    await this.flush();
    await this.write(this.hash.digest(), false);
  }

  private async flush(): Promise<void> {
    if (this.gatheredBytes === 0) return;
    const bytes = this.gatheredBytes;
    this.gatheredBytes = 0;
    await this.write(this.gathered.subarray(0, bytes));
  }

  /** Hashes and writes the bytes a chunk at a time: one `write` may write less than asked. */
  private async write(data: Uint8Array, hashed = true): Promise<void> {
    for (let at = 0; at < data.byteLength;) {
      const end = Math.min(at + this.chunk, data.byteLength);
      if (hashed) this.hash.update(data.subarray(at, end));
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
