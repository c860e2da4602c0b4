import type { estypes } from '@elastic/elasticsearch';
import {
  activeMustHaveGroups,
  activeMustNotGroups,
  activeNumberRanges,
  activeOptionGroups,
  askedToolLevel,
  bestCombined,
  type CombinedRelaxation,
  combinedCandidates,
  FACET_DIMENSIONS,
  FACET_OTHERS,
  type FacetCounts,
  type FacetDimension,
  facetOf,
  FRESH_ACTIVE_DAYS,
  FUSION_WEIGHTS,
  type FusionWeights,
  type NumberField,
  type OptionGroup,
  pickedLabels,
  rankRelaxations,
  type Relaxation,
  relaxationCandidates,
  type SearchFilter,
  withoutDimension,
} from '@skillers/domain';
import { askedToolToken, toolLevelToken } from '../tool-level-tokens';

type Query = estypes.QueryDslQueryContainer;

const NUMBER_PATHS: Record<NumberField, string> = {
  availability: 'numbers.availability',
  durationMonths: 'numbers.durationMonths',
  bizRole: 'numbers.bizRole',
  deadlineDay: 'deadlineDay',
  lastActiveMs: 'lastActiveAt',
  openUntilMs: 'openUntil',
};

/** Date fields, whose bounds are given in milliseconds since 1970. */
const DATE_FIELDS: ReadonlySet<NumberField> = new Set(['lastActiveMs', 'openUntilMs']);

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
  // Must-haves narrow without scoring: each is one more filter clause.
  for (const group of activeMustHaveGroups(filter)) query.filter.push(...optionTerms(group));
  // Must-nots narrow without scoring too: one must_not in the filter context.
  const excluded = activeMustNotGroups(filter).flatMap(optionTerms);
  if (excluded.length > 0) query.filter.push({ bool: { must_not: excluded } });
  for (const { field, min, minInclusive, max } of activeNumberRanges(filter)) {
    const bounds: estypes.QueryDslNumberRangeQuery = minInclusive ? { gte: min } : { gt: min };
    if (Number.isFinite(max)) bounds.lte = max;
    const range = DATE_FIELDS.has(field) ? { ...bounds, format: 'epoch_millis' } : bounds;
    query.filter.push({ range: { [NUMBER_PATHS[field]]: range } });
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

export type Aggregations = Record<string, estypes.AggregationsAggregationContainer>;

/** The level from which a tool counts as a facet label, as in the embedded index. */
const TOOL_LABEL_LEVEL = 1;
const TOOL_LABEL_PREFIX = toolLevelToken('', TOOL_LABEL_LEVEL);

/** The one clause a label of an option filter asks for. */
const labelTerm = (filter: SearchFilter, dimension: FacetDimension, label: string): Query => {
  switch (dimension) {
    case 'tools':
      return { term: { toolTokens: askedToolToken(label, askedToolLevel(filter, label)) } };
    case 'workingType':
      return { term: { [label === 'Remote' ? 'workingTypeRemote' : 'workingTypeOffice']: true } };
    default:
      return { term: { [`tags.${dimension}`]: label } };
  }
};

/** The most frequent labels of an option filter among the filter aggregation's documents. */
export const labelAggregation = (
  dimension: FacetDimension,
  size: number,
): estypes.AggregationsAggregationContainer => {
  if (dimension === 'workingType') {
    return {
      filters: {
        filters: {
          Remote: { term: { workingTypeRemote: true } },
          Office: { term: { workingTypeOffice: true } },
        },
      },
    };
  }
  const order: estypes.AggregationsAggregateOrder = [{ _count: 'desc' }, { _key: 'asc' }];
  if (dimension === 'tools') {
    // Tool tokens are "<level>\u0000<tool>": the level-1 tokens name every tool held at level 1 or more.
    return { terms: { field: 'toolTokens', size, order, include: `${TOOL_LABEL_PREFIX}.*` } };
  }
  return { terms: { field: `tags.${dimension}`, size, order } };
};

/**
 * The disjunctive facets as one filter aggregation per option filter: the documents matching the query
 * without that filter, with a count per picked label (`picked`, keyed by position) and the most frequent
 * labels (`labels`). Indices have one shard, so the terms counts are exact.
 */
export const facetAggregations = (filter: SearchFilter): Aggregations =>
  Object.fromEntries(
    FACET_DIMENSIONS.map((dimension) => {
      const picked = pickedLabels(filter, dimension);
      const aggs: Aggregations = { labels: labelAggregation(dimension, FACET_OTHERS + picked.length) };
      if (picked.length > 0) {
        aggs.picked = {
          filters: {
            filters: Object.fromEntries(
              picked.map((label, at) => [String(at), labelTerm(filter, dimension, label)]),
            ),
          },
        };
      }
      const base = filterQuery(withoutDimension(filter, dimension)).filter;
      return [dimension, { filter: { bool: { filter: base } }, aggs }];
    }),
  );

export interface BucketsAggregate {
  buckets: Record<string, { doc_count: number }> | { key: string; doc_count: number }[];
}

const bucketCounts = (aggregate: BucketsAggregate | undefined): [string, number][] => {
  const buckets = aggregate?.buckets ?? [];
  return Array.isArray(buckets)
    ? buckets.map((bucket) => [String(bucket.key), bucket.doc_count])
    : Object.entries(buckets).map(([key, bucket]) => [key, bucket.doc_count]);
};

/** The labels of `labelAggregation`'s buckets with their counts (tool tokens back to tool names). */
export const labelBuckets = (
  dimension: FacetDimension,
  aggregate: BucketsAggregate | undefined,
): [string, number][] =>
  bucketCounts(aggregate).map(([key, count]) => [
    dimension === 'tools' ? key.slice(TOOL_LABEL_PREFIX.length) : key,
    count,
  ]);

/** Reads the answer to `facetAggregations` into the facets of `referenceFacets`. */
export const readFacets = (
  filter: SearchFilter,
  aggregations: Record<string, unknown> | undefined,
): FacetCounts =>
  Object.fromEntries(
    FACET_DIMENSIONS.map((dimension) => {
      const aggregate = aggregations?.[dimension] as
        { picked?: BucketsAggregate; labels?: BucketsAggregate } | undefined;
      const picked = pickedLabels(filter, dimension);
      const pickedCounts = new Map(bucketCounts(aggregate?.picked));
      const labels = labelBuckets(dimension, aggregate?.labels);
      return [
        dimension,
        facetOf(
          picked,
          picked.map((_, at) => pickedCounts.get(String(at)) ?? 0),
          labels,
        ),
      ];
    }),
  );

/** A count of the records a changed filter matches. */
const countAggregation = (relaxed: SearchFilter): estypes.AggregationsAggregationContainer => ({
  filter: { bool: { filter: filterQuery(relaxed).filter } },
});

const docCount = (aggregations: Record<string, unknown> | undefined, key: string): number =>
  (aggregations?.[key] as { doc_count?: number } | undefined)?.doc_count ?? 0;

/** One filter aggregation per relaxation of a query that matched nothing, keyed by position. */
export const relaxAggregations = (filter: SearchFilter): Aggregations =>
  Object.fromEntries(
    relaxationCandidates(filter).map(({ filter: relaxed }, at) => [String(at), countAggregation(relaxed)]),
  );

/** Reads the answer to `relaxAggregations` into the relaxations of `referenceRelax`. */
export const readRelax = (
  filter: SearchFilter,
  aggregations: Record<string, unknown> | undefined,
): Relaxation[] =>
  rankRelaxations(
    relaxationCandidates(filter).map(({ dimension, label, mustNot }, at) => ({
      dimension,
      ...(label === undefined ? {} : { label }),
      ...(mustNot && { mustNot }),
      count: docCount(aggregations, String(at)),
    })),
  );

const setKey = (at: number): string => `s${at}`;

/**
 * One filter aggregation per set of changes (`combinedCandidates`), keyed `s` and its position: asked in one
 * request when no single relaxation brings records back.
 */
export const combinedRelaxAggregations = (filter: SearchFilter): Aggregations =>
  Object.fromEntries(
    combinedCandidates(filter).map(({ filter: relaxed }, at) => [setKey(at), countAggregation(relaxed)]),
  );

/** Reads the answer to `combinedRelaxAggregations` into the set `referenceRelax` chooses, if any. */
export const readCombinedRelax = (
  filter: SearchFilter,
  aggregations: Record<string, unknown> | undefined,
): CombinedRelaxation[] =>
  bestCombined(
    combinedCandidates(filter).map(({ remove }, at) => ({
      remove,
      count: docCount(aggregations, setKey(at)),
    })),
  );

/** The name of a picked option's clause, so that a hit says which options it carries. */
export const optionClauseName = (group: number, option: number): string => `o:${group}:${option}`;
/** The name of an understood option's clause (`SearchQuery.understood`). */
export const understoodClauseName = (group: number, option: number): string => `u:${group}:${option}`;
export const CLEAN_CLAUSE = 'clean';
export const TEXT_CLAUSE = 'text';
export const VECTOR_CLAUSE = 'vector';
export const FRESH_ACTIVE_CLAUSE = 'fresh:active';
export const FRESH_OPEN_CLAUSE = 'fresh:open';

export interface RankingInputs {
  /** The weight (`optionWeight`) of each picked option, per group, aligned with `FilterQuery.options`. */
  optionWeights: number[][];
  text?: string;
  /** The query vector, and the model whose vectors it may be compared with. */
  vector?: { values: number[]; model?: string };
  /** The moment the freshness signal is measured at, in milliseconds (`SearchQuery.rankedAt`). */
  rankedAtMs?: number;
  /** The term query and weight of each option understood from the free text, per group. */
  understood?: { options: Query[][]; weights: number[][] };
  /** The term queries of the options the free text ruled out. */
  ruledOut?: Query[];
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
  const should: Query[] = weighedOptionClauses(
    filters.options,
    inputs.optionWeights,
    weights.facet,
    optionClauseName,
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
  if (inputs.rankedAtMs !== undefined) should.push(...freshnessClauses(inputs.rankedAtMs, weights));
  if (inputs.understood) {
    const { options, weights: optionWeights } = inputs.understood;
    should.push(
      ...weighedOptionClauses(options, optionWeights, weights.understood ?? 0, understoodClauseName),
    );
  }
  if (inputs.ruledOut && inputs.ruledOut.length > 0 && (weights.clean ?? 0) > 0) {
    // Elasticsearch takes no negative boost: the records carrying none of them are lifted instead.
    should.push({
      constant_score: {
        filter: { bool: { must_not: inputs.ruledOut } },
        boost: weights.clean ?? 0,
        _name: CLEAN_CLAUSE,
      },
    });
  }
  return { bool: { filter: filters.filter, should, minimum_should_match: 0 } };
};

/** The weight of every option, summed. */
export const totalWeight = (optionWeights: readonly number[][]): number =>
  optionWeights.flat().reduce((sum, weight) => sum + weight, 0);

/**
 * Each option a named constant `fusionWeight · weight / total weight`: picks with W_facet, understood labels
 * with W_understood, so that a hit's named clauses say which it carries.
 */
const weighedOptionClauses = (
  options: Query[][],
  optionWeights: number[][],
  fusionWeight: number,
  name: (group: number, option: number) => string,
): Query[] => {
  const total = totalWeight(optionWeights);
  return options.flatMap((terms, group) =>
    terms.map((term, option) => ({
      constant_score: {
        filter: term,
        boost: (fusionWeight * optionWeights[group][option]) / total,
        _name: name(group, option),
      },
    })),
  );
};

/** The freshness signal's halves (`freshnessParts`), each a constant W_fresh / 2. */
export const freshnessClauses = (rankedAtMs: number, weights: Readonly<FusionWeights>): Query[] => {
  const boost = (weights.fresh ?? 0) / 2;
  if (boost <= 0) return [];
  const activeSince = rankedAtMs - FRESH_ACTIVE_DAYS * 86_400_000;
  return [
    {
      constant_score: {
        filter: { range: { lastActiveAt: { gte: activeSince, format: 'epoch_millis' } } },
        boost,
        _name: FRESH_ACTIVE_CLAUSE,
      },
    },
    {
      constant_score: {
        filter: { range: { openUntil: { gt: rankedAtMs, format: 'epoch_millis' } } },
        boost,
        _name: FRESH_OPEN_CLAUSE,
      },
    },
  ];
};
