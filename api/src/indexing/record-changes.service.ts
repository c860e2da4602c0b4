import { Inject, Injectable } from '@nestjs/common';
import { INDEX_RECORD_JOB, indexRecordJobId, type IndexRecordPayload } from '@skillers/indexer';
import type { JobQueue } from '@skillers/queue';
import { JOB_QUEUE } from '../core/tokens';

export type IndexedKind = IndexRecordPayload['kind'];

/**
 * The single place that hears about every write to a project or skiller profile: each one becomes an
 * index job, keyed by the record so a burst of edits is indexed once with the latest state.
 */
@Injectable()
export class RecordChangesService {
  constructor(@Inject(JOB_QUEUE) private readonly queue: JobQueue) {}

  async changed(kind: IndexedKind, id: string): Promise<void> {
    await this.enqueue({ kind, id });
  }

  async removed(kind: IndexedKind, id: string): Promise<void> {
    await this.enqueue({ kind, id });
  }

  private enqueue(payload: IndexRecordPayload): Promise<void> {
    return this.queue.enqueue(INDEX_RECORD_JOB, payload, { jobId: indexRecordJobId(payload) });
  }
}
