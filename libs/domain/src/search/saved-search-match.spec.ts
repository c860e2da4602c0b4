import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compileSavedSearch,
  documentStems,
  holdsAtom,
  matchesEverything,
  type SavedSearchCriteria,
  savedSearchConditions,
} from './saved-search-match';
import { compileFilter, compileMatch } from './reference-filter';
import { testDocument } from './search-document.testing';
import type { UnderstoodText } from './understood-text';

const doc = testDocument;

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

  // "pyhton data person in berlin, not full stack", as understood.
  const understood = {
    labels: { toolsExperience: ['Python'], locations: ['Germany'] },
    not: { hardSkills: ['Full Stack Developer'] },
    places: ['berlin'],
    words: ['python', 'data', 'person', 'berlin'],
  };
  const pythonInBerlin = search({ text: 'pyhton data person in berlin, not full stack', understood });

  it('meets an understood text by its fixed words, or by one understood label of every filter', () => {
    const match = compileSavedSearch(pythonInBerlin);
    expect(match(doc({ text: 'A Python person for data work in Berlin' }))).toBe(true);
    expect(match(doc({ toolLevels: { Python: 1 }, tags: { locations: ['Germany'] } }))).toBe(true);
    expect(match(doc({ toolLevels: { Python: 3 }, tags: { locations: ['Austria'] } }))).toBe(false);
    expect(match(doc({ text: 'A Python person in Berlin' }))).toBe(false);
  });

  it('never matches a record carrying a label the text rules out', () => {
    const match = compileSavedSearch(pythonInBerlin);
    const fullStack = { hardSkills: ['Full Stack Developer'], locations: ['Germany'] };
    expect(match(doc({ toolLevels: { Python: 4 }, tags: fullStack }))).toBe(false);
    expect(match(doc({ tags: fullStack, text: 'A Python person for data work in Berlin' }))).toBe(false);
    expect(savedSearchConditions(pythonInBerlin).exact).toBe(false);
  });

  it('matches a search saved before it was understood by its own words', () => {
    const match = compileSavedSearch(search({ text: 'pyhton developer' }));
    expect(match(doc({ text: 'pyhton developer' }))).toBe(true);
    expect(match(doc({ toolLevels: { Python: 4 }, text: 'Python developer' }))).toBe(false);
  });

  it('knows a search that would match everything', () => {
    expect(matchesEverything(search())).toBe(true);
    expect(matchesEverything(search({ text: 'the and of' }))).toBe(true);
    expect(matchesEverything(search({ filters: { locations: [] }, text: '  ' }))).toBe(true);
    expect(matchesEverything(search({ text: 'drones' }))).toBe(false);
    expect(matchesEverything(search({ filters: { bizOrTech: 40 } }))).toBe(false);
    const nothingUnderstood = { labels: {}, not: {}, places: [], words: [] };
    expect(matchesEverything(search({ text: 'the', understood: nothingUnderstood }))).toBe(true);
    const notFullStack = { ...nothingUnderstood, not: { hardSkills: ['Full Stack Developer'] } };
    expect(matchesEverything(search({ text: 'not full stack', understood: notFullStack }))).toBe(false);
  });

  it('lists the condition sets a matching record holds one of each', () => {
    expect(
      savedSearchConditions(search({ filters: { locations: ['Spain', 'Italy'] }, restriction: 'all_match' })),
    ).toEqual({
      sets: [
        [{ type: 'tag', facet: 'locations', option: 'Spain' }],
        [{ type: 'tag', facet: 'locations', option: 'Italy' }],
      ],
      exact: true,
    });
    const { sets, exact } = savedSearchConditions(
      search({
        filters: { locations: ['Spain', 'Italy'], toolsExperience: [{ tool: 'Go', mep: 3 }] },
        mustHave: { locations: ['Italy'] },
        text: 'the drones',
      }),
    );
    expect(sets).toEqual(
      expect.arrayContaining([
        [{ type: 'tag', facet: 'locations', option: 'Italy' }],
        [
          { type: 'tag', facet: 'locations', option: 'Spain' },
          { type: 'tag', facet: 'locations', option: 'Italy' },
        ],
        [{ type: 'tool', tool: 'Go', level: 3 }],
        [{ type: 'word', stem: 'drone' }],
      ]),
    );
    expect(exact).toBe(true);
    expect(savedSearchConditions(search({ filters: { bizOrTech: 40 } }))).toEqual({ sets: [], exact: false });
    // Every fixed word, or a label of each understood filter: one set per word and filter.
    const python = savedSearchConditions(
      search({
        text: 'pyhton in berlin',
        understood: { ...understood, not: {}, words: ['python', 'berlin'] },
      }),
    );
    expect(python).toEqual({
      sets: [
        [
          { type: 'word', stem: 'python' },
          { type: 'tag', facet: 'locations', option: 'Germany' },
        ],
        [
          { type: 'word', stem: 'python' },
          { type: 'tool', tool: 'Python', level: 1 },
        ],
        [
          { type: 'word', stem: 'berlin' },
          { type: 'tag', facet: 'locations', option: 'Germany' },
        ],
        [
          { type: 'word', stem: 'berlin' },
          { type: 'tool', tool: 'Python', level: 1 },
        ],
      ],
      exact: true,
    });
  });

  it('leaves a record carrying a must-not out, so its conditions are not exact', () => {
    const wanted = search({ filters: { locations: ['Italy'] }, mustNot: { softSkills: ['Shouting'] } });
    const match = compileSavedSearch(wanted);
    expect(match(doc({ tags: { locations: ['Italy'] } }))).toBe(true);
    expect(match(doc({ tags: { locations: ['Italy'], softSkills: ['Shouting'] } }))).toBe(false);
    expect(savedSearchConditions(wanted).exact).toBe(false);
    // A must-not alone is no search: it would match nearly everything.
    expect(matchesEverything(search({ mustNot: { softSkills: ['Shouting'] } }))).toBe(true);
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
      toolLevel: fc.integer({ min: 1, max: 5 }),
      remote: fc.boolean(),
      mustHaveLocation: fc.boolean(),
      mustHaveTool: fc.constantFrom(undefined, 'A', 'B'),
      mustHaveRemote: fc.boolean(),
      mustNotSkill: fc.constantFrom(undefined, 'A', 'C'),
      text: fc.constantFrom('', 'drone', 'react farming'),
      understood: fc.constantFrom<UnderstoodText | undefined>(
        undefined,
        { labels: { locations: ['A'] }, not: {}, places: [], words: ['drones'] },
        {
          labels: { locations: ['B'], toolsExperience: ['C'] },
          not: {},
          places: [],
          words: ['react', 'farming'],
        },
        { labels: { softSkills: ['A'] }, not: { locations: ['C'] }, places: [], words: ['drones'] },
      ),
      bizOrTech: fc.constantFrom(0, 30),
      restriction: fc.constantFrom('min_1_match' as const, 'all_match' as const),
    })
    .map((parts) =>
      search({
        filters: {
          locations: parts.locations,
          softSkills: parts.softSkills,
          toolsExperience: parts.tools.map((tool) => ({ tool, mep: parts.toolLevel })),
          offeredWorkingType: parts.remote ? ['Remote'] : [],
          bizOrTech: parts.bizOrTech,
        },
        mustHave: {
          ...(parts.mustHaveLocation && parts.locations.length > 0
            ? { locations: [parts.locations[0]] }
            : {}),
          ...(parts.mustHaveTool && parts.tools.includes(parts.mustHaveTool)
            ? { toolsExperience: [parts.mustHaveTool] }
            : {}),
          ...(parts.mustHaveRemote && parts.remote ? { offeredWorkingType: ['Remote'] } : {}),
        },
        ...(parts.mustNotSkill &&
          !parts.softSkills.includes(parts.mustNotSkill) && {
            mustNot: { softSkills: [parts.mustNotSkill] },
          }),
        restriction: parts.restriction,
        text: parts.text,
        understood: parts.understood,
      }),
    );

  it('says a record matches by its condition sets, and exactly so when the search calls them exact', () => {
    fc.assert(
      fc.property(arbitraryDoc, arbitrarySearch, (record, saved) => {
        const stems = documentStems(record);
        const { sets, exact } = savedSearchConditions(saved);
        const holdsEverySet = sets.every((set) => set.some((atom) => holdsAtom(record, stems, atom)));
        const matches = compileSavedSearch(saved)(record);
        if (matches) expect(holdsEverySet).toBe(true);
        if (exact) expect(holdsEverySet).toBe(matches);
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
          mustNot: fc.uniqueArray(label, { maxLength: 1 }),
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
            mustNot: { tools: wanted.mustNot },
            ...(wanted.bizRole !== undefined && { bizRole: wanted.bizRole }),
          };
          expect(compileMatch(filter)(document)).toBe(compileFilter(filter)(document).matched);
        },
      ),
      { numRuns: 3000 },
    );
  });
});
