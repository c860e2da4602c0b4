import type {
  FacetCounts,
  Relaxation,
  SearchDocument,
  SearchFilter,
  SearchKind,
  SearchQuery,
} from '@skillers/domain';
import type { VectorSpaceStatus } from './vector-space';

export interface SearchResult {
  /** The requested page of record ids, best first. */
  ids: string[];
  /** The score of each id on the page: picked options present plus satisfied number filters. */
  scores: number[];
  /** How many records match in all. */
  total: number;
  /** With `query.facets`: the disjunctive facet counts of every option filter (see `referenceFacets`). */
  facets?: FacetCounts;
  /**
   * With `query.facets`, when nothing matches: the filters whose removal brings records back, best first
   * (see `referenceRelax`).
   */
  relax?: Relaxation[];
  /** Per id on the page, the parts of its rank, when the index computed them. */
  signals?: RankSignals[];
}

export interface RankSignals {
  facet: number;
  text?: number;
  vector?: number;
  fused: number;
  textTerms?: string[];
}

export interface KnnHit {
  id: string;
  /** Cosine similarity with the query vector, from -1 to 1. */
  similarity: number;
}

/** The documents an index holds, as the writers see them. */
export interface SearchIndexWriter {
  /** Adds the documents or replaces those with the same id; the index keeps its own copies. */
  upsert(docs: readonly SearchDocument[]): Promise<void>;
  /** Removes the documents with these ids; unknown ids are ignored. */
  remove(ids: readonly string[]): Promise<void>;
  count(kind: SearchKind): Promise<number>;
}

/**
 * A fresh index built beside the live one during a reindex. Searches keep using the live index until
 * `swap`; writes made to the live index meanwhile are applied to the new one too, so none is lost.
 */
export interface SearchIndexGeneration extends SearchIndexWriter {
  /** Makes this generation the live index in one step and drops the old one. */
  swap(): Promise<void>;
  /** Drops this generation without touching the live index (a failed or abandoned reindex). */
  discard(): Promise<void>;
}

/** The search side of the product: filtering with the semantics of `referenceSearch`, and similarity. */
export interface SearchIndex extends SearchIndexWriter {
  /** Adapter name, reported by the health check. */
  readonly adapter: 'orama' | 'elasticsearch';
  /** The filtered, ranked page; equal to `referenceSearch` over the indexed documents. */
  search(query: SearchQuery): Promise<SearchResult>;
  get(id: string): Promise<SearchDocument | null>;
  /** The documents of the kind with these ids, in their order; null for an id the index does not hold. */
  getMany(kind: SearchKind, ids: readonly string[]): Promise<(SearchDocument | null)[]>;
  /** Empties the live index. */
  clear(): Promise<void>;
  /**
   * The `k` documents of the kind most similar to `vector` by cosine similarity, best first, among those
   * that match `filter` when given. Documents without a vector of the same length are left out.
   */
  knn(kind: SearchKind, vector: readonly number[], k: number, filter?: SearchFilter): Promise<KnnHit[]>;
  isReady(): Promise<boolean>;
  /** Starts an empty generation for a reindex; see SearchIndexGeneration. */
  createGeneration(): Promise<SearchIndexGeneration>;
  /**
   * For an index whose generations are keyed by embedding model (Elasticsearch, which outlives processes):
   * the model its live generations were built for and whether a reindex is needed for the configured one.
   * The embedded index is rebuilt by every process that holds it, so it has no older generation to report.
   */
  vectorStatus?(): Promise<VectorSpaceStatus | undefined>;
}
