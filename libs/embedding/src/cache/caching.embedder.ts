import type { Embedder, EmbedderStatus } from '../embedder.port';
import type { SqliteVectorCache } from './vector-cache';

/**
 * An embedder that answers texts it has embedded before from a vector cache and asks the model only for the
 * rest. Meant for record texts, which come back at every rebuild; a user's query texts rarely repeat and go
 * to the model directly.
 */
export class CachingEmbedder implements Embedder {
  constructor(
    private readonly inner: Embedder,
    private readonly cache: SqliteVectorCache,
  ) {}

  get modelId(): string {
    return this.inner.modelId;
  }

  get adapter(): EmbedderStatus['adapter'] {
    return this.inner.adapter;
  }

  dimension(): number | undefined {
    return this.inner.dimension();
  }

  async embed(texts: readonly string[]): Promise<number[][]> {
    const vectors = this.cache.get(this.modelId, texts);
    const missing = vectors.flatMap((vector, index) => (vector === undefined ? [index] : []));
    if (missing.length > 0) {
      const fresh = await this.inner.embed(missing.map((index) => texts[index]));
      this.cache.put(
        this.modelId,
        missing.map((index) => texts[index]),
        fresh,
      );
      missing.forEach((index, at) => (vectors[index] = fresh[at]));
    }
    return vectors as number[][];
  }

  isReady(): Promise<boolean> {
    return this.inner.isReady();
  }

  status(): Promise<EmbedderStatus> {
    return this.inner.status();
  }

  /** Closes the cache only: the wrapped embedder is shared, and its owner closes it. */
  async close(): Promise<void> {
    this.cache.close();
  }
}
