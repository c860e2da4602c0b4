import { Logger } from '@nestjs/common';
import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import { join } from 'node:path';
import { EventBuffer, type EventBufferSettings, type WarningLogger } from './event-buffer';
import type { AnalyticsEvent } from './search-event';
import type { SearchAnalyticsReader } from './search-analytics';
import { JsonlFileInvitationAnalytics } from './jsonl-file.invitation-analytics';
import type { InvitationAnalyticsReader } from './invitation-analytics';
import type { SearchEventSink } from './search-event-sink';
import { JsonlFileSearchAnalytics } from './jsonl-file.search-analytics';

import { eventsFileName } from './search-events-files';

export { SEARCH_EVENTS_FOLDER, searchEventsFileName } from './search-events-files';

const byFile = (events: readonly AnalyticsEvent[]): Map<string, AnalyticsEvent[]> => {
  const files = new Map<string, AnalyticsEvent[]>();
  for (const event of events) {
    const file = eventsFileName(event);
    const list = files.get(file);
    if (list) list.push(event);
    else files.set(file, [event]);
  }
  return files;
};

/** Resolves once the chunk is handed to the file, so a flushed event can be read back at once. */
const write = (stream: WriteStream, chunk: string): Promise<void> =>
  new Promise((resolve, reject) => stream.write(chunk, (error) => (error ? reject(error) : resolve())));

const end = (stream: WriteStream): Promise<void> => new Promise((resolve) => stream.end(resolve));

export interface JsonlFileSinkOptions extends EventBufferSettings {
  logger?: WarningLogger;
}

/**
 * The embedded profile's search events: JSON lines appended to daily files under the data folder, which
 * analysts can load into any tool (or into Elasticsearch) as they are. Invitation events go to day files
 * of their own in the same folder.
 */
export class JsonlFileSearchEventSink implements SearchEventSink {
  readonly adapter = 'jsonl-file';
  private readonly buffer: EventBuffer<AnalyticsEvent>;
  private open?: { file: string; stream: WriteStream };

  constructor(
    readonly folder: string,
    { logger = new Logger('SearchEvents'), ...settings }: JsonlFileSinkOptions = {},
  ) {
    mkdirSync(folder, { recursive: true });
    this.buffer = new EventBuffer({
      ...settings,
      label: 'search events',
      logger,
      write: (batch) => this.append(batch),
    });
  }

  record(event: AnalyticsEvent): void {
    this.buffer.push(event);
  }

  flush(): Promise<void> {
    return this.buffer.flush();
  }

  /** Flushes before each report, so it includes the searches of the last second too. */
  analytics(): SearchAnalyticsReader {
    return new JsonlFileSearchAnalytics(this.folder, () => this.flush());
  }

  invitationAnalytics(): InvitationAnalyticsReader {
    return new JsonlFileInvitationAnalytics(this.folder, () => this.flush());
  }

  async close(): Promise<void> {
    await this.buffer.close();
    if (this.open) await end(this.open.stream);
    this.open = undefined;
  }

  private async append(batch: readonly AnalyticsEvent[]): Promise<void> {
    for (const [file, events] of byFile(batch)) {
      const stream = await this.streamFor(file);
      await write(stream, events.map((event) => `${JSON.stringify(event)}\n`).join(''));
    }
  }

  private async streamFor(file: string): Promise<WriteStream> {
    if (this.open?.file === file) return this.open.stream;
    if (this.open) await end(this.open.stream);
    const stream = createWriteStream(join(this.folder, file), { flags: 'a' });
    // The failed write reports the error to the buffer; the listener only keeps it from crashing the
    // process, and lets the next batch open the file afresh.
    stream.on('error', () => {
      if (this.open?.stream === stream) this.open = undefined;
    });
    this.open = { file, stream };
    return stream;
  }
}
