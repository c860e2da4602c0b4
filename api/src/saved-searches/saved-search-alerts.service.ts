import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { RealtimeNotification, SearchDocument } from '@skillers/domain';
import {
  ALERT_WATERMARK_MARGIN_MS,
  BatchingAlerts,
  documentsChangedSince,
  readAlertWatermark,
  UNAWAITED_ALERT_BATCHING,
  writeAlertWatermark,
} from '@skillers/indexing';
import type { JobQueue } from '@skillers/queue';
import type { SearchIndex } from '@skillers/search';
import { COLLECTIONS, type RecordStore } from '@skillers/store';
import { AppEvents } from '../core/events/app-events.service';
import { RECORD_STORE } from '../core/tokens';
import { RealtimeBroadcaster } from '../realtime/realtime-broadcaster';
import { type AlertRunner, type OpenAlertRunner, SAVED_SEARCH_ALERTS } from './saved-searches.tokens';

/** How often the watermark is moved up while records are being indexed. */
const WATERMARK_EVERY_MS = 2_000;
/** Records matched again at once after a crash. */
const CATCH_UP_BATCH = 200;

/**
 * The embedded profile's alerts: the index job of this process calls `recordIndexed` with each document it
 * wrote, and owners are notified through this process's sockets (the notification is stored as the
 * notifications module stores likes and comments, and pushed as the same `notification` event).
 *
 * The job does not wait for its alerts, so a crash can lose the last batch's. A watermark in the store says
 * up to when every record's alerts are recorded: it moves up when the outbox, the queue and the batches are
 * seen empty, and at start the records changed since it are matched again (matches already stored are
 * neither counted nor notified again).
 */
@Injectable()
export class SavedSearchAlertsService implements OnModuleInit {
  readonly recordIndexed: (doc: SearchDocument) => Promise<void>;
  /** Where the alerts run: on their own thread beside an SQLite store, else in this one. */
  private readonly alerts: AlertRunner;
  private readonly record: (docs: readonly SearchDocument[]) => Promise<void>;
  private readonly batches: BatchingAlerts;
  /** Records indexed since the watermark last moved; none, nothing to move. */
  private indexedSinceMark = 0;
  private timer?: NodeJS.Timeout;
  private queue?: JobQueue;
  private readonly logger = new Logger(SavedSearchAlertsService.name);

  constructor(
    @Inject(RECORD_STORE) private readonly store: RecordStore,
    @Inject(SAVED_SEARCH_ALERTS) openAlerts: OpenAlertRunner,
    broadcaster: RealtimeBroadcaster,
    private readonly events: AppEvents,
  ) {
    this.alerts = openAlerts(
      (userId: string, payload: RealtimeNotification) => broadcaster.notified(userId, payload),
      (userId) => broadcaster.hasSockets(userId),
      (error) => this.logger.warn(`Saved-search alerts not pushed: ${(error as Error).message}`),
    );
    this.record = this.alerts.record;
    // Not awaited: the queue runs one job at a time here, so awaiting would make every batch one record;
    // nothing waiting, the batches can be large, which makes their writes cheaper per record.
    this.batches = new BatchingAlerts(this.record, UNAWAITED_ALERT_BATCHING);
    this.recordIndexed = (doc) => {
      this.indexedSinceMark += 1;
      this.batches.add(doc).catch((error: unknown) => {
        this.logger.warn(`Saved-search alerts failed: ${(error as Error).message}`);
      });
      return Promise.resolve();
    };
  }

  onModuleInit(): void {
    this.events.subscribe('notifications.read', ({ userId }) => this.forgetOwner(userId));
  }

  /**
   * The user read their notifications or switched a search's alerts: their searches' next new matches are
   * looked at afresh, so a read alert is followed by a new one at once.
   */
  forgetOwner(ownerId: string): void {
    this.alerts.forgetOwner(ownerId);
  }

  /** Handles the records indexed so far and moves the watermark past them; called at a clean stop. */
  async drain(): Promise<void> {
    clearInterval(this.timer);
    await this.batches.drain();
    await this.alerts.close?.();
    // A watermark left behind only means more records are matched again at the next start.
    await this.moveWatermark().catch((error: unknown) => {
      this.logger.warn(`Alert watermark not moved: ${(error as Error).message}`);
    });
  }

  /**
   * Matches again the records changed since the watermark (those a crash may have left without alerts),
   * then keeps the watermark moving. The index worker calls it once the index is built and the searches
   * loaded, before its queue takes jobs. At the first start there is no watermark: it is set, and the
   * records stored before are not alerted, as a rebuild does not alert.
   */
  async start(index: SearchIndex, queue: JobQueue): Promise<number> {
    this.queue = queue;
    const startedAt = Date.now();
    const since = await readAlertWatermark(this.store);
    let matched = 0;
    if (since !== undefined) {
      const docs = await documentsChangedSince(this.store, index, since);
      for (let at = 0; at < docs.length; at += CATCH_UP_BATCH) {
        await this.record(docs.slice(at, at + CATCH_UP_BATCH));
      }
      matched = docs.length;
    }
    await writeAlertWatermark(this.store, new Date(startedAt - ALERT_WATERMARK_MARGIN_MS).toISOString());
    this.timer = setInterval(() => {
      this.moveWatermark().catch((error: unknown) => {
        this.logger.warn(`Alert watermark not moved: ${(error as Error).message}`);
      });
    }, WATERMARK_EVERY_MS);
    this.timer.unref();
    return matched;
  }

  /**
   * Moves the watermark to shortly before now when every change stored so far has had its alerts: the
   * outbox, then the queue, then the batches are seen empty (a change only moves forward through them, so
   * one that was anywhere when the outbox was read is still seen, unless it is done).
   */
  private async moveWatermark(): Promise<void> {
    if (this.indexedSinceMark === 0 || !this.queue) return;
    const indexed = this.indexedSinceMark;
    const now = Date.now();
    if ((await this.store.collection(COLLECTIONS.indexOutbox).count({})) > 0) return;
    const jobs = await this.queue.stats();
    if (jobs.waiting + jobs.active > 0 || !this.batches.idle) return;
    await writeAlertWatermark(this.store, new Date(now - ALERT_WATERMARK_MARGIN_MS).toISOString());
    this.indexedSinceMark -= indexed;
  }

  /**
   * Fills the in-memory matcher from the store; the index worker calls it once the demo seed (a module
   * init) has run and before it takes jobs. Searches created meanwhile are put again, harmlessly. Rows that
   * no longer read as searches are left out and logged, each with its id, as are the labels a vocabulary
   * change moved.
   */
  async loadSearches(): Promise<number> {
    const found = await this.alerts.loadSearches();
    if (!found) return 0;
    for (const { id, problem } of found.quarantined) {
      this.logger.warn(`Saved search ${id} quarantined (kept, matched against nothing): ${problem}`);
    }
    for (const { id, notes } of found.relabelled) {
      this.logger.log(`Saved search ${id} read with today's labels: ${notes.join('; ')}`);
    }
    return found.loaded;
  }
}
