import { Inject, Injectable } from '@nestjs/common';
import { type IndexChange, indexChange, type IndexRecordPayload, type OutboxRelay } from '@skillers/indexing';
import { OUTBOX_RELAY } from './outbox-relay.token';

export type IndexedKind = IndexRecordPayload['kind'];

/**
 * The single place that hears about every write to a project or profile. Each write stores an
 * outbox entry beside the record (`change(...).write`, passed to the store), so the change to index is
 * durable whenever the write is; once the store has acknowledged the write, `written` hands the entry to the
 * relay, which enqueues it in the background. The request never waits for the job queue.
 */
@Injectable()
export class RecordChangesService {
  constructor(@Inject(OUTBOX_RELAY) private readonly relay: OutboxRelay) {}

  /** For a create or an edit. */
  change(kind: IndexedKind, id: string): IndexChange {
    return indexChange(kind, id);
  }

  /** For a delete: also records the deletion, for a reindex running meanwhile. */
  removal(kind: IndexedKind, id: string): IndexChange {
    return indexChange(kind, id, { deleted: true });
  }

  /** After the store acknowledged the write (or found nothing to change): never waits on the queue. */
  written(change: IndexChange): void {
    this.relay.handOver(change.entry);
  }
}
