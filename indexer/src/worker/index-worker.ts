import { SEARCH_KINDS, type SearchDocument, type SearchKind } from '@skillers/domain';
import type { EmbedderStatus } from '@skillers/embedding';
import {
  type AlertNotifier,
  BatchingAlerts,
  type DocumentEmbedder,
  rebuildIndex,
  recordsOf,
  REINDEX_LOCK_NAME,
  savedSearchAlerts,
  startIndexWorker,
} from '@skillers/indexing';
import { FailedJobSweep, type JobQueue, type SharedLock } from '@skillers/queue';
import {
  BatchingIndexWriter,
  describeLiveVectorSpaces,
  describeVectorSpace,
  type SavedSearchMatcher,
  type SearchIndex,
  type VectorSpaceStatus,
} from '@skillers/search';
import type { RecordStore } from '@skillers/store';
import { EmbedderWatch } from './embedder-watch';

/** An embedder the worker can index with and report on: the `Embedder` port of `@skillers/embedding`. */
export interface WorkerEmbedder extends DocumentEmbedder {
  status(): Promise<EmbedderStatus>;
}

/** What the worker runs on; the entry point opens the cluster's adapters, tests pass embedded ones. */
export interface WorkerPorts {
  store: RecordStore;
  index: SearchIndex;
  queue: JobQueue;
  /**
   * Embeds each record for similarity search (the embedder service, from `EMBEDDER_URL`). Without it, or
   * while it cannot embed, records are indexed without vectors.
   */
  embedder?: WorkerEmbedder;
  /** The reindex lock every process shares; a build at start is skipped while another process holds it. */
  lock?: SharedLock;
  /** Saved-search alerts: the percolator and how owners are told. Without them no record is matched. */
  alerts?: { matcher: SavedSearchMatcher; notify: AlertNotifier };
}

export interface IndexWorkerOptions {
  /** How often failed index jobs are looked for and retried once the index and store answer (default 30 s). */
  failedJobSweepMs?: number;
  /** Told of each document a job writes (the index lag metric). */
  indexed?(doc: SearchDocument): void;
}

export type WorkerState = 'starting' | 'rebuilding' | 'running' | 'stopping';

export interface PortHealth {
  adapter: string;
  ready: boolean;
}

export interface WorkerHealth {
  /** `ok` while every port answers and the worker is not stopping. */
  status: 'ok' | 'degraded';
  worker: WorkerState;
  ports: { store: PortHealth; search: PortHealth; queue: PortHealth; embedder?: EmbedderHealth };
  /** The model the live index was built for against the configured one, for an index keyed by model. */
  vectors?: { model: string; dims: number; live: Record<SearchKind, string>; reindexNeeded: boolean };
}

/** The embedder is reported but does not make the worker degraded: records are then indexed without vectors. */
export interface EmbedderHealth extends PortHealth {
  model: string;
  error?: string;
}

const total = async (count: (kind: (typeof SEARCH_KINDS)[number]) => Promise<number>): Promise<number> =>
  (await Promise.all(SEARCH_KINDS.map(count))).reduce((sum, n) => sum + n, 0);

const vectorHealth = (status: VectorSpaceStatus): WorkerHealth['vectors'] => ({
  model: status.configured.model,
  dims: status.configured.dims,
  live: Object.fromEntries(
    SEARCH_KINDS.map((kind) => [kind, describeVectorSpace(status.live[kind])]),
  ) as Record<SearchKind, string>,
  reindexNeeded: status.reindexNeeded,
});

/**
 * The index worker of the cluster profile: runs the `index-record` jobs that API nodes enqueue. The
 * queue keeps jobs across restarts, so the index only needs building from the store when it starts out
 * empty (a new cluster, or records loaded straight into the store), or when the live index was built for
 * another embedding model than the configured one; that happens before jobs run, so a job never races
 * the bulk build over the same record.
 */
export class IndexWorker {
  private state: WorkerState = 'starting';
  private readonly embedder?: EmbedderWatch;
  /** Jobs that failed through an outage come back once the index and the store answer again. */
  private readonly sweep: FailedJobSweep;
  private readonly indexed?: (doc: SearchDocument) => void;

  constructor(
    private readonly ports: WorkerPorts,
    private readonly log: (line: string) => void,
    { failedJobSweepMs, indexed }: IndexWorkerOptions = {},
  ) {
    this.indexed = indexed;
    if (ports.embedder) this.embedder = new EmbedderWatch(ports.embedder, log);
    this.sweep = new FailedJobSweep(ports.queue, {
      ready: async () => (await ports.index.isReady()) && (await ports.store.isReady()),
      intervalMs: failedJobSweepMs,
      onRetried: (count) =>
        log(
          `Retried ${count} failed index ${count === 1 ? 'job' : 'jobs'}: the search index and the store answer again`,
        ),
      onError: (error) =>
        log(`Could not retry failed index jobs: ${error instanceof Error ? error.message : String(error)}`),
    });
  }

  async start(): Promise<void> {
    const { store, index, queue, alerts } = this.ports;
    await this.reportEmbedder();
    await startIndexWorker({
      store,
      queue,
      // The queue runs many jobs at once; their writes go to the index together, one bulk request per batch.
      writer: new BatchingIndexWriter(index),
      embedder: this.embedder,
      onEmbedFailure: this.embedder?.failed,
      prepareIndex: () => this.prepareIndex(),
      alerts: alerts && { recordIndexed: this.alertsFor(alerts) },
      indexed: this.indexed,
    });
    this.sweep.start();
    this.state = 'running';
    this.log(`Index worker running: ${index.adapter} index, ${queue.adapter} queue, ${store.adapter} store`);
  }

  /**
   * The queue keeps jobs across restarts: the index is built only when it starts out empty while the store
   * holds records, or was built for another embedding model.
   */
  private async prepareIndex(): Promise<void> {
    const { store, index } = this.ports;
    const stored = () => total((kind) => recordsOf(store, kind).count({}));
    const vectors = await index.vectorStatus?.();
    if ((await total((kind) => index.count(kind))) === 0) {
      const records = await stored();
      if (records > 0) {
        await this.rebuild(
          `The search index is empty and the store holds ${records} records: building the index`,
        );
      }
    } else if (vectors?.reindexNeeded) {
      await this.rebuild(
        `The search index was built for ${describeLiveVectorSpaces(vectors.live)}, not for the configured embedding model ` +
          `${describeVectorSpace(vectors.configured)}: building a new index for it from the ${await stored()} ` +
          'stored records (searches keep the old one meanwhile, with similarity answered lexically)',
      );
    }
  }

  async health(): Promise<WorkerHealth> {
    const { store, index, queue } = this.ports;
    const [storeReady, searchReady, queueReady] = await Promise.all([
      store.isReady(),
      index.isReady(),
      queue.isReady(),
    ]);
    const ports = {
      store: { adapter: store.adapter, ready: storeReady },
      search: { adapter: index.adapter, ready: searchReady },
      queue: { adapter: queue.adapter, ready: queueReady },
    };
    const healthy = storeReady && searchReady && queueReady && this.state !== 'stopping';
    const [embedder, vectors] = await Promise.all([
      this.ports.embedder?.status(),
      searchReady ? index.vectorStatus?.().catch(() => undefined) : undefined,
    ]);
    return {
      status: healthy ? 'ok' : 'degraded',
      worker: this.state,
      ports: {
        ...ports,
        ...(embedder && {
          embedder: {
            adapter: embedder.adapter,
            ready: embedder.ready,
            model: embedder.model,
            ...(embedder.error !== undefined && { error: embedder.error }),
          },
        }),
      },
      ...(vectors && { vectors: vectorHealth(vectors) }),
    };
  }

  /** Concurrent jobs' records are matched in batches; a job completes once its record's batch is done. */
  private alertsFor(alerts: NonNullable<WorkerPorts['alerts']>): (doc: SearchDocument) => Promise<void> {
    const batches = new BatchingAlerts(savedSearchAlerts(this.ports.store, alerts.matcher, alerts.notify));
    return (doc) => batches.add(doc);
  }

  /** Stops taking jobs and waits for the running ones; the caller closes the ports. */
  async stop(): Promise<void> {
    this.state = 'stopping';
    await this.sweep.stop();
    await this.ports.queue.close();
  }

  /** Says at start whether records will get vectors, and from which model. */
  private async reportEmbedder(): Promise<void> {
    const embedder = this.ports.embedder;
    if (!embedder) {
      this.log('No embedder (EMBEDDER_URL is unset): records are indexed without vectors');
      return;
    }
    const status = await embedder.status();
    if (status.ready) this.log(`Embedding records with "${status.model}" (${status.dimension} dimensions)`);
    else this.embedder?.failed(new Error(status.error ?? `the embedder is not ready for "${status.model}"`));
  }

  private async rebuild(reason: string): Promise<void> {
    const lease = await this.ports.lock?.tryAcquire(REINDEX_LOCK_NAME);
    if (this.ports.lock && !lease) {
      this.log(`${reason}; another process is reindexing already, so this worker leaves the build to it`);
      return;
    }
    this.state = 'rebuilding';
    this.log(reason);
    const startedAt = Date.now();
    try {
      const counts = await rebuildIndex(this.ports.store, this.ports.index, {
        embedder: this.embedder,
        onEmbedFailure: this.embedder?.failed,
        lease,
      });
      this.log(
        `Search index built: ${counts.project} projects, ${counts.teammate} profiles in ${Date.now() - startedAt} ms`,
      );
    } finally {
      await lease?.release();
    }
  }
}
