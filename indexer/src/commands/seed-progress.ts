import type { SeedCounts, SeedKind } from '@skillers/demo-data';
import { MultiBar, Presets, type SingleBar } from 'cli-progress';

/** The order `seedDatabase` writes in: accounts first, since profiles and projects need their owners. */
const KINDS: readonly SeedKind[] = ['users', 'teammates', 'projects'];
const LABELS: Readonly<Record<SeedKind, string>> = {
  users: 'users',
  teammates: 'profiles',
  projects: 'projects',
};

/**
 * One bar per kind with its rate in records per second. A kind's clock starts when the previous kind
 * finished, since they are written one after the other. Bars exist only on a terminal: off one, cli-progress
 * still draws a final frame of bars it never started, which would only clutter logs.
 */
export class SeedProgress {
  private readonly bars?: MultiBar;
  private readonly kindBars = new Map<SeedKind, SingleBar>();
  private readonly startedAt = new Map<SeedKind, number>();
  private lastFinishedAt = Date.now();

  constructor(stream: NodeJS.WritableStream & { isTTY?: boolean }, totals: SeedCounts) {
    if (!stream.isTTY) return;
    this.bars = new MultiBar(
      { stream, format: '{kind} {bar} {value}/{total} | {rate} records/s', hideCursor: true },
      Presets.shades_classic,
    );
    for (const kind of KINDS) {
      if (totals[kind] > 0) {
        this.kindBars.set(kind, this.bars.create(totals[kind], 0, { kind: LABELS[kind].padEnd(8), rate: 0 }));
      }
    }
  }

  readonly update = (kind: SeedKind, done: number, total: number): void => {
    const now = Date.now();
    const startedAt = this.startedAt.get(kind) ?? this.lastFinishedAt;
    this.startedAt.set(kind, startedAt);
    const seconds = Math.max(now - startedAt, 1) / 1000;
    this.kindBars.get(kind)?.update(done, { rate: Math.round(done / seconds) });
    if (done === total) this.lastFinishedAt = now;
  };

  stop(): void {
    this.bars?.stop();
  }
}
