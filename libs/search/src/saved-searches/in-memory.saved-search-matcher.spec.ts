import { compileSavedSearch, type SearchDocument, type UnderstoodText } from '@skillers/domain';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { searchDocument } from '../search-index.contract';
import { InMemorySavedSearchMatcher } from './in-memory.saved-search-matcher';
import { describeSavedSearchMatcherContract, savedSearch } from './saved-search-matcher.contract';
import type { MatchableSearch } from './saved-search-matcher.port';

describeSavedSearchMatcherContract('in memory', () => Promise.resolve(new InMemorySavedSearchMatcher()));

const label = fc.constantFrom('A', 'B', 'C', 'D');
const owner = fc.constantFrom('a'.repeat(24), 'b'.repeat(24));
const kind = fc.constantFrom('project' as const, 'teammate' as const);

const arbitrarySearch: fc.Arbitrary<MatchableSearch> = fc
  .record({
    ownerId: owner,
    kind,
    locations: fc.uniqueArray(label, { maxLength: 3 }),
    tools: fc.uniqueArray(label, { maxLength: 2 }),
    toolLevel: fc.integer({ min: 1, max: 4 }),
    remote: fc.boolean(),
    mustHave: fc.constantFrom(undefined, 'A', 'B'),
    text: fc.constantFrom(undefined, 'drones', 'farming drones'),
    understood: fc.constantFrom<UnderstoodText | undefined>(
      undefined,
      { labels: { locations: ['A'], toolsExperience: ['B'] }, not: {}, places: [], words: ['drones'] },
      { labels: { locations: ['C'] }, not: { locations: ['D'] }, places: [], words: ['farming', 'drones'] },
    ),
    bizOrTech: fc.constantFrom(0, 50),
    restriction: fc.constantFrom('min_1_match' as const, 'all_match' as const),
  })
  .map((parts) =>
    savedSearch({
      ownerId: parts.ownerId,
      kind: parts.kind,
      filters: {
        locations: parts.locations,
        toolsExperience: parts.tools.map((tool) => ({ tool, mep: parts.toolLevel })),
        offeredWorkingType: parts.remote ? ['Remote'] : [],
        bizOrTech: parts.bizOrTech,
      },
      mustHave: {
        ...(parts.mustHave && parts.locations.includes(parts.mustHave)
          ? { locations: [parts.mustHave] }
          : {}),
        ...(parts.mustHave && parts.tools.includes(parts.mustHave)
          ? { toolsExperience: [parts.mustHave] }
          : {}),
      },
      restriction: parts.restriction,
      text: parts.text,
      understood: parts.understood,
    }),
  );

const arbitraryDoc: fc.Arbitrary<SearchDocument> = fc
  .record({
    ownerId: owner,
    kind,
    locations: fc.uniqueArray(label, { maxLength: 3 }),
    tools: fc.dictionary(label, fc.integer({ min: 0, max: 5 })),
    remote: fc.boolean(),
    text: fc.constantFrom('', 'drones', 'farming with a drone', 'farmers'),
    bizRole: fc.integer({ min: 0, max: 100 }),
  })
  .map((parts) =>
    searchDocument({
      ownerId: parts.ownerId,
      kind: parts.kind,
      tags: { locations: parts.locations },
      toolLevels: parts.tools,
      workingTypeRemote: parts.remote,
      text: parts.text,
      numbers: { bizRole: parts.bizRole },
    }),
  );

describe('in-memory saved-search matcher', () => {
  it('finds exactly the searches a scan with the reference predicate finds', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(arbitrarySearch, { maxLength: 40 }),
        fc.array(arbitraryDoc, { minLength: 1, maxLength: 10 }),
        fc.integer({ min: 0, max: 39 }),
        async (searches, docs, removeAt) => {
          const matcher = new InMemorySavedSearchMatcher();
          for (const search of searches) await matcher.put(search);
          const removed = searches[removeAt]?._id;
          if (removed) await matcher.remove(removed);
          for (const doc of docs) {
            const expected = searches
              .filter((s) => s._id !== removed && s.ownerId !== doc.ownerId && compileSavedSearch(s)(doc))
              .map((s) => s._id)
              .sort();
            expect((await matcher.match(doc)).map((m) => m.searchId).sort()).toEqual(expected);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('replaces a search put again under its id', async () => {
    const matcher = new InMemorySavedSearchMatcher();
    const search = savedSearch({ filters: { locations: ['Spain'] } });
    await matcher.put(search);
    await matcher.put({ ...search, filters: { locations: ['Italy'] } });
    expect(matcher.size).toBe(1);
    expect(await matcher.match(searchDocument({ tags: { locations: ['Spain'] } }))).toEqual([]);
    expect(await matcher.match(searchDocument({ tags: { locations: ['Italy'] } }))).toHaveLength(1);
  });

  it('reuses the slots of removed searches and grows past them', async () => {
    const matcher = new InMemorySavedSearchMatcher();
    const inSpain = (n: number) =>
      savedSearch({ _id: String(n).padStart(24, '0'), filters: { locations: ['Spain'] } });
    for (let n = 0; n < 100; n++) await matcher.put(inSpain(n));
    for (let n = 0; n < 100; n += 2) await matcher.remove(inSpain(n)._id);
    for (let n = 100; n < 200; n++) await matcher.put(inSpain(n));
    const found = (await matcher.match(searchDocument({ tags: { locations: ['Spain'] } }))).map(
      (m) => m.searchId,
    );
    expect(found.sort()).toEqual(
      Array.from({ length: 200 }, (_, n) => n)
        .filter((n) => n >= 100 || n % 2 === 1)
        .map((n) => inSpain(n)._id)
        .sort(),
    );
    expect(await matcher.match(searchDocument({ tags: { locations: ['Italy'] } }))).toEqual([]);
  });

  describe('freshness filters', () => {
    afterEach(() => vi.useRealTimers());
    const DAY_MS = 86_400_000;

    it('measures "Active within" and "Open only" when a record is matched, not when the search was put', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const savedAt = Date.parse('2026-11-01T12:00:00.000Z');
      vi.setSystemTime(savedAt);
      const matcher = new InMemorySavedSearchMatcher();
      const active = savedSearch({ filters: { locations: ['Spain'], activeWithinDays: 7 } });
      const open = savedSearch({ filters: { locations: ['Spain'], openOnly: true } });
      await matcher.put(active);
      await matcher.put(open);
      const doc = searchDocument({
        tags: { locations: ['Spain'] },
        lastActiveAt: new Date(savedAt - DAY_MS).toISOString(),
        openUntil: new Date(savedAt + 3 * DAY_MS).toISOString(),
      });
      const found = async () => (await matcher.match(doc)).map((match) => match.searchId).sort();
      expect(await found()).toEqual([active._id, open._id].sort());
      // Ten days on, the record was last active eleven days ago and closed a week ago.
      vi.setSystemTime(savedAt + 10 * DAY_MS);
      expect(await found()).toEqual([]);
    });
  });
});
