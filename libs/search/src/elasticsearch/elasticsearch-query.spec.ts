import { FACET_DIMENSIONS, FACET_OTHERS } from '@skillers/domain';
import { describe, expect, it } from 'vitest';
import {
  facetAggregations,
  filterQuery,
  readFacets,
  combinedRelaxAggregations,
  readCombinedRelax,
  readRelax,
  relaxAggregations,
} from './elasticsearch-query';

// What is sent to Elasticsearch, checked without a cluster; the behaviour itself is the contract suite's.
describe('Elasticsearch filter query', () => {
  it('scores one clause per picked option and ORs options within a filter under min_1_match', () => {
    const query = filterQuery({
      restriction: 'min_1_match',
      tags: { industry: ['Banking', 'Mining'] },
      minToolLevels: { Go: 3 },
    });
    expect(query.options.flat()).toHaveLength(3);
    expect(query.filter).toEqual([
      {
        bool: {
          should: [{ term: { 'tags.industry': 'Banking' } }, { term: { 'tags.industry': 'Mining' } }],
          minimum_should_match: 1,
        },
      },
      { bool: { should: [{ term: { toolTokens: '3\u0000Go' } }], minimum_should_match: 1 } },
    ]);
  });

  it('requires every picked option under all_match', () => {
    const query = filterQuery({ restriction: 'all_match', tags: {}, workingTypes: ['Remote', 'Office'] });
    expect(query.filter).toEqual([
      { term: { workingTypeRemote: true } },
      { term: { workingTypeOffice: true } },
    ]);
  });

  it('turns number filters into ranges with the reference bounds', () => {
    const query = filterQuery({
      restriction: 'min_1_match',
      tags: {},
      availability: { mode: 'upTo', hours: 20 },
      bizRole: 50,
      deadline: '1970-01-11',
    });
    expect(query.numberFilters).toBe(3);
    expect(query.filter).toEqual([
      { range: { 'numbers.availability': { gt: 0, lte: 20 } } },
      { range: { 'numbers.bizRole': { gte: 30, lte: 70 } } },
      { range: { deadlineDay: { gte: 10 } } },
    ]);
  });

  it('turns "Active within" and "Open only" into date ranges in milliseconds', () => {
    const query = filterQuery({
      restriction: 'min_1_match',
      tags: {},
      activeSince: '2026-02-01T00:00:00.000Z',
      openAt: '2026-03-01T00:00:00.000Z',
    });
    expect(query.numberFilters).toBe(2);
    expect(query.filter).toEqual([
      { range: { lastActiveAt: { gte: Date.parse('2026-02-01T00:00:00.000Z'), format: 'epoch_millis' } } },
      { range: { openUntil: { gt: Date.parse('2026-03-01T00:00:00.000Z'), format: 'epoch_millis' } } },
    ]);
  });
});

describe('Elasticsearch must-haves, facets and relaxations', () => {
  const query = {
    restriction: 'min_1_match' as const,
    tags: { locations: ['Iceland', 'Norway'], usedLanguages: ['English'] },
    minToolLevels: { Rust: 3 },
    mustHave: { locations: ['Iceland'], tools: ['Rust'] },
  };

  it('adds each must-have as a filter clause that does not score', () => {
    const { filter, options } = filterQuery(query);
    expect(filter).toEqual(
      expect.arrayContaining([
        { term: { 'tags.locations': 'Iceland' } },
        { term: { toolTokens: '3\u0000Rust' } },
      ]),
    );
    expect(options.flat()).toHaveLength(4);
  });

  it('counts each option filter over the query without that filter, picked labels apart', () => {
    const aggs = facetAggregations(query);
    expect(Object.keys(aggs)).toEqual([...FACET_DIMENSIONS]);
    const withoutLocations = filterQuery({
      ...query,
      tags: { usedLanguages: ['English'] },
      mustHave: { tools: ['Rust'] },
    });
    expect(aggs.locations).toEqual({
      filter: { bool: { filter: withoutLocations.filter } },
      aggs: {
        labels: {
          terms: {
            field: 'tags.locations',
            size: FACET_OTHERS + 2,
            order: [{ _count: 'desc' }, { _key: 'asc' }],
          },
        },
        picked: {
          filters: {
            filters: {
              0: { term: { 'tags.locations': 'Iceland' } },
              1: { term: { 'tags.locations': 'Norway' } },
            },
          },
        },
      },
    });
    expect(aggs.tools.aggs?.labels).toEqual({
      terms: {
        field: 'toolTokens',
        size: FACET_OTHERS + 1,
        order: [{ _count: 'desc' }, { _key: 'asc' }],
        include: '1\u0000.*',
      },
    });
    expect(aggs.tools.aggs?.picked).toEqual({
      filters: { filters: { 0: { term: { toolTokens: '3\u0000Rust' } } } },
    });
    expect(aggs.workingType.aggs?.labels).toEqual({
      filters: {
        filters: {
          Remote: { term: { workingTypeRemote: true } },
          Office: { term: { workingTypeOffice: true } },
        },
      },
    });
  });

  it('reads the facet answer as the reference shapes it', () => {
    const facets = readFacets(query, {
      locations: {
        picked: { buckets: { 0: { doc_count: 4 }, 1: { doc_count: 0 } } },
        labels: {
          buckets: [
            { key: 'Iceland', doc_count: 4 },
            { key: 'Chile', doc_count: 2 },
          ],
        },
      },
      tools: {
        picked: { buckets: { 0: { doc_count: 1 } } },
        labels: {
          buckets: [
            { key: '1\u0000Go', doc_count: 7 },
            { key: '1\u0000Rust', doc_count: 3 },
          ],
        },
      },
      workingType: { labels: { buckets: { Remote: { doc_count: 5 }, Office: { doc_count: 0 } } } },
    });
    expect(facets.locations).toEqual({ Iceland: 4, Norway: 0, Chile: 2 });
    expect(facets.tools).toEqual({ Rust: 1, Go: 7 });
    expect(facets.workingType).toEqual({ Remote: 5 });
    expect(facets.industry).toEqual({});
  });

  it('asks one count per relaxation and ranks the answer', () => {
    const aggs = relaxAggregations(query);
    // tools, Rust as a must-have, languages, locations, Iceland as a must-have.
    expect(Object.keys(aggs)).toEqual(['0', '1', '2', '3', '4']);
    expect(aggs[3]).toEqual({
      filter: {
        bool: {
          filter: filterQuery({
            ...query,
            tags: { usedLanguages: ['English'] },
            mustHave: { tools: ['Rust'] },
          }).filter,
        },
      },
    });
    expect(
      readRelax(query, {
        0: { doc_count: 0 },
        1: { doc_count: 2 },
        2: { doc_count: 1 },
        3: { doc_count: 9 },
        4: { doc_count: 2 },
      }),
    ).toEqual([
      { dimension: 'locations', count: 9 },
      { dimension: 'tools', label: 'Rust', count: 2 },
      { dimension: 'locations', label: 'Iceland', count: 2 },
      { dimension: 'usedLanguages', count: 1 },
    ]);
  });

  it('asks one count per set of filters to drop, and reads the smallest set that helps', () => {
    const stuck = {
      restriction: 'all_match' as const,
      tags: { locations: ['Iceland'], usedLanguages: ['Klingon'] },
      minToolLevels: { COBOL: 1 },
      availability: { mode: 'atLeast' as const, hours: 50 },
    };
    const aggs = combinedRelaxAggregations(stuck);
    // Six pairs and four sets of three of tools, languages, locations and availability, then every filter.
    expect(Object.keys(aggs)).toEqual(Array.from({ length: 11 }, (_, at) => `s${at}`));
    // The first pair drops tools and languages.
    expect(aggs.s0).toEqual({
      filter: {
        bool: {
          filter: filterQuery({
            restriction: 'all_match',
            tags: { locations: ['Iceland'] },
            availability: stuck.availability,
          }).filter,
        },
      },
    });
    expect(aggs.s10).toEqual({ filter: { bool: { filter: [] } } });
    const counts = (entries: Record<number, number>) =>
      Object.fromEntries(Object.entries(entries).map(([at, count]) => [`s${at}`, { doc_count: count }]));
    // A pair that helps wins over every larger set; among pairs, the most records.
    expect(readCombinedRelax(stuck, counts({ 1: 2, 4: 5, 6: 9, 10: 12 }))).toEqual([
      { remove: ['usedLanguages', 'availability'], count: 5 },
    ]);
    expect(readCombinedRelax(stuck, counts({ 6: 9, 10: 12 }))).toEqual([
      { remove: ['tools', 'usedLanguages', 'locations'], count: 9 },
    ]);
    expect(readCombinedRelax(stuck, counts({ 10: 12 }))).toEqual([
      { remove: ['tools', 'usedLanguages', 'locations', 'availability'], count: 12 },
    ]);
    expect(readCombinedRelax(stuck, counts({}))).toEqual([]);
  });

  it('excludes the must-nots in one must_not of the filter context, kept in facets, dropped one by one', () => {
    const excluding = {
      ...query,
      mustNot: { hardSkills: ['Full Stack Developer'], tools: ['PHP'] },
      mustNotWorkingTypes: ['Office' as const],
    };
    const notClause = {
      bool: {
        must_not: [
          { term: { 'tags.hardSkills': 'Full Stack Developer' } },
          { term: { toolTokens: '1\u0000PHP' } },
          { term: { workingTypeOffice: true } },
        ],
      },
    };
    const { filter, options } = filterQuery(excluding);
    expect(filter).toContainEqual(notClause);
    expect(options).toEqual(filterQuery(query).options);
    // Every facet keeps the exclusion, the excluded filter's own too.
    expect(facetAggregations(excluding).hardSkills.filter?.bool?.filter).toContainEqual(notClause);
    expect(facetAggregations(excluding).workingType.filter?.bool?.filter).toContainEqual(notClause);
    // After the five of the query, one count per must-not, each without only that one.
    const aggs = relaxAggregations(excluding);
    expect(Object.keys(aggs)).toHaveLength(8);
    expect(aggs[5]).toEqual({
      filter: {
        bool: { filter: filterQuery({ ...excluding, mustNot: { ...excluding.mustNot, tools: [] } }).filter },
      },
    });
    expect(readRelax(excluding, { 5: { doc_count: 4 }, 7: { doc_count: 1 } })).toEqual([
      { dimension: 'tools', label: 'PHP', mustNot: true, count: 4 },
      { dimension: 'workingType', label: 'Office', mustNot: true, count: 1 },
    ]);
  });

  it('asks a count without "Active within" and one without "Open only" when they are set', () => {
    const fresh = {
      restriction: 'min_1_match' as const,
      tags: { locations: ['Iceland'] },
      activeSince: '2026-02-01T00:00:00.000Z',
      openAt: '2026-03-01T00:00:00.000Z',
    };
    const active = {
      range: { lastActiveAt: { gte: Date.parse(fresh.activeSince), format: 'epoch_millis' } },
    };
    const open = { range: { openUntil: { gt: Date.parse(fresh.openAt), format: 'epoch_millis' } } };
    const aggs = relaxAggregations(fresh);
    // locations, then "Active within", then "Open only".
    expect(Object.keys(aggs)).toEqual(['0', '1', '2']);
    const filters = (at: number) =>
      (aggs[at] as { filter: { bool: { filter: unknown[] } } }).filter.bool.filter;
    expect(filters(1)).not.toContainEqual(active);
    expect(filters(1)).toContainEqual(open);
    expect(filters(2)).toContainEqual(active);
    expect(filters(2)).not.toContainEqual(open);
    expect(readRelax(fresh, { 0: { doc_count: 1 }, 1: { doc_count: 0 }, 2: { doc_count: 4 } })).toEqual([
      { dimension: 'openAt', count: 4 },
      { dimension: 'locations', count: 1 },
    ]);
  });
});
