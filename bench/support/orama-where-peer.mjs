// Orama's own `where` as a peer of the embedded search index's filtering: an Orama database of the filter
// fields only (no text), option lists as `enum[]`, a tool as `tool@level` tokens, numbers as `number`. A
// query is one `search` whose `where` ANDs a `containsAny` (min_1_match) or `containsAll` (all_match) per
// option filter and a range per number filter. Orama gives the total (`count`) and a page in its own order:
// the product's ranking (rarity-weighted matched options, newest, greater id) cannot be said in `where`.
import { createRequire } from 'node:module';
import { create, insertMultiple, search } from '@orama/orama';

const require = createRequire(import.meta.url);
const { TAG_FACETS, activeNumberRanges, activeOptionGroups } = require('@skillers/domain');

const LIST_FACETS = TAG_FACETS.filter((facet) => facet !== 'tools');
const MAX_TOOL_LEVEL = 5;
const INSERT_BATCH = 10_000;

const toolTokens = ({ tool, level }) => {
  const tokens = [];
  for (let at = level; at <= MAX_TOOL_LEVEL; at++) tokens.push(`${tool}@${at}`);
  return tokens;
};

const groupClauses = (group, allMatch) => {
  switch (group.type) {
    case 'tag':
      return [{ [group.facet]: { [allMatch ? 'containsAll' : 'containsAny']: group.options } }];
    case 'tool':
      return allMatch
        ? group.options.map((pick) => ({ tools: { containsAny: toolTokens(pick) } }))
        : [{ tools: { containsAny: group.options.flatMap(toolTokens) } }];
    case 'workingType':
      return [{ working: { [allMatch ? 'containsAll' : 'containsAny']: group.options } }];
  }
};

const rangeClauses = ({ field, min, minInclusive, max }) => [
  { [field]: { [minInclusive ? 'gte' : 'gt']: min } },
  ...(Number.isFinite(max) ? [{ [field]: { lte: max } }] : []),
];

/** The `where` of one query. */
export const oramaWhere = (query) => {
  const allMatch = query.restriction === 'all_match';
  return {
    and: [
      ...activeOptionGroups(query).flatMap((group) => groupClauses(group, allMatch)),
      ...activeNumberRanges(query).flatMap(rangeClauses),
    ],
  };
};

const oramaDocument = (doc) => ({
  id: doc.id,
  tools: Object.entries(doc.toolLevels).map(([tool, level]) => `${tool}@${level}`),
  ...Object.fromEntries(LIST_FACETS.map((facet) => [facet, doc.tags[facet]])),
  working: [...(doc.workingTypeRemote ? ['Remote'] : []), ...(doc.workingTypeOffice ? ['Office'] : [])],
  ...(doc.numbers.availability !== undefined && { availability: doc.numbers.availability }),
  ...(doc.numbers.durationMonths !== undefined && { durationMonths: doc.numbers.durationMonths }),
  bizRole: doc.numbers.bizRole,
});

/** An Orama database of the profiles that `batches(use)` hands over in batches. */
export const createOramaWherePeer = async (batches) => {
  const db = create({
    schema: {
      tools: 'enum[]',
      ...Object.fromEntries(LIST_FACETS.map((facet) => [facet, 'enum[]'])),
      working: 'enum[]',
      availability: 'number',
      durationMonths: 'number',
      bizRole: 'number',
    },
  });
  await batches((docs) => insertMultiple(db, docs.map(oramaDocument), INSERT_BATCH));
  return {
    /** The total and `limit` matching ids (a page of 12, or every match to check the set) in Orama's order. */
    search: async (query, limit = query.pageSize) => {
      const answer = await search(db, { where: oramaWhere(query), limit, offset: 0 });
      return { ids: answer.hits.map((hit) => hit.id), total: answer.count };
    },
  };
};
