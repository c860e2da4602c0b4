import type { SearchKind } from '@skillers/domain';
import type { RebuildProgress } from '@skillers/indexing';
import { MultiBar, Presets, type SingleBar } from 'cli-progress';

export const KIND_LABELS: Readonly<Record<SearchKind, string>> = {
  project: 'projects',
  teammate: 'skiller profiles',
};

/**
 * One bar per kind, added when the kind's first report arrives with its total. As for seeding, bars are
 * drawn on a terminal only, so logs of scripted runs hold just the summary.
 */
export class ReindexProgress {
  private readonly bars?: MultiBar;
  private readonly kindBars = new Map<SearchKind, SingleBar>();

  constructor(stream: NodeJS.WritableStream & { isTTY?: boolean }) {
    if (!stream.isTTY) return;
    this.bars = new MultiBar(
      { stream, format: '{kind} {bar} {value}/{total} | {duration}s', hideCursor: true },
      Presets.shades_classic,
    );
  }

  readonly update = ({ kind, done, total }: RebuildProgress): void => {
    if (!this.bars) return;
    const bar = this.kindBars.get(kind) ?? this.bars.create(total, 0, { kind: KIND_LABELS[kind].padEnd(16) });
    this.kindBars.set(kind, bar);
    bar.setTotal(total);
    bar.update(done);
  };

  stop(): void {
    this.bars?.stop();
  }
}
