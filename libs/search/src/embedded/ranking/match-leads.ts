import { FUSION_WEIGHTS } from '@skillers/domain';
import type { HybridRequest } from './hybrid-request';

const WEIGHTS = FUSION_WEIGHTS;

/** Zeros read where a part is absent, so that one loop serves every query: grown, never written. */
let zeros = new Float64Array(0);
const zeroColumn = (slots: number): Float64Array => {
  if (zeros.length < slots) zeros = new Float64Array(slots);
  return zeros;
};

/**
 * Each of the first `count` slots' lead, into `leads`: the fused score's understood, clean, text and freshness
 * parts, added in `fuseParts`'s order, equal to its sum but for the last bits of a product taken for a
 * quotient (a ranking's proofs keep `ROUNDING` of margin for such differences).
 *
 * One loop with no branch per part: `fuseParts` tests each part, and on a query's scattered parts those
 * tests went wrong about half the time, which made the pass over tens of thousands of matches five times
 * slower than its arithmetic. An absent part reads zeros.
 */
export const leadsOf = (
  { matches, textBySlot, fresh, understood, ruledOut }: HybridRequest,
  slots: Int32Array,
  count: number,
  leads: Float64Array,
): void => {
  const none = zeroColumn(matches.bits.length * 32);
  const understoodWeights = understood && understood.total > 0 ? understood.weights : none;
  const perUnderstood = understood && understood.total > 0 ? (WEIGHTS.understood ?? 0) / understood.total : 0;
  // Clean is 1 without a ruled-out label: where none was weighed at all, every slot is clean.
  const ruledOutWeights = ruledOut && ruledOut.total > 0 ? ruledOut.weights : none;
  const clean = ruledOut ? (WEIGHTS.clean ?? 0) : 0;
  const text = textBySlot ?? none;
  const { text: textWeight, textSaturation } = WEIGHTS;
  // Freshness is 0.5 per step reached; without it, no time reaches Infinity.
  const activeMs = fresh?.activeMs ?? none;
  const openUntilMs = fresh?.openUntilMs ?? none;
  const activeSinceMs = fresh?.activeSinceMs ?? Infinity;
  const rankedAtMs = fresh?.rankedAtMs ?? Infinity;
  const perStep = (WEIGHTS.fresh ?? 0) * 0.5;
  for (let at = 0; at < count; at++) {
    const slot = slots[at];
    const words = text[slot];
    leads[at] =
      perUnderstood * understoodWeights[slot] +
      clean * Number(ruledOutWeights[slot] <= 0) +
      (textWeight * words) / (words + textSaturation) +
      perStep * (Number(activeMs[slot] >= activeSinceMs) + Number(openUntilMs[slot] > rankedAtMs));
  }
};
