import type { Embedder } from '@skillers/embedding';
import type { TimedEmbedderCall } from '@skillers/metrics';

/** The embedder with each `embed` call counted while it waits or runs and timed (the embedder metrics). */
export const timedEmbedder = (embedder: Embedder, timed: TimedEmbedderCall): Embedder => ({
  get modelId() {
    return embedder.modelId;
  },
  adapter: embedder.adapter,
  dimension: () => embedder.dimension(),
  embed: (texts) => timed(() => embedder.embed(texts)),
  isReady: () => embedder.isReady(),
  status: () => embedder.status(),
  ...(embedder.close && { close: () => embedder.close!() }),
  ...(embedder.cacheOnly && { cacheOnly: () => embedder.cacheOnly!() }),
});
