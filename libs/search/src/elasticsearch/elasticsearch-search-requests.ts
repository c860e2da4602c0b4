import type { Client, estypes } from '@elastic/elasticsearch';
import {
  DOCUMENT_LABEL_FIELDS,
  hasOptions,
  optionWeight,
  type RelaxEntry,
  type SearchFilter,
  type SearchQuery,
  understoodFilter,
} from '@skillers/domain';
import {
  type Aggregations,
  combinedRelaxAggregations,
  type FilterQuery,
  filterQuery,
  RANKED_SORT,
  rankedQuery,
  type RankingInputs,
  readCombinedRelax,
  readRelax,
  relaxAggregations,
} from './elasticsearch-query';
import type { OptionCounts } from './option-counts';

/** Graph candidates examined per shard for each neighbour asked for. */
const KNN_CANDIDATES_PER_RESULT = 10;
const KNN_MAX_CANDIDATES = 10_000;

/**
 * One page ranked in one request: the bool query's score is the fused score (`rankedQuery`), and named
 * clauses report which options each hit carries and the raw BM25 and cosine parts. Each hit's source comes
 * back with its labels when they are asked for, and its text when there is free text (for the words it
 * matched), else none.
 */
export const rankedSearchRequest = (
  index: string,
  query: SearchQuery,
  filters: FilterQuery,
  inputs: RankingInputs,
  labels = false,
): estypes.SearchRequest => ({
  index,
  query: rankedQuery(filters, inputs),
  sort: RANKED_SORT,
  track_scores: true,
  track_total_hits: true,
  include_named_queries_score: true,
  from: (query.page - 1) * query.pageSize,
  size: query.pageSize,
  _source: sourceFields(labels, inputs.text !== undefined),
});

/** The source fields a ranked page's hits come back with: none when neither is asked. */
const sourceFields = (labels: boolean, text: boolean): estypes.SearchSourceConfig => {
  const fields = [...(labels ? DOCUMENT_LABEL_FIELDS : []), ...(text ? ['text'] : [])];
  return fields.length > 0 && fields;
};

/** The `k` nearest documents of the model `vectorModel` (when given) passing the filter. */
export const knnSearchRequest = (
  index: string,
  vector: readonly number[],
  k: number,
  filter: SearchFilter | undefined,
  vectorModel: string | undefined,
): estypes.SearchRequest => {
  // Per document too: a vector whose model differs is never a candidate, whatever a generation holds.
  const filters = [
    ...(filter ? filterQuery(filter).filter : []),
    ...(vectorModel !== undefined ? [{ term: { vectorModel } }] : []),
  ];
  return {
    index,
    knn: {
      field: 'vector',
      query_vector: [...vector],
      k,
      num_candidates: Math.min(KNN_MAX_CANDIDATES, Math.max(k, k * KNN_CANDIDATES_PER_RESULT)),
      ...(filters.length > 0 ? { filter: filters } : {}),
    },
    size: k,
    _source: false,
  };
};

/**
 * The relaxations of a query that matched nothing (`referenceRelax`): one request counting every single
 * change, and only when none helps, one more counting the sets of changes.
 */
export const requestRelax = async (
  client: Client,
  index: string,
  query: SearchQuery,
): Promise<RelaxEntry[]> => {
  const count = async (aggs: Aggregations) =>
    Object.keys(aggs).length === 0 ? undefined : (await client.search({ index, size: 0, aggs })).aggregations;
  const singles = relaxAggregations(query);
  if (Object.keys(singles).length === 0) return [];
  const relax = readRelax(query, await count(singles));
  if (relax.length > 0) return relax;
  return readCombinedRelax(query, await count(combinedRelaxAggregations(query)));
};

/**
 * The understood options' term queries and weights (`optionWeight` among the kind's records, as picks are
 * weighed) and the ruled-out options' term queries, for `rankedQuery`.
 */
export const understoodInputs = async (
  optionCounts: OptionCounts,
  index: string,
  { understood }: SearchQuery,
): Promise<Pick<RankingInputs, 'understood' | 'ruledOut'>> => {
  const inputs: Pick<RankingInputs, 'understood' | 'ruledOut'> = {};
  if (hasOptions(understood?.options)) {
    const options = filterQuery(understoodFilter(understood.options)).options;
    const counts = await optionCounts.read(index, options);
    inputs.understood = {
      options,
      weights: counts.perOption.map((group) => group.map((count) => optionWeight(counts.records, count))),
    };
  }
  if (hasOptions(understood?.not))
    inputs.ruledOut = filterQuery(understoodFilter(understood.not)).options.flat();
  return inputs;
};
