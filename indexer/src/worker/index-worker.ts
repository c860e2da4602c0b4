import { SEARCH_KINDS } from '@skillers/domain';
import type { JobQueue } from '@skillers/queue';
import type { SearchIndex } from '@skillers/search';
import type { RecordStore } from '@skillers/store';
import { INDEX_RECORD_JOB, indexRecordHandler, type IndexRecordPayload } from '../indexing/index-record.job';
import { recordsOf } from '../indexing/indexed-records';
import { rebuildIndex } from '../indexing/rebuild-index';

/** What the worker runs on; the entry point opens the cluster's adapters, tests pass embedded ones. */
export interface WorkerPorts {
  store: RecordStore;
  index: SearchIndex;
  queue: JobQueue;
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
  ports: { store: PortHealth; search: PortHealth; queue: PortHealth };
}

const total = async (count: (kind: (typeof SEARCH_KINDS)[number]) => Promise<number>): Promise<number> =>
  (await Promise.all(SEARCH_KINDS.map(count))).reduce((sum, n) => sum + n, 0);

/**
 * The index worker of the cluster profile: runs the `index-record` jobs that API nodes enqueue. The
 * queue keeps jobs across restarts, so the index only needs building from the store when it starts out
 * empty (a new cluster, or records loaded straight into the store); that happens before jobs run, so a
 * job never races the bulk build over the same record.
 */
export class IndexWorker {
  private state: WorkerState = 'starting';

  constructor(
    private readonly ports: WorkerPorts,
    private readonly log: (line: string) => void,
  ) {}

  async start(): Promise<void> {
    const { store, index, queue } = this.ports;
    if ((await total((kind) => index.count(kind))) === 0) {
      const stored = await total((kind) => recordsOf(store, kind).count({}));
      if (stored > 0) await this.rebuild(stored);
    }
    queue.register<IndexRecordPayload>(INDEX_RECORD_JOB, indexRecordHandler(store, index));
    await queue.start();
    this.state = 'running';
    this.log(`Index worker running: ${index.adapter} index, ${queue.adapter} queue, ${store.adapter} store`);
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
    return { status: healthy ? 'ok' : 'degraded', worker: this.state, ports };
  }

  /** Stops taking jobs and waits for the running ones; the caller closes the ports. */
  async stop(): Promise<void> {
    this.state = 'stopping';
    await this.ports.queue.close();
  }

  private async rebuild(stored: number): Promise<void> {
    this.state = 'rebuilding';
    this.log(`The search index is empty and the store holds ${stored} records: building the index`);
    const startedAt = Date.now();
    const counts = await rebuildIndex(this.ports.store, this.ports.index);
    this.log(
      `Search index built: ${counts.project} projects, ${counts.teammate} profiles in ${Date.now() - startedAt} ms`,
    );
  }
}
