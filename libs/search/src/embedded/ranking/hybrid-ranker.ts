import * as ranking from '@skillers/domain';
import { forEachBit, hasBit, setBit, writeSlots } from '../structures/bitset';
import { kthLargest } from '../structures/kth-largest';
import { TopSlots } from '../structures/top-slots';
import { nearestWithBound, type RankedSlot, rankCandidates } from './candidate-ranker';
import type { HybridRequest, VectorSide } from './hybrid-request';
import { leadsOf } from './match-leads';
import { facetPart, fusedAt, ROUNDING, signalsAt, vectorPart } from './match-scores';
import { EvidenceScores, MatchParts } from './ranking-scratch';

// Bound once: compiled to CommonJS, a named import is read through the library's getter at every call.
const { fuseParts } = ranking;

export type { RankedSlot } from './candidate-ranker';
export type { FreshnessColumns, HybridRequest, LabelWeights, VectorSide } from './hybrid-request';

const parts = new MatchParts();
const evidenceScores = new EvidenceScores();

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

/** How many matches with evidence `rankAmongEvidence` ranks first, for a page ending at `k`. */
const POOL_SIZE = (k: number): number => 4 * k + 64;

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
 * by half the kind: this ranks a few hundred. Both rankings take the leads as the matches' bases, so no part
 * is read twice.
 */
const rankAmongEvidence = (request: HybridRequest): RankedSlot[] | false => {
  const { matches, k, evidence, vectors, fresh, ruledOut } = request;
  if (!evidence || k === 0 || k >= matches.total) return false;
  const words = matches.bits.length;
  evidenceScores.reserve(matches.total, words);
  const { slots, lead } = evidenceScores;
  const count = writeSlots(matches.bits, slots, evidence);
  leadsOf(request, slots, count, lead);
  const { neighbours, bound } = vectors ? nearestWithBound(vectors, k) : { neighbours: [], bound: 0 };
  // What a match adds beside its lead at most: the bound's vector part; and a match without evidence at most.
  const besideLead = vectorPart(bound);
  const withoutEvidence = fuseParts(0, 0, ruledOut ? 1 : 0, 0, bound, fresh ? 1 : 0);
  const taken = evidenceScores.candidates.subarray(0, words);
  /** Ranks the matches with evidence leading at least `floor`, and the neighbours; `below`: the others' best. */
  const rankLeading = (floor: number) => {
    taken.fill(0);
    parts.reserve(count + neighbours.length);
    let below = 0;
    let ranked = 0;
    for (let at = 0; at < count; at++) {
      if (lead[at] < floor) {
        if (lead[at] > below) below = lead[at];
        continue;
      }
      setBit(taken, slots[at]);
      parts.slots[ranked] = slots[at];
      parts.base[ranked++] = lead[at];
    }
    for (const { slot } of neighbours) {
      if (hasBit(taken, slot)) continue;
      parts.slots[ranked] = slot;
      parts.base[ranked++] = fusedAt(request, slot, undefined);
    }
    const page = rankCandidates(request, parts, ranked);
    return { page, last: page.length === k ? page[k - 1].signals.fused : -Infinity, below };
  };
  // The sums are added in another order than the fused scores: a hair of margin keeps the proofs sound.
  const pool = POOL_SIZE(k);
  const first = rankLeading(pool < count ? kthLargest(lead, count, pool, evidenceScores.scratch) : 0);
  if (first.last > Math.max(first.below + besideLead, withoutEvidence) + ROUNDING) return first.page;
  // The page's last score found among some matches is at most the true one: every match leading less than
  // it minus what can be added beside a lead stays off the page, and every other match is ranked now.
  if (!(first.last > withoutEvidence + ROUNDING)) return false;
  return rankLeading(first.last - besideLead - ROUNDING).page;
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

/**
 * The `k` best matches by the fused score (`fuseRankSignals`), exactly as scoring every match would rank
 * them, without computing every match's vector similarity: every match's `base` (the fused score without the
 * vector part) costs a few array reads, and `rankCandidates` computes similarities only where they can
 * change the page.
 */
const rankEveryMatch = (request: HybridRequest): RankedSlot[] => {
  const { matches } = request;
  const { pickedWeight } = matches;
  parts.reserve(matches.total);
  const { slots, base } = parts;
  const count = writeSlots(matches.bits, slots);
  leadsOf(request, slots, count, base);
  // Nothing picked: every match's facet part is 0, with no need to ask its weight.
  if (pickedWeight > 0)
    for (let at = 0; at < count; at++) base[at] += facetPart(matches.weight(slots[at]) / pickedWeight);
  return rankCandidates(request, parts, count);
};
