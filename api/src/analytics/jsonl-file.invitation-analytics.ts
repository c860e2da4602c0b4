import { createReadStream, existsSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import {
  emptyInvitationTally,
  finishInvitationReport,
  type InvitationAnalyticsReader,
  type InvitationAnalyticsReport,
  tallyInvitationEvent,
} from './invitation-analytics';
import type { InvitationEvent } from './invitation-event';
import { type AnalyticsRange, daysOf } from './search-analytics';
import { invitationEventsFileName } from './search-events-files';

/** The embedded profile's invitation analytics: the day files of the range, line by line. */
export class JsonlFileInvitationAnalytics implements InvitationAnalyticsReader {
  constructor(
    readonly folder: string,
    /** The sink's buffer is flushed first, so the report includes the last invitations. */
    private readonly beforeReading: () => Promise<void> = async () => undefined,
  ) {}

  async report(range: AnalyticsRange): Promise<InvitationAnalyticsReport> {
    await this.beforeReading();
    const tally = emptyInvitationTally();
    for (const day of daysOf(range)) {
      const file = join(this.folder, invitationEventsFileName(day));
      if (!existsSync(file)) continue;
      const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
      for await (const line of lines) {
        const event = parsed(line);
        if (event) tallyInvitationEvent(tally, event);
      }
    }
    return finishInvitationReport(tally);
  }
}

/** A line cut short by a crash mid-write is skipped; the lines around it still count. */
const parsed = (line: string): Partial<InvitationEvent> | undefined => {
  if (!line.trim()) return undefined;
  try {
    return JSON.parse(line) as Partial<InvitationEvent>;
  } catch {
    return undefined;
  }
};
