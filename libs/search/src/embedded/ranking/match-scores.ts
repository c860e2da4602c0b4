import * as ranking from '@skillers/domain';
import type { RankSignals } from '../../search-index.port';
import type { FreshnessColumns, HybridRequest, LabelWeights } from './hybrid-request';

// Bound once: compiled to CommonJS, a named import is read through the library's getter at every call, which a
// CPU profile of hybrid queries over a hundred thousand matches put at about 7 % of their time.
const { facetShare, freshnessSignalOfTimes, fuseParts, fuseRankSignals, vectorSignal } = ranking;

// A match's parts and fused score read from the request's typed arrays. Plain functions of typed arrays, where
// a closure per query would leave each call site to many targets.

/** Far above the rounding of a sum of six parts below 1, far below any difference a ranking shows. */
export const ROUNDING = 1e-9;

export const shareAt = ({ weights, total }: LabelWeights, slot: number): number =>
  facetShare(weights[slot], total);

export const cleanAt = (ruledOut: LabelWeights, slot: number): number =>
  shareAt(ruledOut, slot) > 0 ? 0 : 1;

export const freshAt = (fresh: FreshnessColumns, slot: number): number =>
  freshnessSignalOfTimes(
    fresh.activeMs[slot],
    fresh.openUntilMs[slot],
    fresh.activeSinceMs,
    fresh.rankedAtMs,
  );

/** The fused score's facet part alone, for a facet share. */
export const facetPart = (facet: number): number => fuseParts(facet, 0, 0, 0, 0, 0);

/** The fused score's vector part alone, for a vector signal: what a bound on it adds to a ceiling. */
export const vectorPart = (vector: number): number => fuseParts(0, 0, 0, 0, vector, 0);

/** Every part of a match's score, and their fusion; the vector part only with a similarity. */
export const signalsAt = (
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

/**
 * `signalsAt(...).fused` to the last bit, without a new object per match; without a similarity, the match's
 * `base`: every part but the vector one. With nothing picked every facet part is 0, with no weight asked.
 */
export const fusedAt = (
  { matches, textBySlot, fresh, understood, ruledOut }: HybridRequest,
  slot: number,
  similarity: number | undefined,
): number =>
  fuseParts(
    matches.pickedWeight > 0 ? facetShare(matches.weight(slot), matches.pickedWeight) : 0,
    understood ? shareAt(understood, slot) : 0,
    ruledOut ? cleanAt(ruledOut, slot) : 0,
    textBySlot ? textBySlot[slot] : 0,
    similarity === undefined ? 0 : vectorSignal(similarity),
    fresh ? freshAt(fresh, slot) : 0,
  );
