import { Inject, Injectable } from '@nestjs/common';
import { type Embedder, EmbedderUnavailableError } from '@skillers/embedding';
import { LRUCache } from 'lru-cache';
import { EMBEDDER } from '../core/embedder.tokens';

/**
 * Query texts whose vector is kept, the least recently asked dropped first: at 384 numbers about 3 KB each,
 * 15 MB in all. The same text comes back with each later page, each facet picked and each popular search.
 */
export const QUERY_VECTORS_KEPT = 5_000;

/**
 * The vectors of search query texts, kept by model and text so that a text asked again skips the model's
 * queue (a turn of the event loop and a worker thread's round trip per search). Kept vectors are shared:
 * callers must not change them.
 */
@Injectable()
export class QueryVectors {
  private readonly kept = new LRUCache<string, number[]>({ max: QUERY_VECTORS_KEPT });

  constructor(@Inject(EMBEDDER) private readonly embedder: Embedder) {}

  /** Undefined without a model: the ranking goes on without vectors (facet evidence and BM25). */
  async vectorOf(text: string): Promise<number[] | undefined> {
    const key = `${this.embedder.modelId}\n${text}`;
    const kept = this.kept.get(key);
    if (kept) return kept;
    try {
      const [vector] = await this.embedder.embed([text]);
      this.kept.set(key, vector);
      return vector;
    } catch (error) {
      if (error instanceof EmbedderUnavailableError) return undefined;
      throw error;
    }
  }
}
