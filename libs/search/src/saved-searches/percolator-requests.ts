import type { estypes } from '@elastic/elasticsearch';
import {
  type OptionPicks,
  type SavedText,
  type SearchDocument,
  savedText,
  timelessSearchFilter,
  understoodFilter,
  understoodOptions,
} from '@skillers/domain';
import { searchIndexMappings, toSource } from '../elasticsearch/elasticsearch-mapping';
import { filterQuery } from '../elasticsearch/elasticsearch-query';
import type { MatchableSearch } from './saved-search-matcher.port';

type Query = estypes.QueryDslQueryContainer;

/** How many saved searches one percolation returns at most (Elasticsearch's default result window). */
export const PERCOLATE_MAX_HITS = 10_000;

/**
 * The saved-search index: each document is one search, `query` its percolator query. The fields of the
 * searchable documents are mapped too, since a percolator query is parsed against this index's mapping;
 * `kind` and `ownerId` double as the search's own. Vectors are never percolated, so they are left out.
 */
export const percolatorMappings = (): estypes.MappingTypeMapping => {
  const { properties = {}, ...base } = searchIndexMappings(1);
  const { vector: _vector, vectorModel: _model, ...documentFields } = properties;
  return {
    ...base,
    properties: {
      ...documentFields,
      searchId: { type: 'keyword' },
      query: { type: 'percolator' },
    },
  };
};

/**
 * "Active within N days" and "Open only" in date math, which the percolator evaluates against the clock
 * when it percolates a record (ranges with `now` are never cached in a percolator query), not when the
 * search is stored. Bounds as `freshnessRanges` has them: last active at or after, open until after.
 */
const freshnessClauses = ({ activeWithinDays, openOnly }: MatchableSearch['filters']): Query[] => [
  ...(activeWithinDays ? [{ range: { lastActiveAt: { gte: `now-${activeWithinDays}d` } } }] : []),
  ...(openOnly ? [{ range: { openUntil: { gt: 'now' } } }] : []),
];

/**
 * The text part (`SavedText`): a `match` needing every word (`operator: and`), through the text field's
 * English analyser (stems and stop words close to, though not exactly, the embedded matcher's), or one
 * understood label of every group; none when the text kept no word.
 */
const textClause = (
  { words, labels }: SavedText,
  typed: string,
  understood: OptionPicks,
): Query | undefined => {
  if (words.length === 0) return undefined;
  const match: Query = { match: { text: { query: typed, operator: 'and' } } };
  if (labels.length === 0) return match;
  const everyGroup = filterQuery(understoodFilter(understood)).filter;
  return { bool: { should: [match, { bool: { filter: everyGroup } }], minimum_should_match: 1 } };
};

/**
 * The saved search as the query the filtering call would run (`filterQuery`) with its freshness filters in
 * date math, its text part, and a `must_not` of every label its text rules out.
 */
export const percolatorQuery = (search: MatchableSearch): Query => {
  const filter = [...filterQuery(timelessSearchFilter(search)).filter, ...freshnessClauses(search.filters)];
  const text = savedText(search);
  const { options, not } = understoodOptions(search.kind, search.understood ?? { labels: {}, not: {} });
  const typed = search.understood ? search.understood.words.join(' ') : (search.text ?? '');
  const clause = textClause(text, typed, options);
  if (clause) filter.push(clause);
  if (text.not.length === 0) return { bool: { filter } };
  return { bool: { filter, must_not: filterQuery(understoodFilter(not)).options.flat() } };
};

/** The stored document of one saved search. */
export const percolatorDocument = (search: MatchableSearch) => ({
  searchId: search._id,
  kind: search.kind,
  ownerId: search.ownerId,
  query: percolatorQuery(search),
});

/** The searches of the record's kind, not its owner's, whose query matches the record. */
export const percolateRequest = (index: string, doc: SearchDocument): estypes.SearchRequest => {
  const { vector: _vector, vectorModel: _model, ...source } = toSource(doc);
  return {
    index,
    size: PERCOLATE_MAX_HITS,
    _source: ['ownerId'],
    query: {
      bool: {
        filter: [{ term: { kind: doc.kind } }, { percolate: { field: 'query', document: source } }],
        must_not: [{ term: { ownerId: doc.ownerId } }],
      },
    },
  };
};
