import type { Bitset } from '../structures/bitset';
import type { MatchSet } from '../indexes/facet-index';

// What a hybrid ranking reads of a query's matches (`rankHybrid`): each part's values by slot.

/** The vector side of a hybrid query, over the matches. */
export interface VectorSide {
  /** The `n` matches most similar to the query vector, best first, with exact similarities. */
  nearest(n: number): { slot: number; similarity: number }[];
  /** The `n` slots among the set bits of `within` (`total` of them) most similar to the query, best first. */
  nearestAmong(n: number, within: { bits: Bitset; total: number }): { slot: number; similarity: number }[];
  /** The exact similarity of each slot's vector with the query; undefined without a vector of its length. */
  similarities(slots: readonly number[]): (number | undefined)[];
}

export interface HybridRequest {
  matches: MatchSet;
  /** How many of the best matches are wanted (the page's end). */
  k: number;
  /** BM25 of the free text per slot (0 where none of its words occurs), when free text was given. */
  textBySlot?: Float64Array;
  vectors?: VectorSide;
  /** The freshness columns, when the ranking measures freshness (the `fresh` part, 0-1). */
  fresh?: FreshnessColumns;
  /** The understood labels' weights, when the free text named labels (the `understood` part: their share). */
  understood?: LabelWeights;
  /** The ruled-out labels' weights, when the free text ruled any out (`clean` is 1 for a slot with none). */
  ruledOut?: LabelWeights;
  /** The final tie-break between two slots (negative when the first ranks before the second). */
  compareSlots: (a: number, b: number) => number;
  /**
   * The slots with a text or understood part above 0, when known. With nothing picked, every other match has
   * only its clean, vector and freshness parts, so the page is first sought among these and the nearest.
   */
  evidence?: Bitset;
}

/** The weight of some labels each slot carries, and of all of them: a slot's share is their quotient. */
export interface LabelWeights {
  weights: Float64Array;
  total: number;
}

/** The two number columns freshness reads, by slot, and the ranking's moment. */
export interface FreshnessColumns {
  activeMs: Float64Array;
  openUntilMs: Float64Array;
  activeSinceMs: number;
  rankedAtMs: number;
}
