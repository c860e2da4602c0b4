import type { estypes } from '@elastic/elasticsearch';
import {
  facetShare,
  FUSION_WEIGHTS,
  fuseRankSignals,
  matchedTextTerms,
  vectorSignal,
} from '@skillers/domain';
import type { RankSignals } from '../search-index.port';
import {
  CLEAN_CLAUSE,
  FRESH_ACTIVE_CLAUSE,
  FRESH_OPEN_CLAUSE,
  optionClauseName,
  type RankingInputs,
  TEXT_CLAUSE,
  totalWeight,
  understoodClauseName,
  VECTOR_CLAUSE,
} from './elasticsearch-query';

/** What reading a ranked hit needs of the request that found it. */
export interface HitReading {
  optionWeights: readonly number[][];
  pickedWeight: number;
  understood: Pick<RankingInputs, 'understood' | 'ruledOut'>;
  text?: string;
  rankedAtMs?: number;
  /** How many number filters the query has: every hit satisfies them all. */
  numberFilters: number;
}

/** Named clauses a hit matched, with their scores (`include_named_queries_score`). */
const namedScores = (matched: estypes.SearchHit['matched_queries']): Map<string, number> =>
  new Map(
    Array.isArray(matched)
      ? matched.map((name) => [name, 0] as const)
      : Object.entries(matched ?? {}).map(([name, score]) => [name, Number(score)] as const),
  );

/** How many of the weighed options a hit carries (by its named clauses) and their weight. */
const carriedOptions = (
  weights: readonly number[][],
  carries: (group: number, option: number) => boolean,
): { count: number; weight: number } => {
  let count = 0;
  let weight = 0;
  weights.forEach((group, at) =>
    group.forEach((optionWeight, option) => {
      if (!carries(at, option)) return;
      count++;
      weight += optionWeight;
    }),
  );
  return { count, weight };
};

/** A hit's score and rank signals, computed from its named clauses as the reference computes them. */
export const readRankedHit = (
  hit: estypes.SearchHit<{ text?: string }>,
  { optionWeights, pickedWeight, understood, text, rankedAtMs, numberFilters }: HitReading,
): { score: number; signals: RankSignals } => {
  const named = namedScores(hit.matched_queries);
  const picked = carriedOptions(optionWeights, (group, option) => named.has(optionClauseName(group, option)));
  const signals: RankSignals = { facet: facetShare(picked.weight, pickedWeight), fused: 0 };
  if (understood.understood) {
    const { weights } = understood.understood;
    const carried = carriedOptions(weights, (group, option) =>
      named.has(understoodClauseName(group, option)),
    );
    signals.understood = facetShare(carried.weight, totalWeight(weights));
  }
  if (understood.ruledOut) signals.clean = named.has(CLEAN_CLAUSE) ? 1 : 0;
  if (text !== undefined) {
    signals.text = named.get(TEXT_CLAUSE) ?? 0;
    signals.textTerms = matchedTextTerms(text, hit._source?.text ?? '');
  }
  const vector = named.get(VECTOR_CLAUSE);
  if (vector !== undefined) signals.vector = vectorSignal(vector / FUSION_WEIGHTS.vector);
  if (rankedAtMs !== undefined) {
    signals.fresh = (named.has(FRESH_ACTIVE_CLAUSE) ? 0.5 : 0) + (named.has(FRESH_OPEN_CLAUSE) ? 0.5 : 0);
  }
  signals.fused = fuseRankSignals(signals);
  return { score: picked.count + numberFilters, signals };
};

/** The hit count of an answer, however the server reports it. */
export const totalHits = (total: estypes.SearchResponse['hits']['total']): number =>
  typeof total === 'number' ? total : (total?.value ?? 0);
