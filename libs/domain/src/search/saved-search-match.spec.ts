import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compileSavedSearch,
  documentKeys,
  matchesEverything,
  type SavedSearchCriteria,
  savedSearchAnchors,
  savedSearchAnchorSets,
} from './saved-search-match';
import { compileFilter, compileMatch } from './reference-filter';
import { type SearchDocument, TAG_FACETS, type TagFacet } from './search-document';

const emptyTags = () =>
  Object.fromEntries(TAG_FACETS.map((facet) => [facet, []])) as unknown as Record<TagFacet, string[]>;

const doc = (
  overrides: Partial<Omit<SearchDocument, 'tags'>> & { tags?: Partial<Record<TagFacet, string[]>> } = {},
): SearchDocument => ({
  id: 'a'.repeat(24),
  kind: 'teammate',
  ownerId: 'f'.repeat(24),
  createdAt: '2026-01-01T00:00:00.000Z',
  text: 'Backend developer',
  toolLevels: {},
  numbers: {},
  workingTypeRemote: false,
  workingTypeOffice: false,
  ...overrides,
  tags: { ...emptyTags(), ...overrides.tags },
});

const search = (overrides: Partial<SavedSearchCriteria> = {}): SavedSearchCriteria => ({
  kind: 'teammate',
  filters: {},
  restriction: 'min_1_match',
  ...overrides,
});

describe('saved search matching', () => {
  it('applies the filtering rules and the kind', () => {
    const wanted = search({
      filters: { locations: ['Spain', 'Italy'], toolsExperience: [{ tool: 'React', mep: 3 }] },
    });
    const match = compileSavedSearch(wanted);
    expect(match(doc({ tags: { locations: ['Italy'] }, toolLevels: { React: 4 } }))).toBe(true);
    expect(match(doc({ tags: { locations: ['Italy'] }, toolLevels: { React: 2 } }))).toBe(false);
    expect(match(doc({ tags: { locations: ['France'] }, toolLevels: { React: 4 } }))).toBe(false);
    expect(match(doc({ kind: 'project', tags: { locations: ['Italy'] }, toolLevels: { React: 4 } }))).toBe(
      false,
    );
  });

  it('asks every word of the free text (stop words aside) to be in the record, by word or stem', () => {
    const match = compileSavedSearch(search({ text: 'Looking for farmers with drones' }));
    expect(match(doc({ text: 'A farmer who flies a drone' }))).toBe(true);
    expect(match(doc({ text: 'A farmer on foot' }))).toBe(false);
  });

  it('knows a search that would match everything', () => {
    expect(matchesEverything(search())).toBe(true);
    expect(matchesEverything(search({ text: 'the and of' }))).toBe(true);
    expect(matchesEverything(search({ filters: { locations: [] }, text: '  ' }))).toBe(true);
    expect(matchesEverything(search({ text: 'drones' }))).toBe(false);
    expect(matchesEverything(search({ filters: { bizOrTech: 40 } }))).toBe(false);
  });

  it('anchors a search on its most selective required key or group', () => {
    expect(
      savedSearchAnchors(search({ filters: { locations: ['Spain', 'Italy'] }, restriction: 'all_match' })),
    ).toEqual(['teammate|tag|locations|Spain']);
    // A country list narrows more than a word or a language, and a tool more than a country.
    expect(
      savedSearchAnchors(
        search({ filters: { locations: ['Spain', 'Italy'], usedLanguages: ['German'] }, text: 'drones' }),
      ),
    ).toEqual(['teammate|tag|locations|Spain', 'teammate|tag|locations|Italy']);
    expect(
      savedSearchAnchors(search({ filters: { locations: ['Spain'], toolsExperience: ['Go', 'Rust'] } })),
    ).toEqual(['teammate|tool|Go', 'teammate|tool|Rust']);
    // A word beats the short lists most records draw on.
    expect(
      savedSearchAnchors(search({ filters: { offeredWorkingType: ['Remote'] }, text: 'drones' })),
    ).toEqual(['teammate|word|drone']);
    expect(
      savedSearchAnchors(
        search({
          filters: { projectType: ['Start Up'], locations: ['Spain', 'Italy'] },
          mustHave: { locations: ['Italy'] },
        }),
      ),
    ).toEqual(['teammate|tag|locations|Italy']);
    expect(savedSearchAnchors(search({ filters: { bizOrTech: 40 } }))).toEqual([]);
  });

  it('adds a second anchor from another long option list only', () => {
    expect(
      savedSearchAnchorSets(search({ filters: { toolsExperience: ['Go'], locations: ['Spain', 'Italy'] } })),
    ).toEqual([['teammate|tool|Go'], ['teammate|tag|locations|Spain', 'teammate|tag|locations|Italy']]);
    expect(
      savedSearchAnchorSets(search({ filters: { toolsExperience: ['Go'], projectType: ['Start Up'] } })),
    ).toEqual([['teammate|tool|Go']]);
    expect(savedSearchAnchorSets(search({ filters: { bizOrTech: 40 } }))).toEqual([]);
  });

  const labels = fc.constantFrom('A', 'B', 'C');
  const arbitraryDoc = fc
    .record({
      locations: fc.uniqueArray(labels),
      softSkills: fc.uniqueArray(labels),
      tools: fc.dictionary(labels, fc.integer({ min: 0, max: 5 })),
      remote: fc.boolean(),
      words: fc.uniqueArray(fc.constantFrom('drones', 'farming', 'react')),
      bizRole: fc.option(fc.integer({ min: 0, max: 100 }), { nil: undefined }),
    })
    .map((parts) =>
      doc({
        tags: { locations: parts.locations, softSkills: parts.softSkills },
        toolLevels: parts.tools,
        workingTypeRemote: parts.remote,
        text: parts.words.join(' '),
        numbers: parts.bizRole === undefined ? {} : { bizRole: parts.bizRole },
      }),
    );
  const arbitrarySearch = fc
    .record({
      locations: fc.uniqueArray(labels),
      softSkills: fc.uniqueArray(labels),
      tools: fc.uniqueArray(labels),
      remote: fc.boolean(),
      mustHaveLocation: fc.boolean(),
      text: fc.constantFrom('', 'drone', 'react farming'),
      bizOrTech: fc.constantFrom(0, 30),
      restriction: fc.constantFrom('min_1_match' as const, 'all_match' as const),
    })
    .map((parts) =>
      search({
        filters: {
          locations: parts.locations,
          softSkills: parts.softSkills,
          toolsExperience: parts.tools,
          offeredWorkingType: parts.remote ? ['Remote'] : [],
          bizOrTech: parts.bizOrTech,
        },
        mustHave:
          parts.mustHaveLocation && parts.locations.length > 0
            ? { locations: [parts.locations[0]] }
            : undefined,
        restriction: parts.restriction,
        text: parts.text,
      }),
    );

  it('never anchors a search away from a record it matches', () => {
    fc.assert(
      fc.property(arbitraryDoc, arbitrarySearch, (record, saved) => {
        if (!compileSavedSearch(saved)(record)) return;
        const keys = new Set(documentKeys(record));
        for (const anchor of [savedSearchAnchors(saved), ...savedSearchAnchorSets(saved)]) {
          expect(anchor.length === 0 || anchor.some((key) => keys.has(key))).toBe(true);
        }
      }),
      { numRuns: 3000 },
    );
  });
});

describe('compileMatch', () => {
  it('agrees with compileFilter on whether a record matches', () => {
    const label = fc.constantFrom('A', 'B', 'C');
    fc.assert(
      fc.property(
        fc.record({
          locations: fc.uniqueArray(label),
          tools: fc.dictionary(label, fc.integer({ min: 0, max: 5 })),
          remote: fc.boolean(),
          bizRole: fc.option(fc.integer({ min: 0, max: 100 }), { nil: undefined }),
          kind: fc.constantFrom('project' as const, 'teammate' as const),
        }),
        fc.record({
          locations: fc.uniqueArray(label),
          tools: fc.dictionary(label, fc.integer({ min: 1, max: 5 })),
          remote: fc.boolean(),
          mustHave: fc.uniqueArray(label, { maxLength: 1 }),
          bizRole: fc.constantFrom(undefined, 30, 70),
          restriction: fc.constantFrom('min_1_match' as const, 'all_match' as const),
          kind: fc.constantFrom(undefined, 'project' as const, 'teammate' as const),
        }),
        (record, wanted) => {
          const document = doc({
            kind: record.kind,
            tags: { locations: record.locations },
            toolLevels: record.tools,
            workingTypeRemote: record.remote,
            numbers: record.bizRole === undefined ? {} : { bizRole: record.bizRole },
          });
          const filter = {
            kind: wanted.kind,
            restriction: wanted.restriction,
            tags: { locations: wanted.locations },
            minToolLevels: wanted.tools,
            workingTypes: wanted.remote ? (['Remote'] as const).slice() : [],
            mustHave: { locations: wanted.mustHave },
            ...(wanted.bizRole !== undefined && { bizRole: wanted.bizRole }),
          };
          expect(compileMatch(filter)(document)).toBe(compileFilter(filter)(document).matched);
        },
      ),
      { numRuns: 3000 },
    );
  });
});
