/**
 * Runs something again once the index has been quiet: at the first check (one every `quietMs`) that finds
 * `changes()` where the previous check left it. A save the index's writes discarded is retried so, when
 * writes pause, instead of at once into the same stream of writes (at a million documents a save reads
 * gigabytes, which a write midway throws away).
 */
export class QuietRetry {
  private timer?: NodeJS.Timeout;
  private stopped = false;

  constructor(
    private readonly changes: () => number,
    private readonly quietMs: number,
    private readonly run: () => void,
  ) {}

  /** Waits for a quiet spell, then runs once; a call while already waiting, or once stopped, does nothing. */
  schedule(): void {
    if (this.timer || this.stopped) return;
    let seen = this.changes();
    this.timer = setInterval(() => {
      const now = this.changes();
      if (now !== seen) {
        seen = now;
        return;
      }
      this.cancel();
      this.run();
    }, this.quietMs);
    // A retry pending is no reason to keep the process alive: the shutdown saves anyway.
    this.timer.unref();
  }

  /** Cancels a pending run for good (at shutdown, which saves by itself). */
  stop(): void {
    this.stopped = true;
    this.cancel();
  }

  private cancel(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}
