import * as domain from '@skillers/domain';
import type { SearchQuery } from '@skillers/domain';
import { type Bitset, ScratchBitset } from '../structures/bitset';
import type { FacetIndex, MatchSet } from '../indexes/facet-index';
import type { TextIndex } from '../indexes/text-index';
import type { KeyedCandidates, VectorIndex } from '../indexes/vector-index';
import type { FreshnessColumns, HybridRequest, LabelWeights } from './hybrid-ranker';

// Bound once: a named import compiled to CommonJS is read through a getter at every call, and some of these
// run once per match.
const { freshActiveSinceMs, hasOptions, timeMs, understoodFilter } = domain;

/** The structures of one kind a hybrid query reads. */
export interface RankedPart {
  text: TextIndex;
  facets: FacetIndex;
  vectors: VectorIndex;
}

/** `scratch` zeroed over `slots` slots, or a new zeroed array when it holds fewer. */
const zeroed = (scratch: Float64Array<ArrayBuffer>, slots: number): Float64Array<ArrayBuffer> => {
  if (scratch.length < slots) return new Float64Array(slots);
  scratch.fill(0);
  return scratch;
};

/**
 * The signals of a hybrid query by slot (`HybridRequest`), read from one kind's structures. The arrays by
 * slot are reused by the next query (800 KB each at 100 000 profiles, which a new array per query left to the
 * collector): a query is ranked to its end without awaiting.
 */
export class QuerySignals {
  /** BM25 of the free text by slot. */
  private textScores = new Float64Array(0);
  /** The weight of the understood and of the ruled-out labels by slot. */
  private understoodWeights = new Float64Array(0);
  private ruledOutWeights = new Float64Array(0);
  /** The slots with text or understood evidence. */
  private readonly evidence = new ScratchBitset();

  /** Everything `rankHybrid` reads of the query's matches, but how many are wanted. */
  requestFor(
    part: RankedPart,
    query: SearchQuery,
    text: string | undefined,
    matches: MatchSet,
  ): Omit<HybridRequest, 'k'> {
    const { facets, vectors } = part;
    const queryVector = query.queryVector;
    const rankedAtMs = timeMs(query.rankedAt);
    // With nothing picked, the matches with evidence are few enough to be sought first: they are marked as
    // their text and understood parts are added.
    const evidence = matches.pickedWeight === 0 ? this.evidence.empty(matches.bits.length) : undefined;
    const textBySlot = text === undefined ? undefined : this.textBySlot(part, text, matches.bits, evidence);
    const understood = this.understoodOf(facets, query, evidence);
    return {
      matches,
      textBySlot,
      fresh: rankedAtMs === undefined ? undefined : freshnessOf(facets, rankedAtMs),
      understood,
      ruledOut: this.ruledOutOf(facets, query),
      evidence,
      vectors: queryVector && {
        nearest: (n) => nearestSlots(part, queryVector, n, matches),
        nearestAmong: (n, within) => nearestSlots(part, queryVector, n, within),
        // The vector index keys each row by its facet slot.
        similarities: (slots) => vectors.similarities(queryVector, slots),
      },
      compareSlots: facets.compareSlots,
    };
  }

  /** The weights of the labels understood from the free text by slot, when it named any. */
  private understoodOf(
    facets: FacetIndex,
    { understood }: SearchQuery,
    carried?: Bitset,
  ): LabelWeights | undefined {
    if (!hasOptions(understood?.options)) return undefined;
    this.understoodWeights = zeroed(this.understoodWeights, facets.slotCapacity);
    const weights = this.understoodWeights;
    const filter = understoodFilter(understood.options);
    return { weights, total: facets.addOptionWeights(filter, weights, carried) };
  }

  /** The weights of the labels the free text ruled out by slot, when it ruled any out. */
  private ruledOutOf(facets: FacetIndex, { understood }: SearchQuery): LabelWeights | undefined {
    if (!hasOptions(understood?.not)) return undefined;
    this.ruledOutWeights = zeroed(this.ruledOutWeights, facets.slotCapacity);
    const weights = this.ruledOutWeights;
    return { weights, total: facets.addOptionWeights(understoodFilter(understood.not), weights) };
  }

  /** BM25 of the free text for the matches, by facet slot (0 where none of its words occurs). */
  private textBySlot(part: RankedPart, text: string, matches: Bitset, scored?: Bitset): Float64Array {
    const capacity = part.facets.slotCapacity;
    if (this.textScores.length < capacity) this.textScores = new Float64Array(capacity);
    const scores = this.textScores.subarray(0, capacity);
    scores.fill(0);
    part.text.addScores(text, scores, matches, scored);
    return scores;
  }
}

/** The `n` slots among `within` most similar to the query vector, best first (the vector index's kNN). */
const nearestSlots = (
  { facets, vectors }: RankedPart,
  queryVector: readonly number[],
  n: number,
  within: KeyedCandidates,
) =>
  vectors
    .nearest(queryVector, n, within)
    .map((hit) => ({ slot: facets.slotOf(hit.id) as number, similarity: hit.similarity }));

/** The two number columns freshness reads, as they are now: a write may replace them. */
const freshnessOf = (facets: FacetIndex, rankedAtMs: number): FreshnessColumns => ({
  activeMs: facets.numberColumn('lastActiveMs'),
  openUntilMs: facets.numberColumn('openUntilMs'),
  activeSinceMs: freshActiveSinceMs(rankedAtMs),
  rankedAtMs,
});
