import * as ranking from '@skillers/domain';
import type { RankSignals } from '../../search-index.port';
import { countBits, forEachBit, ScratchBitset, setBit } from '../structures/bitset';
import { kthLargest } from '../structures/kth-largest';
import { TopSlots } from '../structures/top-slots';
import type { FreshnessColumns, HybridRequest, LabelWeights, VectorSide } from './hybrid-request';
import { EvidenceScores, MatchParts } from './ranking-scratch';

// Bound once: compiled to CommonJS, a named import is read through the library's getter at every call, which a
// CPU profile of hybrid queries over a hundred thousand matches put at about 7 % of their time.
const { facetShare, freshnessSignalOfTimes, fuseParts, fuseRankSignals, vectorSignal } = ranking;

export type { FreshnessColumns, HybridRequest, LabelWeights, VectorSide } from './hybrid-request';

// Plain functions of typed arrays, where a closure per query would leave each call site to many targets.
const shareAt = ({ weights, total }: LabelWeights, slot: number): number => facetShare(weights[slot], total);
const cleanAt = (ruledOut: LabelWeights, slot: number): number => (shareAt(ruledOut, slot) > 0 ? 0 : 1);
const freshAt = (fresh: FreshnessColumns, slot: number): number =>
  freshnessSignalOfTimes(
    fresh.activeMs[slot],
    fresh.openUntilMs[slot],
    fresh.activeSinceMs,
    fresh.rankedAtMs,
  );

export interface RankedSlot {
  slot: number;
  signals: RankSignals;
}

/**
 * Beyond the `k` needed, how many vector neighbours are fetched: the `n`-th similarity bounds every match
 * outside them, so a margin lets that bound fall below the page's scores.
 */
const VECTOR_MARGIN = 32;
/** Contenders whose similarity is computed at once, between checks of the bar. */
const CONTENDER_BATCH = 64;
/**
 * From this many contenders, their own nearest are sought first (a kNN over them, SIMD or the graph), and
 * the last of those bounds the others' vector part: the query's nearest matches bound nothing when many
 * contenders share the top evidence, as on a common label.
 */
const CONTENDERS_SOUGHT_NEAREST = 256;
/** The contenders as a set, reused: a ranking runs to its end without awaiting. */
const contenderBits = new ScratchBitset();

const parts = new MatchParts();

/**
 * Up to this many matches, every one is scored, its similarity asked outright in one call: on so few the
 * bounds below cost more than they spare (a few hundred similarities take tens of microseconds).
 */
const SCORED_OUTRIGHT_MAX = 1_024;

/**
 * The `k` best matches by the fused score (`fuseRankSignals`), exactly as scoring every match would rank them.
 *
 * With nothing picked and the matches with evidence known (the home search: free text over the whole kind),
 * only those and the vector neighbours are ranked, when that proves enough (`rankAmongEvidence`); otherwise
 * every match is (`rankEveryMatch`).
 */
export const rankHybrid = (request: HybridRequest): RankedSlot[] => {
  if (request.matches.total <= SCORED_OUTRIGHT_MAX) return rankScoringEvery(request);
  const vectors = request.vectors && remembered(request.vectors);
  const among = request.matches.pickedWeight === 0 && rankAmongEvidence({ ...request, vectors });
  return among || rankEveryMatch({ ...request, vectors });
};

/** The vector side, its nearest neighbours computed once for both rankings. */
const remembered = (vectors: VectorSide): VectorSide => {
  const nearest = new Map<number, { slot: number; similarity: number }[]>();
  return {
    nearest: (n) => {
      const known = nearest.get(n) ?? vectors.nearest(n);
      nearest.set(n, known);
      return known;
    },
    nearestAmong: (n, within) => vectors.nearestAmong(n, within),
    similarities: (slots) => vectors.similarities(slots),
  };
};

/** The fused score's vector part alone, for a vector signal: what a bound on it adds to a ceiling. */
const vectorPart = (vector: number): number => fuseParts(0, 0, 0, 0, vector, 0);

/**
 * The `k + VECTOR_MARGIN` matches nearest the query vector, and the vector part that bounds every other
 * match's: the last neighbour's, or 0 when there were fewer (then every match with a vector is among them).
 */
const nearestWithBound = (vectors: VectorSide, k: number) => {
  const neighbours = vectors.nearest(k + VECTOR_MARGIN);
  const bound =
    neighbours.length < k + VECTOR_MARGIN ? 0 : vectorSignal(neighbours[neighbours.length - 1].similarity);
  return { neighbours, bound };
};

const evidenceScores = new EvidenceScores();

/** How many matches with evidence `rankAmongEvidence` ranks first, for a page ending at `k`. */
const POOL_SIZE = (k: number): number => 4 * k + 64;
/** Far above the rounding of a sum of six parts below 1, far below any difference a ranking shows. */
const ROUNDING = 1e-9;

/**
 * The page among the matches with evidence (text or understood parts) and the `k + VECTOR_MARGIN` nearest,
 * or false when a match outside them could reach it.
 *
 * Every match outside the neighbours has a vector part at most the last neighbour's (the `bound`). A match
 * without evidence has no facet, text or understood part, so clean, full freshness and that bound are its
 * ceiling. A match with evidence is first weighed by its `lead`, every part but the vector one fused, which a
 * few array reads give; only a pool of the best by lead is ranked (with every match tied with its last), and
 * one outside it is worth at most the best lead left out plus the bound's part. When the page's last fused
 * score is above both ceilings, no match outside can reach the page; otherwise that last score tells which
 * leads can still reach it, and a second ranking takes them all. A query's words and labels are often carried
 * by half the kind: this ranks a few hundred.
 */
const rankAmongEvidence = (request: HybridRequest): RankedSlot[] | false => {
  const { matches, k, evidence, vectors, textBySlot, fresh, understood, ruledOut } = request;
  if (!evidence || k === 0 || k >= matches.total) return false;
  const words = matches.bits.length;
  evidenceScores.reserve(matches.total, words);
  const { slots, lead } = evidenceScores;
  let count = 0;
  for (let at = 0; at < words; at++) {
    let word = matches.bits[at] & (evidence[at] ?? 0);
    while (word !== 0) {
      const lowest = word & -word;
      const slot = (at << 5) | (31 - Math.clz32(lowest));
      word ^= lowest;
      slots[count] = slot;
      lead[count++] = fuseParts(
        0,
        understood ? shareAt(understood, slot) : 0,
        ruledOut ? cleanAt(ruledOut, slot) : 0,
        textBySlot ? textBySlot[slot] : 0,
        0,
        fresh ? freshAt(fresh, slot) : 0,
      );
    }
  }
  const { neighbours, bound } = vectors ? nearestWithBound(vectors, k) : { neighbours: [], bound: 0 };
  // What a match adds beside its lead at most: the bound's vector part; and a match without evidence at most.
  const besideLead = vectorPart(bound);
  const withoutEvidence = fuseParts(0, 0, ruledOut ? 1 : 0, 0, bound, fresh ? 1 : 0);
  const bits = evidenceScores.candidates.subarray(0, words);
  /** Ranks the matches with evidence leading at least `floor`, and the neighbours; `below`: the others' best. */
  const rankLeading = (floor: number) => {
    bits.fill(0);
    let below = 0;
    for (let at = 0; at < count; at++) {
      const slot = slots[at];
      if (lead[at] >= floor) bits[slot >>> 5] |= 1 << (slot & 31);
      else if (lead[at] > below) below = lead[at];
    }
    for (const { slot } of neighbours) bits[slot >>> 5] |= 1 << (slot & 31);
    const ranked = rankEveryMatch({ ...request, matches: { ...matches, bits, total: countBits(bits) } });
    return { ranked, last: ranked.length === k ? ranked[k - 1].signals.fused : -Infinity, below };
  };
  // The sums are added in another order than the fused scores: a hair of margin keeps the proofs sound.
  const pool = POOL_SIZE(k);
  const first = rankLeading(pool < count ? kthLargest(lead, count, pool, evidenceScores.scratch) : 0);
  if (first.last > Math.max(first.below + besideLead, withoutEvidence) + ROUNDING) return first.ranked;
  // The page's last score found among some matches is at most the true one: every match leading less than
  // it minus what can be added beside a lead stays off the page, and every other match is ranked now.
  if (!(first.last > withoutEvidence + ROUNDING)) return false;
  return rankLeading(first.last - besideLead - ROUNDING).ranked;
};

/** Every part of a match's score, and their fusion; the vector part only with a similarity. */
const signalsAt = (
  { matches, textBySlot, fresh, understood, ruledOut }: HybridRequest,
  slot: number,
  similarity: number | undefined,
): RankSignals => {
  const signals: RankSignals = { facet: facetShare(matches.weight(slot), matches.pickedWeight), fused: 0 };
  if (textBySlot) signals.text = textBySlot[slot];
  if (similarity !== undefined) signals.vector = vectorSignal(similarity);
  if (fresh) signals.fresh = freshAt(fresh, slot);
  if (understood) signals.understood = shareAt(understood, slot);
  if (ruledOut) signals.clean = cleanAt(ruledOut, slot);
  signals.fused = fuseRankSignals(signals);
  return signals;
};

/** The `k` best matches, every one scored with its similarity: for few matches (`SCORED_OUTRIGHT_MAX`). */
const rankScoringEvery = (request: HybridRequest): RankedSlot[] => {
  const { matches, k, vectors, compareSlots } = request;
  const slots: number[] = [];
  forEachBit(matches.bits, (slot) => slots.push(slot));
  const similarities = vectors?.similarities(slots);
  // Offered by place in `slots`, so that the page's places find their similarities again.
  const top = new TopSlots((a, b) => compareSlots(slots[a], slots[b]));
  top.reset(k);
  for (let at = 0; at < slots.length; at++) top.offer(fusedAt(request, slots[at], similarities?.[at]), at);
  // Only the page's matches keep their signals: the others' fused score was all their ranking needed.
  return top
    .sorted()
    .map((at) => ({ slot: slots[at], signals: signalsAt(request, slots[at], similarities?.[at]) }));
};

/** `signalsAt(...).fused` to the last bit, without a new object per match. */
const fusedAt = (
  { matches, textBySlot, fresh, understood, ruledOut }: HybridRequest,
  slot: number,
  similarity: number | undefined,
): number =>
  fuseParts(
    facetShare(matches.weight(slot), matches.pickedWeight),
    understood ? shareAt(understood, slot) : 0,
    ruledOut ? cleanAt(ruledOut, slot) : 0,
    textBySlot ? textBySlot[slot] : 0,
    similarity === undefined ? 0 : vectorSignal(similarity),
    fresh ? freshAt(fresh, slot) : 0,
  );

/**
 * The `k` best matches by the fused score (`fuseRankSignals`), exactly as scoring every match would rank
 * them, without computing every match's vector similarity.
 *
 * The facet and text parts (`base`) are known for every match at the cost of a lookup. The vector part is
 * only computed for the `k` best by `base` and the `k + VECTOR_MARGIN` nearest matches (filtered kNN); the
 * last of those nearest bounds every other match's similarity, so a match whose `base` plus that bound
 * cannot reach the k-th fused score found so far is passed over. The others are computed highest ceiling
 * first until the next ceiling falls below the k-th fused score (Fagin's threshold algorithm).
 */
const rankEveryMatch = (request: HybridRequest): RankedSlot[] => {
  const {
    matches,
    k,
    textBySlot,
    vectors,
    fresh: freshness,
    understood: understoodLabels,
    ruledOut,
  } = request;
  const { pickedWeight } = matches;
  const byBase = new TopSlots(request.compareSlots);
  byBase.reset(k);
  parts.reserve(matches.total);
  const { slots, facet, fresh, understood, clean } = parts;
  let count = 0;
  const words = matches.bits.length;
  for (let at = 0; at < words; at++) {
    let word = matches.bits[at];
    while (word !== 0) {
      const lowest = word & -word;
      const slot = (at << 5) | (31 - Math.clz32(lowest));
      word ^= lowest;
      // A typed array drops writes past its end without a word: a miscounted match set must not go unseen.
      if (count === slots.length) throw new Error(`more matches than the ${matches.total} counted`);
      slots[count] = slot;
      // Nothing picked: every match's facet part is 0, with no need to ask its weight.
      facet[count] = pickedWeight > 0 ? facetShare(matches.weight(slot), pickedWeight) : 0;
      fresh[count] = freshness ? freshAt(freshness, slot) : 0;
      understood[count] = understoodLabels ? shareAt(understoodLabels, slot) : 0;
      clean[count] = ruledOut ? cleanAt(ruledOut, slot) : 0;
      const base = fuseParts(
        facet[count],
        understood[count],
        clean[count],
        textBySlot ? textBySlot[slot] : 0,
        0,
        fresh[count],
      );
      count++;
      if (!byBase.full || base >= byBase.worstKey) byBase.offer(base, slot);
    }
  }
  const baseTop = byBase.sorted();
  if (!vectors) return baseTop.map((slot) => ({ slot, signals: signalsAt(request, slot, undefined) }));

  const fused = new ScoredPage(request);
  const { neighbours, bound } = nearestWithBound(vectors, k);
  for (const { slot, similarity } of neighbours) fused.offer(slot, similarity);
  const unknown = baseTop.filter((slot) => !fused.has(slot));
  vectors.similarities(unknown).forEach((similarity, at) => fused.offer(unknown[at], similarity));
  // Fused scores are a sum that only grows with the vector part: base plus the bound's part is at least the
  // fused score of every match outside the neighbours.
  const bar = fused.bar();
  const { contenders, ceilings } = parts;
  let left = 0;
  for (let at = 0; at < count; at++) {
    const slot = slots[at];
    if (fused.has(slot)) continue;
    const ceiling = fuseParts(
      facet[at],
      understood[at],
      clean[at],
      textBySlot ? textBySlot[slot] : 0,
      bound,
      fresh[at],
    );
    if (ceiling >= bar) {
      contenders[left] = slot;
      ceilings[left++] = ceiling;
    }
  }
  if (left >= CONTENDERS_SOUGHT_NEAREST) {
    // The contenders' own nearest, computed now; the last of them bounds every other contender's vector part.
    const among = contenderBits.empty(words);
    for (let at = 0; at < left; at++) setBit(among, contenders[at]);
    const nearest = vectors.nearestAmong(k + VECTOR_MARGIN, { bits: among, total: left });
    for (const { slot, similarity } of nearest) fused.offer(slot, similarity);
    const innerBound =
      nearest.length < k + VECTOR_MARGIN ? 0 : vectorSignal(nearest[nearest.length - 1].similarity);
    const lowered = vectorPart(bound) - vectorPart(innerBound);
    const innerBar = fused.bar();
    let kept = 0;
    for (let at = 0; at < left; at++) {
      // A hair over: the ceiling lowered by a difference rounds unlike one fused with the lower bound.
      const ceiling = ceilings[at] - lowered + ROUNDING;
      if (fused.has(contenders[at]) || ceiling < innerBar) continue;
      contenders[kept] = contenders[at];
      ceilings[kept++] = ceiling;
    }
    left = kept;
  }
  // Highest ceiling first, a batch at a time: once the next ceiling is below the k-th fused score, no
  // contender left can reach the page.
  const order = Array.from({ length: left }, (_, at) => at).sort(
    (a, b) => ceilings[b] - ceilings[a] || a - b,
  );
  for (let from = 0; from < left; from += CONTENDER_BATCH) {
    if (ceilings[order[from]] < fused.bar()) break;
    const batch = order.slice(from, from + CONTENDER_BATCH).map((at) => contenders[at]);
    vectors.similarities(batch).forEach((similarity, at) => fused.offer(batch[at], similarity));
  }
  return fused.sorted();
};

/** The page being found: the matches scored with their similarity so far, and the `k` best of them. */
class ScoredPage {
  private readonly top: TopSlots;
  private readonly scored = new Map<number, RankSignals>();

  constructor(private readonly request: HybridRequest) {
    this.top = new TopSlots(request.compareSlots);
    this.top.reset(request.k);
  }

  has(slot: number): boolean {
    return this.scored.has(slot);
  }

  /** Scores the slot with its similarity (undefined without a vector) and keeps it if it reaches the page. */
  offer(slot: number, similarity: number | undefined): void {
    if (this.scored.has(slot)) return;
    const signals = signalsAt(this.request, slot, similarity);
    this.scored.set(slot, signals);
    this.top.offer(signals.fused, slot);
  }

  /** The k-th fused score, once k matches are scored: what a match must reach. */
  bar(): number {
    return this.top.full ? this.top.worstKey : -Infinity;
  }

  sorted(): RankedSlot[] {
    return this.top.sorted().map((slot) => ({ slot, signals: this.scored.get(slot) as RankSignals }));
  }
}
