import { Gauge, Histogram, type Registry } from 'prom-client';
import { METRIC_PREFIX } from './service-registry';

/** Runs an embedder call, counting it while it waits or runs and timing it. */
export type TimedEmbedderCall = <T>(call: () => Promise<T>) => Promise<T>;

/**
 * The embedder's queue (calls waiting or running) and latency by outcome. The model embeds one batch at a
 * time, so the pending calls are its queue.
 */
export const registerEmbedderCalls = (registry: Registry): TimedEmbedderCall => {
  const pending = new Gauge({
    name: `${METRIC_PREFIX}embedder_pending_calls`,
    help: 'Embedder calls waiting or running',
    registers: [registry],
  });
  const duration = new Histogram({
    name: `${METRIC_PREFIX}embedder_call_seconds`,
    help: 'Embedder call latency by outcome',
    labelNames: ['outcome'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  return async (call) => {
    pending.inc();
    const stop = duration.startTimer();
    try {
      const result = await call();
      stop({ outcome: 'ok' });
      return result;
    } catch (error) {
      stop({ outcome: 'error' });
      throw error;
    } finally {
      pending.dec();
    }
  };
};

/**
 * The batches the in-process model ran, by their number of texts: concurrent calls made in the same turn share
 * one (a search's labels close in meaning and its query vector), so batches per search say whether they did.
 */
export const registerEmbedderBatches = (registry: Registry): ((texts: number) => void) => {
  const batches = new Histogram({
    name: `${METRIC_PREFIX}embedder_batch_texts`,
    help: 'Texts per batch the in-process model ran',
    buckets: [1, 2, 4, 8, 16, 32, 64, 128, 256],
    registers: [registry],
  });
  return (texts) => batches.observe(texts);
};
