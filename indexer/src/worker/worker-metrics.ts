import type { SearchDocument } from '@skillers/domain';
import { readIndexBacklog } from '@skillers/indexing';
import { indexerMetrics } from '@skillers/metrics';
import type { Registry } from 'prom-client';
import type { WorkerPorts } from './index-worker';

export interface WorkerMetrics {
  /** What the health server's `/metrics` answers. */
  registry: Registry;
  /** Told of each document an index job writes: the lag from its record's write. */
  indexed(doc: SearchDocument): void;
}

/** The worker's metrics over its own store and queue. */
export const workerMetrics = ({ store, queue }: Pick<WorkerPorts, 'store' | 'queue'>): WorkerMetrics => {
  const { registry, observeLag } = indexerMetrics(() => readIndexBacklog(store, queue));
  return {
    registry,
    indexed: ({ version }) => {
      if (version !== undefined) observeLag(version);
    },
  };
};
