import type { Registry } from 'prom-client';
import { registerEmbedderCalls, type TimedEmbedderCall } from './embedder-calls';
import { type IndexBacklog, registerIndexBacklog, registerIndexLag } from './index-backlog';
import { createServiceRegistry } from './service-registry';

/** The index worker's series: the process, the outbox and queue it drains, and the index lag. */
export const indexerMetrics = (
  readBacklog: () => Promise<IndexBacklog>,
): { registry: Registry; observeLag: (writtenAtMs: number) => void } => {
  const registry = createServiceRegistry('indexer');
  registerIndexBacklog(registry, readBacklog);
  return { registry, observeLag: registerIndexLag(registry) };
};

/** The embedder service's series: the process, and its calls waiting or running and their latency. */
export const embedderMetrics = (): { registry: Registry; timed: TimedEmbedderCall } => {
  const registry = createServiceRegistry('embedder');
  return { registry, timed: registerEmbedderCalls(registry) };
};
