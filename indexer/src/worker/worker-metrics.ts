import type { SearchDocument } from '@skillers/domain';
import { readIndexBacklog } from '@skillers/indexing';
import { createServiceRegistry, registerIndexBacklog, registerIndexLag } from '@skillers/metrics';
import type { Registry } from 'prom-client';
import type { WorkerPorts } from './index-worker';

export interface WorkerMetrics {
  /** What the health server's `/metrics` answers. */
  registry: Registry;
  /** Told of each document an index job writes: the lag from its record's write. */
  indexed(doc: SearchDocument): void;
}

/** The index worker's series: the process, the outbox and queue it drains, and the index lag. */
export const workerMetrics = ({ store, queue }: Pick<WorkerPorts, 'store' | 'queue'>): WorkerMetrics => {
  const registry = createServiceRegistry('indexer');
  registerIndexBacklog(registry, () => readIndexBacklog(store, queue));
  const observeLag = registerIndexLag(registry);
  return {
    registry,
    indexed: ({ version }) => {
      if (version !== undefined) observeLag(version);
    },
  };
};
