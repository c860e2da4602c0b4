import { ConflictException, Inject, Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import type { AdminStats, ReindexEvent, RetriedJobs, SearchKind } from '@skillers/domain';
import { type DocumentEmbedder, readAdminStats, rebuildIndex, REINDEX_LOCK_NAME } from '@skillers/indexing';
import type { JobQueue, Lease, SharedLock } from '@skillers/queue';
import type { SearchIndex } from '@skillers/search';
import type { RecordStore } from '@skillers/store';
import { JOB_QUEUE, RECORD_STORE, SEARCH_INDEX } from '../core/tokens';
import { DOCUMENT_EMBEDDER } from '../core/embedder.tokens';
import { ADMIN_MESSAGES } from './admin.messages';
import { REINDEX_LOCK } from './reindex-lock.provider';

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** Runs a reindex claimed with `beginReindex`, reporting each step to `send`. */
export type ReindexRun = (send: (event: ReindexEvent) => void) => Promise<void>;

/**
 * The index, the queue and the store as an operator sees them. The index port has no generation number,
 * so this service counts the reindexes it completes and reports that count as the index version.
 */
@Injectable()
export class AdminService {
  private readonly logger = new Logger(AdminService.name);
  private version = 0;

  constructor(
    @Inject(RECORD_STORE) private readonly store: RecordStore,
    @Inject(SEARCH_INDEX) private readonly index: SearchIndex,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(DOCUMENT_EMBEDDER) private readonly embedder: DocumentEmbedder,
    @Inject(REINDEX_LOCK) private readonly lock: SharedLock,
  ) {}

  stats(): Promise<AdminStats> {
    return readAdminStats({ index: this.index, store: this.store, queue: this.queue, version: this.version });
  }

  async retryFailedJobs(): Promise<RetriedJobs> {
    return { retried: await this.queue.retryFailed() };
  }

  /**
   * Takes the reindex lock shared by every process (Redis, or the store), or refuses with 409 while another
   * reindex runs anywhere: two generations swapped in one after the other would only repeat the work, and a
   * build swapped in over another's would lose the changes replayed into it. The run releases the lock.
   */
  async beginReindex(kind?: SearchKind): Promise<ReindexRun> {
    let lease: Lease | undefined;
    try {
      lease = await this.lock.tryAcquire(REINDEX_LOCK_NAME);
    } catch (error) {
      throw new ServiceUnavailableException(`${ADMIN_MESSAGES.reindexLockUnavailable} (${messageOf(error)})`);
    }
    if (!lease) throw new ConflictException(ADMIN_MESSAGES.reindexRunning);
    const held = lease;
    return (send) => this.reindex(kind, held, send).finally(() => held.release());
  }

  private async reindex(
    kind: SearchKind | undefined,
    lease: Lease,
    send: (event: ReindexEvent) => void,
  ): Promise<void> {
    const startedAt = Date.now();
    let embedFailureLogged = false;
    try {
      const counts = await rebuildIndex(this.store, this.index, {
        kinds: kind ? [kind] : undefined,
        lease,
        onProgress: (progress) => send({ type: 'progress', ...progress }),
        // As at start: vectors of unchanged records are kept, so only new and changed text is embedded.
        embedder: this.embedder,
        onUnreadable: (recordKind, id, error) =>
          this.logger.warn(
            `Stored ${recordKind} ${id} left out of the index, unreadable: ${messageOf(error)}`,
          ),
        onEmbedFailure: (error) => {
          // Once per reindex: every later batch would only repeat the same cause.
          if (embedFailureLogged) return;
          embedFailureLogged = true;
          this.logger.warn(`Documents indexed without vectors: ${messageOf(error)}`);
        },
      });
      this.version += 1;
      send({ type: 'done', counts, ms: Date.now() - startedAt, version: this.version });
    } catch (error) {
      this.logger.error(error instanceof Error ? error.stack : error);
      send({ type: 'error', message: messageOf(error) });
    }
  }
}
