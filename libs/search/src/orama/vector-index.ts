import { compareIdsDescending } from '@skillers/domain';
import type { KnnHit } from '../search-index.port';

interface StoredVector {
  values: readonly number[];
  norm: number;
}

const norm = (values: readonly number[]): number => {
  let sum = 0;
  for (const value of values) sum += value * value;
  return Math.sqrt(sum);
};

/** Exact cosine similarity over every stored vector: no approximation, so results are reproducible. */
export class VectorIndex {
  private readonly vectors = new Map<string, StoredVector>();

  /** Keeps a reference: callers pass the index's own copy. A zero vector has no direction and is left out. */
  set(id: string, values: readonly number[] | undefined): void {
    const length = values ? norm(values) : 0;
    if (values && length > 0) this.vectors.set(id, { values, norm: length });
    else this.vectors.delete(id);
  }

  delete(id: string): void {
    this.vectors.delete(id);
  }

  /** The `k` most similar among `candidates` (all stored vectors when absent); ties by greater id. */
  nearest(query: readonly number[], k: number, candidates?: Iterable<string>): KnnHit[] {
    const queryNorm = norm(query);
    if (k <= 0 || queryNorm === 0) return [];
    const hits: KnnHit[] = [];
    const score = (id: string, stored: StoredVector) => {
      if (stored.values.length !== query.length) return;
      let dot = 0;
      for (let index = 0; index < query.length; index++) dot += stored.values[index] * query[index];
      hits.push({ id, similarity: dot / (stored.norm * queryNorm) });
    };
    if (candidates) {
      for (const id of candidates) {
        const stored = this.vectors.get(id);
        if (stored) score(id, stored);
      }
    } else {
      for (const [id, stored] of this.vectors) score(id, stored);
    }
    return hits.sort((a, b) => b.similarity - a.similarity || compareIdsDescending(a.id, b.id)).slice(0, k);
  }
}
