import {
  type FilteringRestriction,
  referenceFacets,
  referenceRelax,
  referenceSearch,
  type SearchDocument,
  type SearchQuery,
  TAG_FACETS,
  type TagFacet,
} from '@skillers/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchDocument } from './search-index.contract';
import type { RankSignals, SearchIndex } from './search-index.port';

// Small vocabularies, so that generated filters hit generated records often.
const OPTIONS = ['a', 'b', 'c'];
const TOOLS = ['Go', 'React', 'Rust'];
const CREATED = ['2026-01-01T00:00:00.000Z', '2026-01-02T00:00:00.000Z', '2026-01-02T12:00:00.000Z'];
const TEXTS = [
  'A skiller',
  'Rust compilers',
  'Go services and Rust',
  'Design systems',
  'Children books, design',
];
const VECTORS = [
  [1, 0, 0],
  [0, 1, 0],
  [0.5, 0.5, 0.1],
  [0, 0, 1],
];
// Freshness times around the moments queries ask about, equal ones included, and absent ones.
const ACTIVE_TIMES = ['2026-01-01T00:00:00.000Z', '2026-02-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z'];
const OPEN_UNTIL = ['2026-02-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z', '2026-04-01T00:00:00.000Z'];
const MOMENTS = ['2026-02-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z', '2026-03-15T00:00:00.000Z'];
const IDS = Array.from({ length: 60 }, (_, n) => (n * 7919).toString(16).padStart(24, '0'));

const maybe = <T>(values: readonly T[]) => fc.option(fc.constantFrom(...values), { nil: undefined });

const tagsArbitrary = fc.record(
  Object.fromEntries(
    TAG_FACETS.map((facet) => [
      facet,
      fc.uniqueArray(fc.constantFrom(...OPTIONS), { maxLength: 3, size: 'max' }),
    ]),
  ) as Record<TagFacet, fc.Arbitrary<string[]>>,
);

const documentArbitrary = (id: string): fc.Arbitrary<SearchDocument> =>
  fc
    .record({
      kind: fc.constantFrom('project' as const, 'teammate' as const),
      createdAt: fc.constantFrom(...CREATED),
      tags: tagsArbitrary,
      toolLevels: fc.dictionary(fc.constantFrom(...TOOLS), fc.integer({ min: 0, max: 5 }), {
        maxKeys: 3,
        size: 'max',
      }),
      availability: maybe([0, 5, 10, 20, 40]),
      bizRole: maybe([0, 30, 50, 70, 100]),
      durationMonths: maybe([0, 1, 6, 12]),
      deadline: maybe([
        '1970-01-01T00:00:00.000Z',
        '2030-01-01T00:00:00.000Z',
        '2030-06-15T10:00:00.000Z',
        '2031-01-01',
      ]),
      workingTypeRemote: fc.boolean(),
      workingTypeOffice: fc.boolean(),
      text: fc.constantFrom(...TEXTS),
      vector: maybe(VECTORS),
      lastActiveAt: maybe(ACTIVE_TIMES),
      openUntil: maybe(OPEN_UNTIL),
    })
    .map(({ availability, bizRole, durationMonths, deadline, vector, lastActiveAt, openUntil, ...rest }) =>
      searchDocument({
        id,
        ...rest,
        ...(vector && { vector }),
        ...(lastActiveAt && { lastActiveAt }),
        ...(openUntil && { openUntil }),
        numbers: { availability, bizRole, durationMonths, deadline },
      }),
    );

/** Records, some later upserted again with other values, some removed: the index must end where the reference does. */
const historyArbitrary = fc
  .uniqueArray(fc.constantFrom(...IDS), { minLength: 16, maxLength: 40 })
  .chain((ids) =>
    fc.record({
      docs: fc.tuple(...ids.map(documentArbitrary)),
      updates: fc.subarray(ids).chain((updated) => fc.tuple(...updated.map(documentArbitrary))),
      removed: fc.subarray(ids),
    }),
  );

/** Mostly absent, so that a query has a few active filters rather than all of them. */
const seldom = <T>(arbitrary: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> =>
  fc.oneof({ arbitrary: fc.constant(undefined), weight: 4 }, { arbitrary, weight: 1 });

const pickedTags = fc
  .subarray([...TAG_FACETS], { maxLength: 3 })
  .chain((facets) =>
    fc
      .tuple(...facets.map(() => fc.array(fc.constantFrom(...OPTIONS, 'z'), { maxLength: 3 })))
      .map((lists) => Object.fromEntries(facets.map((facet, n) => [facet, lists[n]]))),
  );

const queryArbitrary = (restriction: FilteringRestriction): fc.Arbitrary<SearchQuery> =>
  fc
    .record({
      kind: fc.constantFrom('project' as const, 'teammate' as const),
      // Repeated options, options no record has, and empty lists are all part of what a request may carry.
      tags: pickedTags,
      minToolLevels: seldom(
        fc.dictionary(fc.constantFrom(...TOOLS, 'Zig'), fc.integer({ min: 0, max: 5 }), { maxKeys: 2 }),
      ),
      workingTypes: seldom(fc.array(fc.constantFrom('Remote' as const, 'Office' as const), { maxLength: 2 })),
      availability: seldom(
        fc.record({
          mode: fc.constantFrom('upTo' as const, 'atLeast' as const),
          hours: fc.constantFrom(0, 5, 10, 20, 40),
        }),
      ),
      durationMonths: seldom(fc.constantFrom(0, 1, 6, 12)),
      bizRole: seldom(fc.constantFrom(0, 30, 50, 90)),
      deadline: seldom(fc.constantFrom('1970-01-01', '2030-01-01', '2030-06-15', '2031-06-01')),
      // Must-haves the index is asked for directly need not be picks, so any option may be one.
      mustHave: seldom(pickedTags.map((tags) => ({ ...tags, tools: [] }))).chain((tags) =>
        seldom(fc.uniqueArray(fc.constantFrom(...TOOLS, 'Zig'), { maxLength: 2 })).map((tools) =>
          tags === undefined && tools === undefined ? undefined : { ...tags, tools: tools ?? [] },
        ),
      ),
      mustHaveWorkingTypes: seldom(
        fc.uniqueArray(fc.constantFrom('Remote' as const, 'Office' as const), { maxLength: 2 }),
      ),
      // Must-nots the index is asked for directly may overlap the picks: the record is then left out.
      mustNot: seldom(pickedTags).chain((tags) =>
        seldom(fc.uniqueArray(fc.constantFrom(...TOOLS, 'Zig'), { maxLength: 2 })).map((tools) =>
          tags === undefined && tools === undefined ? undefined : { ...tags, tools: tools ?? [] },
        ),
      ),
      mustNotWorkingTypes: seldom(
        fc.uniqueArray(fc.constantFrom('Remote' as const, 'Office' as const), { maxLength: 1 }),
      ),
      activeSince: seldom(fc.constantFrom(...MOMENTS)),
      openAt: seldom(fc.constantFrom(...MOMENTS)),
      rankedAt: seldom(fc.constantFrom(...MOMENTS)),
      pageSize: fc.integer({ min: 1, max: 4 }),
      text: seldom(fc.constantFrom('rust', 'design systems', 'children books', 'rust compilers go')),
      queryVector: seldom(
        fc.constantFrom([1, 0, 0], [0.5, 0.5, 0.1], [0, 0.2, 1]).map((vector) => [...vector]),
      ),
      // Labels understood from a free text: they rank (and demote, when ruled out), never narrow.
      understood: seldom(
        fc.record({
          options: fc.record({
            tags: pickedTags,
            minToolLevels: fc.dictionary(fc.constantFrom(...TOOLS, 'Zig'), fc.constant(1), { maxKeys: 2 }),
          }),
          not: fc.record({
            tags: pickedTags,
            workingTypes: fc.uniqueArray(fc.constantFrom('Remote' as const, 'Office' as const), {
              maxLength: 1,
            }),
          }),
        }),
      ),
    })
    .map((query) => ({
      ...(Object.fromEntries(
        Object.entries(query).filter(([, value]) => value !== undefined),
      ) as typeof query),
      restriction,
      page: 1,
    }));

export interface SearchPropertyOptions {
  /** Generated cases per restriction. */
  runs: number;
  /** Per restriction, in milliseconds, for adapters that answer over the network. */
  timeout?: number;
  close?: (index: SearchIndex) => Promise<void>;
  /**
   * The adapter computes scores as the reference does, to the bit (the embedded index): pages must equal the
   * reference's, signals included. Otherwise (32-bit float scores) the signals must agree closely and the
   * order must follow them.
   */
  exact?: boolean;
}

/**
 * The adapter against `referenceSearch`, given the adapter's own BM25 scores of the free text: same ids,
 * scores and total, over every page, in the order of the fused signals, for generated records, filters
 * (must-haves and must-nots included), free text and query vectors; and the same facets and relaxations as
 * `referenceFacets` and `referenceRelax`.
 */
export const describeSearchPropertyContract = (
  adapterName: SearchIndex['adapter'],
  open: () => Promise<SearchIndex>,
  options: SearchPropertyOptions,
) => {
  describe(`SearchIndex properties: ${adapterName} against the reference semantics`, () => {
    let index: SearchIndex;
    beforeAll(async () => {
      index = await open();
    });
    afterAll(async () => {
      if (index) await options.close?.(index);
    });

    const agreesWithReference = async (
      history: { docs: SearchDocument[]; updates: SearchDocument[]; removed: string[] },
      query: SearchQuery,
    ) => {
      await index.clear();
      await index.upsert(history.docs);
      await index.upsert(history.updates);
      await index.remove(history.removed);
      const latest = new Map([...history.docs, ...history.updates].map((doc) => [doc.id, doc]));
      for (const id of history.removed) latest.delete(id);
      // BM25 is the adapter's own (analysers differ); everything else the reference computes itself.
      const everything = await index.search({ ...query, page: 1, pageSize: IDS.length });
      const textScores = new Map(
        everything.ids.map((id, at) => [id, everything.signals?.[at]?.text ?? 0] as const),
      );
      const expected = referenceSearch([...latest.values()], { ...query, pageSize: IDS.length }, textScores);
      const pages = Math.ceil(expected.total / query.pageSize) + 1;
      const seen: { ids: string[]; scores: number[]; signals: RankSignals[] } = {
        ids: [],
        scores: [],
        signals: [],
      };
      for (let page = 1; page <= pages; page++) {
        const result = await index.search({ ...query, page });
        expect(result.total).toBe(expected.total);
        expect(result.signals).toHaveLength(result.ids.length);
        seen.ids.push(...result.ids);
        seen.scores.push(...result.scores);
        seen.signals.push(...(result.signals ?? []));
      }
      const withFacets = await index.search({ ...query, page: 1, facets: true });
      expect(withFacets.facets).toEqual(referenceFacets([...latest.values()], query));
      expect(withFacets.relax).toEqual(
        expected.total === 0 ? referenceRelax([...latest.values()], query) : undefined,
      );
      if (options.exact) {
        expect(seen).toEqual({ ids: expected.ids, scores: expected.scores, signals: expected.signals });
        return;
      }
      const expectedAt = new Map(expected.ids.map((id, at) => [id, at]));
      expect([...seen.ids].sort()).toEqual([...expected.ids].sort());
      seen.ids.forEach((id, at) => {
        const reference = expectedAt.get(id) as number;
        expect(seen.scores[at]).toBe(expected.scores[reference]);
        const [own, theirs] = [seen.signals[at], expected.signals[reference]];
        expect(own.facet).toBeCloseTo(theirs.facet, 5);
        expect(own.fused).toBeCloseTo(theirs.fused, 5);
        expect(own.fresh).toBe(theirs.fresh);
        if (theirs.vector === undefined) expect(own.vector).toBeUndefined();
        else expect(own.vector).toBeCloseTo(theirs.vector, 5);
        expect(own.textTerms).toEqual(theirs.textTerms);
        if (at > 0) expect(own.fused).toBeLessThanOrEqual(seen.signals[at - 1].fused + 1e-6);
      });
    };

    for (const restriction of ['min_1_match', 'all_match'] as const) {
      it(
        `returns the reference's ranked pages under ${restriction}`,
        async () => {
          await fc.assert(
            fc.asyncProperty(historyArbitrary, queryArbitrary(restriction), agreesWithReference),
            { numRuns: options.runs },
          );
        },
        options.timeout,
      );
    }
  });
};
