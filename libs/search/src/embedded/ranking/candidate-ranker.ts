import * as ranking from '@skillers/domain';
import type { RankSignals } from '../../search-index.port';
import { type Bitset, hasBit, ScratchBitset, setBit } from '../structures/bitset';
import { kthLargest } from '../structures/kth-largest';
import { TopSlots } from '../structures/top-slots';
import { CeilingOrder } from './ceiling-order';
import type { HybridRequest, VectorSide } from './hybrid-request';
import { fusedAt, ROUNDING, signalsAt, vectorPart } from './match-scores';
import type { MatchParts } from './ranking-scratch';

const { vectorSignal } = ranking;

export interface RankedSlot {
  slot: number;
  signals: RankSignals;
}

/**
 * Beyond the `k` needed, how many vector neighbours are fetched: the `n`-th similarity bounds every match
 * outside them, so a margin lets that bound fall below the page's scores.
 */
export const VECTOR_MARGIN = 32;
/** Contenders whose similarity is computed at once, between checks of the bar. */
const CONTENDER_BATCH = 64;
/**
 * From this many contenders, their own nearest are sought first (a kNN over them, SIMD or the graph), and
 * the last of those bounds the others' vector part: the query's nearest matches bound nothing when many
 * contenders share the top evidence, as on a common label.
 */
const CONTENDERS_SOUGHT_NEAREST = 256;
/**
 * Contenders are many (at a million profiles a common word or label makes a hundred thousand): the nearest of
 * the `CONTENDER_TIER` with the highest ceilings are sought first, then of a tier `TIER_GROWTH` times larger,
 * while a tier is at most a `TIERED_FROM`-th of them. Once no contender outside a tier can reach the page, the
 * others' codes are never read.
 */
const CONTENDER_TIER = 4_096;
const TIER_GROWTH = 4;
const TIERED_FROM = 4;

// Reused from one query to the next: a ranking runs to its end without awaiting.
const contenderBits = new ScratchBitset();
const scoredBits = new ScratchBitset();
const ceilingOrder = new CeilingOrder();

/**
 * The `k + VECTOR_MARGIN` matches nearest the query vector, and the vector part that bounds every other
 * match's: the last neighbour's, or 0 when there were fewer (then every match with a vector is among them).
 */
export const nearestWithBound = (vectors: VectorSide, k: number) => {
  const neighbours = vectors.nearest(k + VECTOR_MARGIN);
  const bound =
    neighbours.length < k + VECTOR_MARGIN ? 0 : vectorSignal(neighbours[neighbours.length - 1].similarity);
  return { neighbours, bound };
};

/**
 * The `k` best of some matches by the fused score, exactly as scoring each with its similarity would rank
 * them: the first `count` of `parts.slots`, each with its `base` (`parts.base`: every part but the vector
 * one), among them the query's nearest matches that a caller narrowing the matches must keep.
 *
 * The vector part is only computed for the `k` best by base and the `k + VECTOR_MARGIN` nearest matches
 * (filtered kNN); the last of those nearest bounds every other match's similarity, so a match whose base plus
 * that bound cannot reach the k-th fused score found so far is passed over. The others are computed highest
 * ceiling first until the next ceiling falls below the k-th fused score (Fagin's threshold algorithm).
 */
export const rankCandidates = (request: HybridRequest, parts: MatchParts, count: number): RankedSlot[] => {
  const { k, vectors, compareSlots } = request;
  const { slots, base } = parts;
  const byBase = new TopSlots(compareSlots);
  byBase.reset(k);
  // The least base kept, read again only after an offer: a getter read per match boxed a number each time.
  let least = -Infinity;
  for (let at = 0; at < count; at++)
    if (base[at] >= least) {
      byBase.offer(base[at], slots[at]);
      if (byBase.full) least = byBase.worstKey;
    }
  const baseTop = byBase.sorted();
  if (!vectors) return baseTop.map((slot) => ({ slot, signals: signalsAt(request, slot, undefined) }));

  const words = request.matches.bits.length;
  const fused = new ScoredPage(request, words);
  const { neighbours, bound } = nearestWithBound(vectors, k);
  for (const { slot, similarity } of neighbours) fused.offer(slot, similarity);
  const unknown = baseTop.filter((slot) => !fused.has(slot));
  vectors.similarities(unknown).forEach((similarity, at) => fused.offer(unknown[at], similarity));
  // Fused scores are a sum that only grows with the vector part: base plus the bound's part (and a hair, for
  // the sum's other order) is at least the fused score of every match outside the neighbours.
  const besideBase = vectorPart(bound) + ROUNDING;
  const bar = fused.bar();
  const { contenders, ceilings } = parts;
  let left = 0;
  for (let at = 0; at < count; at++) {
    const ceiling = base[at] + besideBase;
    if (ceiling >= bar && !fused.has(slots[at])) {
      contenders[left] = slots[at];
      ceilings[left++] = ceiling;
    }
  }
  let tiered: number | undefined;
  for (let tier = CONTENDER_TIER; tiered === undefined && TIERED_FROM * tier <= left; tier *= TIER_GROWTH)
    tiered = nearestAmongTopContenders(request, parts, left, fused, bound, tier);
  if (tiered !== undefined) left = tiered;
  else if (left >= CONTENDERS_SOUGHT_NEAREST)
    left = nearestAmongContenders(request, parts, left, fused, bound);
  // Highest ceiling first, a batch at a time: once the next ceiling is below the k-th fused score, no
  // contender left can reach the page.
  ceilingOrder.sort(ceilings, left);
  for (let from = 0; from < left; from += CONTENDER_BATCH) {
    if (ceilingOrder.bound(from) < fused.bar()) break;
    const batch: number[] = [];
    for (let nth = from; nth < Math.min(left, from + CONTENDER_BATCH); nth++)
      batch.push(contenders[ceilingOrder.place(nth)]);
    vectors.similarities(batch).forEach((similarity, at) => fused.offer(batch[at], similarity));
  }
  return fused.sorted();
};

const tierScratch = { array: new Float64Array(0) };

/**
 * Scores the `k + VECTOR_MARGIN` nearest of the contenders whose ceiling is among the `tierSize` highest. When
 * every other contender's ceiling is then below the bar, only the tier is left, its ceilings lowered as
 * `nearestAmongContenders` lowers them: returns how many, kept at the front of `parts.contenders`. Otherwise
 * returns undefined, the contenders left as they were and the tier's nearest scored.
 */
const nearestAmongTopContenders = (
  request: HybridRequest,
  parts: MatchParts,
  left: number,
  fused: ScoredPage,
  bound: number,
  tierSize: number,
): number | undefined => {
  const { contenders, ceilings } = parts;
  const threshold = kthLargest(ceilings, left, tierSize, tierScratch);
  const among = contenderBits.empty(request.matches.bits.length);
  let tier = 0;
  let restBest = -Infinity;
  for (let at = 0; at < left; at++) {
    if (ceilings[at] >= threshold) {
      setBit(among, contenders[at]);
      tier++;
    } else if (ceilings[at] > restBest) restBest = ceilings[at];
  }
  // Ties at the threshold can make the tier most of the contenders: then it spares nothing.
  if (2 * tier > left) return undefined;
  const lowered = scoreNearestAmong(request, among, tier, fused, bound);
  if (restBest >= fused.bar()) return undefined;
  return keepReaching(parts, left, fused, lowered, threshold);
};

/**
 * Scores the contenders' own `k + VECTOR_MARGIN` nearest; the last of them bounds every other contender's
 * vector part, so their ceilings are lowered by the difference and those below the bar are dropped. Returns
 * how many contenders are left, kept at the front of `parts.contenders`.
 */
const nearestAmongContenders = (
  request: HybridRequest,
  parts: MatchParts,
  left: number,
  fused: ScoredPage,
  bound: number,
): number => {
  const among = contenderBits.empty(request.matches.bits.length);
  for (let at = 0; at < left; at++) setBit(among, parts.contenders[at]);
  const lowered = scoreNearestAmong(request, among, left, fused, bound);
  return keepReaching(parts, left, fused, lowered, -Infinity);
};

/**
 * Scores the `k + VECTOR_MARGIN` nearest among the set bits of `among` (`total` of them), and returns how much
 * lower than the `bound`'s the vector part of every other one of them is at most.
 */
const scoreNearestAmong = (
  { k, vectors }: HybridRequest,
  among: Bitset,
  total: number,
  fused: ScoredPage,
  bound: number,
): number => {
  const nearest = (vectors as VectorSide).nearestAmong(k + VECTOR_MARGIN, { bits: among, total });
  for (const { slot, similarity } of nearest) fused.offer(slot, similarity);
  const innerBound =
    nearest.length < k + VECTOR_MARGIN ? 0 : vectorSignal(nearest[nearest.length - 1].similarity);
  return vectorPart(bound) - vectorPart(innerBound);
};

/**
 * Keeps at the front of `parts.contenders` those with a ceiling of at least `from` whose ceiling, `lowered`,
 * still reaches the bar and that are not scored yet; returns how many.
 */
const keepReaching = (
  { contenders, ceilings }: MatchParts,
  left: number,
  fused: ScoredPage,
  lowered: number,
  from: number,
): number => {
  const bar = fused.bar();
  let kept = 0;
  for (let at = 0; at < left; at++) {
    if (ceilings[at] < from) continue;
    // A hair over: the ceiling lowered by a difference rounds unlike one fused with the lower bound.
    const ceiling = ceilings[at] - lowered + ROUNDING;
    if (ceiling < bar || fused.has(contenders[at])) continue;
    contenders[kept] = contenders[at];
    ceilings[kept++] = ceiling;
  }
  return kept;
};

/** The similarity of each scored slot, by slot (NaN for none), reused: read only where `scored` is set. */
let scoredSimilarities = new Float64Array(0);

/**
 * The page being found: the matches scored with their similarity so far, and the `k` best of them. A scored
 * match keeps only its similarity; the page's signals are made at the end, so the many matches scored and
 * passed over cost no object each.
 */
class ScoredPage {
  private readonly top: TopSlots;
  /** The scored slots as a set: a bit test per match, where a map's lookup cost a few percent of a query. */
  private readonly scored: Bitset;
  private readonly similarities: Float64Array;

  constructor(
    private readonly request: HybridRequest,
    words: number,
  ) {
    this.top = new TopSlots(request.compareSlots);
    this.top.reset(request.k);
    this.scored = scoredBits.empty(words);
    if (scoredSimilarities.length < words * 32) scoredSimilarities = new Float64Array(words * 32);
    this.similarities = scoredSimilarities;
  }

  has(slot: number): boolean {
    return hasBit(this.scored, slot);
  }

  /** Scores the slot with its similarity (undefined without a vector) and keeps it if it reaches the page. */
  offer(slot: number, similarity: number | undefined): void {
    if (this.has(slot)) return;
    setBit(this.scored, slot);
    this.similarities[slot] = similarity ?? Number.NaN;
    this.top.offer(fusedAt(this.request, slot, similarity), slot);
  }

  /** The k-th fused score, once k matches are scored: what a match must reach. */
  bar(): number {
    return this.top.full ? this.top.worstKey : -Infinity;
  }

  sorted(): RankedSlot[] {
    return this.top.sorted().map((slot) => {
      const similarity = this.similarities[slot];
      return {
        slot,
        signals: signalsAt(this.request, slot, Number.isNaN(similarity) ? undefined : similarity),
      };
    });
  }
}
