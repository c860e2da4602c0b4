import type {
  DocumentLabels,
  FacetCounts,
  MatchQuery,
  RelaxEntry,
  SearchDocument,
  SearchFilter,
  SearchKind,
  SearchQuery,
} from '@skillers/domain';
import type { VectorSpaceStatus } from './vector-space';

/**
 * The parts of one result's rank (libs/domain hybrid-ranking.ts): facet = rarity-weighted facet evidence
 * (0-1), fresh = active lately and open (0-1), text = BM25 score of the free text, vector = cosine similarity held to 0-1, fused = the final score,
 * textTerms = words of the free text found in the record.
 */
export interface RankSignals {
  facet: number;
  /** The share of the labels understood from the free text the record carries (rarity-weighted), 0-1. */
  understood?: number;
  /** 1 when the record carries none of the labels the free text ruled out, else 0. */
  clean?: number;
  text?: number;
  vector?: number;
  /** Freshness: 0.5 for an owner active lately plus 0.5 for a record open to collaborate. */
  fresh?: number;
  fused: number;
  textTerms?: string[];
}

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
   * With `query.facets`, when nothing matches: the filters whose removal brings records back, best first,
   * or else the smallest set of removals that does (see `referenceRelax`).
   */
  relax?: RelaxEntry[];
  /** The rank signals of each id on the page, aligned with `ids`. */
  signals?: RankSignals[];
  /**
   * With `SearchOptions.labels`: the labels of the page's documents as the index matched them, aligned with
   * `ids` (what `getMany` reads of them, without reading them again).
   */
  labels?: DocumentLabels[];
}

export interface SearchOptions {
  /**
   * Whether to hand back the labels of the page's documents (`SearchResult.labels`): only them, since a
   * whole document's text is most of what reading it costs.
   */
  labels?: boolean;
}

export interface GetManyOptions {
  /**
   * Whether to read the vectors too (default true). Callers that only need the text and tags leave them
   * out: a 384-dimension vector is most of a document's size on the wire.
   */
  vectors?: boolean;
}

/** One record of `SearchIndex.matches`: its owner and its two-sided fit's shares (0-1) and score. */
export interface MatchHit {
  id: string;
  ownerId: string;
  needs: number;
  wants: number;
  score: number;
}

export interface MatchesAnswer {
  /** The best `k`, best first. */
  hits: MatchHit[];
  /** How many records have any fit, the left-out owners' aside. */
  total: number;
}

export interface MatchOptions {
  /** How many to answer at most. */
  k: number;
  /** Owners whose records are left out (the asker, users blocked either way, users in conversation). */
  excludeOwners?: readonly string[];
}

export interface KnnHit {
  id: string;
  /** Cosine similarity with the query vector, from -1 to 1. */
  similarity: number;
}

/**
 * A write of several documents that some of them failed: it names them, so that a caller writing on behalf
 * of many (the batching writer) fails only theirs.
 */
export class PartialWriteError extends Error {
  constructor(
    message: string,
    readonly failedIds: readonly string[],
  ) {
    super(message);
    this.name = 'PartialWriteError';
  }
}

/** The documents an index holds, as the writers see them. */
export interface SearchIndexWriter {
  /** Adds the documents or replaces those with the same id; the index keeps its own copies. */
  upsert(docs: readonly SearchDocument[]): Promise<void>;
  /** Removes the documents with these ids; unknown ids are ignored. */
  remove(ids: readonly string[]): Promise<void>;
  count(kind: SearchKind): Promise<number>;
}

/** How many documents of each kind a build will write (a hint: more or fewer may come). */
export type ExpectedDocuments = Partial<Record<SearchKind, number>>;

/**
 * A fresh index built beside the live one during a reindex. Searches keep using the live index until
 * `swap`; writes this process makes to the live index meanwhile are applied to the new one too. Other
 * processes write the live index only: `rebuildIndex` replays their changes from the store before the swap.
 */
export interface SearchIndexGeneration extends SearchIndexWriter {
  /** Makes this generation the live index in one step and drops the old one. */
  swap(): Promise<void>;
  /** Drops this generation without touching the live index (a failed or abandoned reindex). */
  discard(): Promise<void>;
}

/** The search side of the product: filtering with the semantics of `referenceSearch`, and similarity. */
export interface SearchIndex extends SearchIndexWriter {
  /** Adapter name, reported by the health check (`orama` is the embedded index: the name stays on the wire). */
  readonly adapter: 'orama' | 'elasticsearch';
  /**
   * The filtered, ranked page. Membership, total and scores equal `referenceSearch` over the indexed
   * documents; so does the order, given the adapter's own BM25 scores of the free text.
   */
  search(query: SearchQuery, options?: SearchOptions): Promise<SearchResult>;
  /**
   * How many records of the kind carry each label, per option filter, over the whole kind (not cut to the
   * most frequent as facets are); labels no record carries are absent. Kept in memory, cheap enough for
   * every request: the embedded index recounts from its facet postings after a write, Elasticsearch keeps
   * the last counts and refreshes them in the background (see each adapter).
   */
  labelCounts(kind: SearchKind): Promise<FacetCounts>;
  get(id: string): Promise<SearchDocument | null>;
  /**
   * The documents with these ids, in the same order, null where the index holds none: one round trip for
   * any number of ids, where `get` in a loop would make one per document.
   */
  getMany(ids: readonly string[], options?: GetManyOptions): Promise<(SearchDocument | null)[]>;
  /** Empties the live index. */
  clear(): Promise<void>;
  /**
   * The `k` documents of the kind most similar to `vector` by cosine similarity, best first, among those
   * that match `filter` when given. Documents without a vector of the same length are left out.
   */
  knn(kind: SearchKind, vector: readonly number[], k: number, filter?: SearchFilter): Promise<KnnHit[]>;
  /**
   * The best `k` records of the query's kind by their two-sided fit with the project or profile the query
   * describes (`twoSidedFit`, libs/domain matching): score descending, then newest first (greater id among
   * equals); records of a left-out owner and records with no fit (score 0) never come back.
   */
  matches(query: MatchQuery, options: MatchOptions): Promise<MatchesAnswer>;
  isReady(): Promise<boolean>;
  /**
   * Starts an empty generation for a reindex; see SearchIndexGeneration. `expected`, when known, says how
   * many documents of each kind the build will write, so that an index in memory can make room for them once
   * instead of growing by copies as they arrive.
   */
  createGeneration(expected?: ExpectedDocuments): Promise<SearchIndexGeneration>;
  /**
   * For an index whose generations are keyed by embedding model (Elasticsearch, which outlives processes):
   * the model its live generations were built for and whether a reindex is needed for the configured one.
   * The embedded index is rebuilt by every process that holds it, so it has no older generation to report.
   */
  vectorStatus?(): Promise<VectorSpaceStatus | undefined>;
  /**
   * Only for an index held in this process's memory: replaces each held document by what `change` makes of
   * it (undefined: left as it is), with no other write between; resolves to how many live documents changed.
   */
  updateMany?(
    ids: readonly string[],
    change: (held: SearchDocument) => SearchDocument | undefined,
  ): Promise<number>;
  /** Only for an index held in this process's memory, saved to a file between runs: see IndexSnapshots. */
  readonly snapshots?: IndexSnapshots;
  /** Frees what the index holds open (its client, its files); the index is not used afterwards. */
  close?(): Promise<void> | void;
}

/** What a snapshot file is labelled with (schema, model, stamp…), read before the rest of it. */
export type IndexSnapshotLabels = Record<string, string | number>;

/**
 * An index held in this process's memory counts its writes, is saved to a file between runs and read back
 * (`saveIndexSnapshot` and `loadIndexSnapshot` of `@skillers/indexing` say when).
 */
export interface IndexSnapshots {
  /** Grows with every write; equal on two reads: no write came between. */
  changeCount(): number;
  /** Writes the live index to `file`, straight from its structures; a write meanwhile discards the file. */
  save(
    file: string,
    labels: IndexSnapshotLabels,
  ): Promise<{ written: true; bytes: number } | { written: false; discarded: string }>;
  /** Calls `listener` each time the index builds a vector graph: a save from then on keeps it. */
  onGraphBuilt(listener: () => void): void;
  /** Reads `file` beside the live index when `accept` takes its labels (else it says why not). */
  read(
    file: string,
    accept: (labels: IndexSnapshotLabels) => string | undefined,
  ): Promise<RestoredIndex | { rejected: string }>;
}

/** A snapshot read back beside the live index. */
export interface RestoredIndex {
  /** How many documents were not embedded by this model (no vector, or another model's). */
  countWithoutModel(modelId: string): number;
  /** Makes it the live index; resolves to how many documents it holds. */
  adopt(): Promise<number>;
  /**
   * Checks what the read left unchecked (large sections read where the file holds them, checked after the
   * index is live so that a start need not wait for gigabytes of checksums); resolves to the name of a
   * damaged section, or undefined when they all match.
   */
  verify(): Promise<string | undefined>;
  /** Frees it and leaves the live index as it was. */
  discard(): void;
}
