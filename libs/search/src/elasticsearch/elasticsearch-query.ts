import type { estypes } from '@elastic/elasticsearch';
import {
  activeNumberRanges,
  activeOptionGroups,
  FUSION_WEIGHTS,
  type FusionWeights,
  type NumberField,
  type OptionGroup,
  type SearchFilter,
} from '@skillers/domain';
import { askedToolToken } from '../tool-level-tokens';

type Query = estypes.QueryDslQueryContainer;

const NUMBER_PATHS: Record<NumberField, string> = {
  availability: 'numbers.availability',
  durationMonths: 'numbers.durationMonths',
  bizRole: 'numbers.bizRole',
  deadlineDay: 'deadlineDay',
};

const optionTerms = (group: OptionGroup): Query[] => {
  switch (group.type) {
    case 'tag':
      return group.options.map((option) => ({ term: { [`tags.${group.facet}`]: option } }));
    case 'tool':
      return group.options.map(({ tool, level }) => ({ term: { toolTokens: askedToolToken(tool, level) } }));
    case 'workingType':
      return group.options.map((type) => ({
        term: { [type === 'Remote' ? 'workingTypeRemote' : 'workingTypeOffice']: true },
      }));
  }
};

export interface FilterQuery {
  /** Clauses every match satisfies; they do not score. */
  filter: Query[];
  /** The term query of each picked option, per active option group (as `activeOptionGroups` lists them). */
  options: Query[][];
  /** How many number filters are active: each adds 1 to every match's score. */
  numberFilters: number;
}

/** The reference semantics as an Elasticsearch bool query. */
export const filterQuery = (filter: SearchFilter): FilterQuery => {
  const query: FilterQuery = { filter: [], options: [], numberFilters: 0 };
  for (const group of activeOptionGroups(filter)) {
    const terms = optionTerms(group);
    if (filter.restriction === 'all_match') query.filter.push(...terms);
    else query.filter.push({ bool: { should: terms, minimum_should_match: 1 } });
    query.options.push(terms);
  }
  for (const { field, min, minInclusive, max } of activeNumberRanges(filter)) {
    const bounds: estypes.QueryDslNumberRangeQuery = minInclusive ? { gte: min } : { gt: min };
    if (Number.isFinite(max)) bounds.lte = max;
    query.filter.push({ range: { [NUMBER_PATHS[field]]: bounds } });
    query.numberFilters++;
  }
  return query;
};

/** Score desc, then newest first, then greater id: the reference order, total. */
export const RANKED_SORT: estypes.SortCombinations[] = [
  { _score: { order: 'desc' } },
  { createdAt: { order: 'desc' } },
  { id: { order: 'desc' } },
];

/** The name of a picked option's clause, so that a hit says which options it carries. */
export const optionClauseName = (group: number, option: number): string => `o:${group}:${option}`;
export const TEXT_CLAUSE = 'text';
export const VECTOR_CLAUSE = 'vector';

export interface RankingInputs {
  /** The weight (`optionWeight`) of each picked option, per group, aligned with `FilterQuery.options`. */
  optionWeights: number[][];
  text?: string;
  /** The query vector, and the model whose vectors it may be compared with. */
  vector?: { values: number[]; model?: string };
}

/**
 * The hybrid ranking as one bool query whose score is the fused score of hybrid-ranking.ts: each picked
 * option a constant W_facet · weight / picked weight, the BM25 score of the free text saturated by a
 * script (W_text · bm25 / (bm25 + S)), and W_vector · max(0, cosine) by a script over the records that have
 * a vector of the model. None of these clauses narrows the matches: only `filter` does.
 */
export const rankedQuery = (
  filters: FilterQuery,
  inputs: RankingInputs,
  weights: Readonly<FusionWeights> = FUSION_WEIGHTS,
): { bool: estypes.QueryDslBoolQuery } => {
  const pickedWeight = inputs.optionWeights.flat().reduce((sum, weight) => sum + weight, 0);
  const should: Query[] = filters.options.flatMap((terms, group) =>
    terms.map((term, option) => ({
      constant_score: {
        filter: term,
        boost: (weights.facet * inputs.optionWeights[group][option]) / pickedWeight,
        _name: optionClauseName(group, option),
      },
    })),
  );
  if (inputs.text !== undefined) {
    should.push({
      script_score: {
        query: { match: { text: { query: inputs.text, _name: TEXT_CLAUSE } } },
        script: {
          source: 'params.weight * _score / (_score + params.saturation)',
          params: { weight: weights.text, saturation: weights.textSaturation },
        },
      },
    });
  }
  if (inputs.vector !== undefined) {
    const { values, model } = inputs.vector;
    should.push({
      script_score: {
        query: {
          bool: {
            filter: [
              { exists: { field: 'vector' } },
              ...(model !== undefined ? [{ term: { vectorModel: model } }] : []),
            ],
          },
        },
        script: {
          source:
            "double c = cosineSimilarity(params.vector, 'vector'); return c > 0 ? params.weight * c : 0;",
          params: { vector: values, weight: weights.vector },
        },
        _name: VECTOR_CLAUSE,
      },
    });
  }
  return { bool: { filter: filters.filter, should, minimum_should_match: 0 } };
};
