/**
 * How matches rank, written once (docs/ranking.md explains the choices). Both search adapters compute these
 * signals for the records that pass the filters and fuse them with `fuseRankSignals`:
 *
 * - facet: rarity-weighted facet evidence, 0-1. Each picked option weighs `optionWeight` (an IDF: the fewer
 *   records of the kind carry it, the more it weighs), and a record's evidence is the weight of the picked
 *   options it carries over the weight of all picked options. 0 when nothing is picked.
 * - text: the BM25 score of the free text over the record's name or nickname, description and goal, when
 *   free text was given (0 when none of its words occurs). Unbounded; the fusion saturates it.
 * - vector: cosine similarity of the query vector (picked labels and the free text) with the record's
 *   vector, held to 0-1 (`vectorSignal`), when a query vector was given and the record has a vector of that
 *   length.
 *
 * - fresh: with `rankedAt`, half for an owner active within FRESH_ACTIVE_DAYS and half for a record open to
 *   collaborate at that moment (0, 0.5 or 1).
 * - understood: the rarity-weighted share of the labels understood from the free text that the record
 *   carries, 0-1, weighed like `facet` (`SearchQuery.understood`), when the text named labels.
 * - clean: 1 when the record carries none of the labels the free text ruled out ("not full stack"), else 0,
 *   when it ruled any out: every other record is lifted, which demotes the ones carrying them.
 *
 * fused = W_facet · facet + W_understood · understood + W_clean · clean + W_text · text / (text + S)
 *       + W_vector · max(0, vector) + W_fresh · fresh
 *
 * Higher fused first, then newer first, then the greater id.
 */

import { cosine } from './vector-math';

/** The weights of the fusion and the BM25 saturation point `S` (the score at which text gives half its weight). */
export interface FusionWeights {
  facet: number;
  /** Left out: understood labels do not rank. */
  understood?: number;
  /** Left out: ruled-out labels do not demote. */
  clean?: number;
  text: number;
  vector: number;
  /** Left out: no freshness in the fusion. */
  fresh?: number;
  textSaturation: number;
}

/** Chosen on bench/quality/filter-tuning.json (see docs/ranking.md); never on the judged queries. */
export const FUSION_WEIGHTS: Readonly<FusionWeights> = Object.freeze({
  facet: 1,
  // Understood labels weigh an eighth of picks: evidence the user did not confirm (home-tuning.mjs).
  understood: 0.125,
  // Above what understood labels, text, vectors and freshness can add together (0.385): a record carrying a
  // label the text ruled out ranks below every record that does not, among records of equal pick evidence.
  clean: 0.5,
  text: 0.125,
  vector: 0.125,
  // Small: it orders records of near-equal evidence, never lifts one that lacks what was asked for.
  fresh: 0.01,
  textSaturation: 3,
});

/** The parts of a record's rank. */
export interface SignalValues {
  facet: number;
  understood?: number;
  clean?: number;
  text?: number;
  vector?: number;
  fresh?: number;
}

export const fuseRankSignals = (
  signals: SignalValues,
  weights: Readonly<FusionWeights> = FUSION_WEIGHTS,
): number => {
  let fused = weights.facet * signals.facet;
  if (signals.understood !== undefined && signals.understood > 0)
    fused += (weights.understood ?? 0) * signals.understood;
  if (signals.clean !== undefined && signals.clean > 0) fused += (weights.clean ?? 0) * signals.clean;
  if (signals.text !== undefined && signals.text > 0)
    fused += (weights.text * signals.text) / (signals.text + weights.textSaturation);
  if (signals.vector !== undefined && signals.vector > 0) fused += weights.vector * signals.vector;
  if (signals.fresh !== undefined && signals.fresh > 0) fused += (weights.fresh ?? 0) * signals.fresh;
  return fused;
};

/**
 * `fuseRankSignals` of plain numbers, to the last bit (0 for a part left out, which it leaves out too), so that
 * an index weighs many matches without an object each: with nothing picked and no vector yet, the `lead` it
 * weighs every match with evidence by before it reads a single vector.
 */
export const fuseParts = (
  facet: number,
  understood: number,
  clean: number,
  text: number,
  vector: number,
  fresh: number,
  weights: Readonly<FusionWeights> = FUSION_WEIGHTS,
): number => {
  let fused = weights.facet * facet;
  if (understood > 0) fused += (weights.understood ?? 0) * understood;
  if (clean > 0) fused += (weights.clean ?? 0) * clean;
  if (text > 0) fused += (weights.text * text) / (text + weights.textSaturation);
  if (vector > 0) fused += weights.vector * vector;
  if (fresh > 0) fused += (weights.fresh ?? 0) * fresh;
  return fused;
};

/**
 * The weight of a picked option: 100 · ln(1 + records / records with the option), rounded to a whole number
 * (at least 1) so that sums are exact in every adapter, 32-bit float scores included. An option no record
 * carries counts as carried by one.
 */
export const optionWeight = (records: number, withOption: number): number =>
  Math.max(1, Math.round(100 * Math.log(1 + records / Math.max(withOption, 1))));

/** A cosine similarity as the vector signal: opposite or unrelated directions are no evidence, 0. */
export const vectorSignal = (cosine: number): number => Math.min(1, Math.max(0, cosine));

/** The facet evidence as a share of what was picked; 0 when nothing was picked. */
export const facetShare = (matchedWeight: number, pickedWeight: number): number =>
  pickedWeight > 0 ? matchedWeight / pickedWeight : 0;

/**
 * Cosine similarity as the embedded index computes it: the record's values as stored (32-bit floats), added
 * in order, so that the reference and the index agree to the last bit. Undefined when the lengths differ or
 * either vector has no direction.
 */
export const storedCosine = (
  query: readonly number[],
  vector: readonly number[] | undefined,
): number | undefined => (vector ? cosine(Float32Array.from(vector), query) : undefined);

/** An owner active within this many days counts as active for the freshness signal. */
export const FRESH_ACTIVE_DAYS = 30;
const DAY_MS = 86_400_000;

/** The freshness signal's halves, as each adapter tests them: active lately, and open at `rankedAtMs`. */
export const freshnessParts = (
  doc: { lastActiveAt?: string; openUntil?: string },
  rankedAtMs: number,
): { active: boolean; open: boolean } => {
  const active = doc.lastActiveAt === undefined ? NaN : Date.parse(doc.lastActiveAt);
  const openUntil = doc.openUntil === undefined ? NaN : Date.parse(doc.openUntil);
  return freshnessPartsOfTimes(active, openUntil, rankedAtMs);
};

/** `freshnessParts` from times in milliseconds (NaN where missing, which fails every comparison). */
const freshnessPartsOfTimes = (
  activeMs: number,
  openUntilMs: number,
  rankedAtMs: number,
): { active: boolean; open: boolean } => ({
  active: activeMs >= rankedAtMs - FRESH_ACTIVE_DAYS * DAY_MS,
  open: openUntilMs > rankedAtMs,
});

/** The earliest last activity (ms) that counts as fresh at `rankedAtMs`. */
export const freshActiveSinceMs = (rankedAtMs: number): number => rankedAtMs - FRESH_ACTIVE_DAYS * DAY_MS;

/**
 * `freshnessSignal` from times in milliseconds as an index keeps them in number columns (NaN where missing,
 * which fails every comparison), with the activity bound worked out once per ranking (`freshActiveSinceMs`):
 * a plain function of numbers, since an index asks it of every match.
 */
export const freshnessSignalOfTimes = (
  activeMs: number,
  openUntilMs: number,
  activeSinceMs: number,
  rankedAtMs: number,
): number => (activeMs >= activeSinceMs ? 0.5 : 0) + (openUntilMs > rankedAtMs ? 0.5 : 0);

/** The freshness signal: 0.5 for an owner active lately plus 0.5 for a record open to collaborate. */
export const freshnessSignal = (
  doc: { lastActiveAt?: string; openUntil?: string },
  rankedAtMs: number,
): number => {
  const { active, open } = freshnessParts(doc, rankedAtMs);
  return (active ? 0.5 : 0) + (open ? 0.5 : 0);
};
