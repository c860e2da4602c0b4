import { Injectable } from '@nestjs/common';

/**
 * How far the embedded index's vector backfill has come, for the health check's `search` detail: while it
 * runs (or after it stopped short) some documents have no vector, and similarity search does not find them.
 */
@Injectable()
export class VectorBackfillState {
  private lacking = 0;
  private embedded = 0;
  private phase: 'idle' | 'running' | 'stopped' = 'idle';

  started(lacking: number): void {
    this.lacking = lacking;
    this.embedded = 0;
    this.phase = 'running';
  }

  progressed(embedded: number): void {
    this.embedded = embedded;
  }

  /** Stopped short: the model could not embed them all. */
  stopped(): void {
    this.phase = 'stopped';
  }

  done(): void {
    this.phase = 'idle';
  }

  /** Whether some documents still lack their vector. */
  pending(): boolean {
    return this.phase !== 'idle';
  }

  /** Undefined once every document has its vector. */
  detail(): string | undefined {
    const left = Math.max(this.lacking - this.embedded, 0);
    if (this.phase === 'running')
      return `${left} of ${this.lacking} documents still without a vector, being embedded in the background`;
    if (this.phase === 'stopped')
      return `${left} documents without a vector: the model could not embed them; the next start tries again`;
    return undefined;
  }
}
