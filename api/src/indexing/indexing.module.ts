import {
  type BeforeApplicationShutdown,
  Global,
  Inject,
  Logger,
  Module,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { OutboxRelay } from '@skillers/indexing';
import type { JobQueue } from '@skillers/queue';
import type { RecordStore } from '@skillers/store';
import { JOB_QUEUE, RECORD_STORE } from '../core/tokens';
import { OUTBOX_RELAY } from './outbox-relay.token';
import { RecordChangesService } from './record-changes.service';
import { QueryPathWarmUp } from './query-path-warm-up.state';
import { SnapshotCheck } from './snapshot-check.state';
import { VectorBackfillState } from './vector-backfill.state';

/** MongoDB writes an outbox entry before its record: a younger entry may belong to a write under way. */
const MONGODB_OUTBOX_GRACE_MS = 30_000;

/**
 * Global so every module that writes projects or profiles reports to the same service, and the vector
 * backfill's progress is one for the index worker, the health check and similarity search.
 */
@Global()
@Module({
  providers: [
    RecordChangesService,
    VectorBackfillState,
    QueryPathWarmUp,
    SnapshotCheck,
    {
      provide: OUTBOX_RELAY,
      inject: [RECORD_STORE, JOB_QUEUE],
      useFactory: (store: RecordStore, queue: JobQueue) => {
        const logger = new Logger('IndexOutbox');
        return new OutboxRelay(store, queue, {
          graceMs: store.adapter === 'mongodb' ? MONGODB_OUTBOX_GRACE_MS : 0,
          log: (line) => logger.warn(line),
        });
      },
    },
  ],
  exports: [RecordChangesService, OUTBOX_RELAY, VectorBackfillState, QueryPathWarmUp, SnapshotCheck],
})
export class IndexingModule implements OnApplicationBootstrap, BeforeApplicationShutdown {
  constructor(
    @Inject(OUTBOX_RELAY) private readonly relay: OutboxRelay,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
  ) {}

  onApplicationBootstrap(): void {
    this.relay.start();
  }

  /**
   * Every shutdown hook of this kind runs before any `onApplicationShutdown`, where the store and the embedder
   * close: the relay makes its last enqueue, then the queue finishes the jobs running in this process while
   * what they need is still open. Entries not relayed stay in the outbox for the next start.
   */
  async beforeApplicationShutdown(): Promise<void> {
    await this.relay.stop();
    await this.queue.close();
  }
}
