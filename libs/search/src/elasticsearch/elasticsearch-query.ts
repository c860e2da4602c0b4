import type { estypes } from '@elastic/elasticsearch';
import {
  activeNumberRanges,
  activeOptionGroups,
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
  /** One clause per picked option, each adding exactly 1 to the score of a match that has it. */
  should: Query[];
  /** How many number filters are active: each adds 1 to every match's score. */
  numberFilters: number;
}

/** The reference semantics as an Elasticsearch bool query. */
export const filterQuery = (filter: SearchFilter): FilterQuery => {
  const query: FilterQuery = { filter: [], should: [], numberFilters: 0 };
  for (const group of activeOptionGroups(filter)) {
    const terms = optionTerms(group);
    if (filter.restriction === 'all_match') query.filter.push(...terms);
    else query.filter.push({ bool: { should: terms, minimum_should_match: 1 } });
    query.should.push(...terms.map((term) => ({ constant_score: { filter: term, boost: 1 } })));
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
