import type { CachedVectors, Embedder, EmbedderStatus } from '../embedder.port';
import type { SqliteVectorCache } from './vector-cache';

/**
 * An embedder that answers texts it has embedded before from a vector cache and asks the model only for the
 * rest. Meant for record texts, which come back at every rebuild; a user's query texts rarely repeat and go
 * to the model directly. A cache that fails (a full disk, say) costs only time: the model answers instead.
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
    const vectors = this.cached(texts);
    const missing = vectors.flatMap((vector, index) => (vector === undefined ? [index] : []));
    if (missing.length > 0) {
      const missingTexts = missing.map((index) => texts[index]);
      const fresh = await this.inner.embed(missingTexts);
      this.keep(missingTexts, fresh);
      missing.forEach((index, at) => (vectors[index] = fresh[at]));
    }
    return vectors as number[][];
  }

  /**
   * The same cache without the model: each text's cached vector, or undefined. A start-up rebuild indexes
   * with it so the server answers at once; what it lacks is embedded afterwards, in the background.
   */
  cacheOnly(): CachedVectors {
    return { modelId: this.modelId, embed: async (texts) => this.cached(texts) };
  }

  private cached(texts: readonly string[]): (number[] | undefined)[] {
    try {
      return this.cache.get(this.modelId, texts);
    } catch {
      return texts.map(() => undefined);
    }
  }

  private keep(texts: readonly string[], vectors: readonly number[][]): void {
    try {
      this.cache.put(this.modelId, texts, vectors);
    } catch {
      // The vectors are answered all the same; the next rebuild computes them again.
    }
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
