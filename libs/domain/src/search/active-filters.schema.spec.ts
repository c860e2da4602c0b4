import { describe, expect, it } from 'vitest';
import { LIST_PAGE_SIZE } from '../pagination';
import {
  type ActiveFilters,
  activeFiltersSchema,
  filteringRequestSchema,
  toActiveQuery,
  toMustHave,
  toMustNot,
} from './active-filters.schema';

const everyKey = {
  toolsExperience: ['Docker', { tool: 'React', mep: 3 }, { tool: 'Vue' }],
  projectType: ['Start Up'],
  offeredGratification: ['Salary'],
  forGratification: ['Milestone'],
  softSkills: ['Empathy'],
  requiredAreaOfExpertise: ['Banking'],
  projectDeadline: 6,
  hardSkills: ['Data Scientist'],
  offeredWorkingType: ['Remote'],
  offeredWorkingTypeActiveOptions: ['Office'],
  usedLanguages: ['Polish'],
  locations: ['Poland'],
  bizOrTech: 60,
  productType: ['Web Application'],
  product_type: ['Mobile Application'],
  requiredAvailability: { hours: 20, mode: 'At least' },
};

const parse = (value: unknown) => activeFiltersSchema.safeParse(value);

describe('activeFiltersSchema', () => {
  it('accepts every key of the spec at once', () => {
    const parsed = parse(everyKey);
    expect(parsed.success).toBe(true);
    expect(Object.keys(parsed.data ?? {}).sort()).toEqual(Object.keys(everyKey).sort());
  });

  it('accepts an empty object and a date deadline', () => {
    expect(parse({}).success).toBe(true);
    expect(parse({ projectDeadline: '2030-01-31' }).success).toBe(true);
  });

  it('fills in the default tool level of 1 and trims options', () => {
    expect(parse({ toolsExperience: [{ tool: ' Vue ' }], locations: [' Spain '] }).data).toEqual({
      toolsExperience: [{ tool: 'Vue', mep: 1 }],
      locations: ['Spain'],
    });
  });

  it('rejects unknown keys, naming them', () => {
    const parsed = parse({ ...everyKey, industry: ['Banking'] });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({ code: 'unrecognized_keys', keys: ['industry'] });
  });

  it.each([
    ['a list as an operator object', { projectType: { $in: ['Start Up'] } }],
    ['a number as an operator object', { bizOrTech: { $gt: 0 } }],
    ['an extra key in the availability', { requiredAvailability: { hours: 10, mode: 'Up to', $where: '1' } }],
    ['an extra key in a tool', { toolsExperience: [{ tool: 'React', mep: 2, $ne: 1 }] }],
    ['an option that is not text', { locations: [{ $regex: '.*' }] }],
  ])('rejects %s', (_name, value) => {
    expect(parse(value).success).toBe(false);
  });

  it.each([
    ['a single option instead of a list', { projectType: 'Start Up' }],
    ['an empty option', { softSkills: [''] }],
    ['an option of 101 characters', { softSkills: ['x'.repeat(101)] }],
    ['more than 100 options', { locations: Array.from({ length: 101 }, (_, i) => `Place ${i}`) }],
    ['a tool level of 0', { toolsExperience: [{ tool: 'React', mep: 0 }] }],
    ['a tool level of 6', { toolsExperience: [{ tool: 'React', mep: 6 }] }],
    ['a fractional tool level', { toolsExperience: [{ tool: 'React', mep: 2.5 }] }],
    ['a tool without a name', { toolsExperience: [{ mep: 2 }] }],
    ['a business share as text', { bizOrTech: '50' }],
    ['a business share over 100', { bizOrTech: 101 }],
    ['a negative business share', { bizOrTech: -1 }],
    ['a duration over 60 months', { projectDeadline: 61 }],
    ['a fractional duration', { projectDeadline: 1.5 }],
    ['an impossible date', { projectDeadline: '2030-02-30' }],
    ['a deadline that is not a date', { projectDeadline: 'next week' }],
    ['an unknown working type', { offeredWorkingType: ['Hybrid'] }],
    ['a working type in lower case', { offeredWorkingTypeActiveOptions: ['remote'] }],
    ['more than 100 weekly hours', { requiredAvailability: { hours: 101, mode: 'Up to' } }],
    ['an unknown availability mode', { requiredAvailability: { hours: 10, mode: 'up to' } }],
    ['availability without a mode', { requiredAvailability: { hours: 10 } }],
    ['availability as a number', { requiredAvailability: 10 }],
    ['null for a list', { usedLanguages: null }],
  ])('rejects %s', (_name, value) => {
    expect(parse(value).success).toBe(false);
  });
});

describe('filteringRequestSchema', () => {
  it('defaults to min_1_match on page 1', () => {
    expect(filteringRequestSchema.parse({ activeFilters: {} })).toEqual({
      activeFilters: {},
      filtering_restriction: 'min_1_match',
      page: 1,
    });
    expect(
      filteringRequestSchema.parse({ activeFilters: {}, filtering_restriction: 'all_match', page: 3 }),
    ).toMatchObject({ filtering_restriction: 'all_match', page: 3 });
  });

  it('takes free text, trimmed, up to 500 characters', () => {
    expect(filteringRequestSchema.parse({ activeFilters: {}, text: '  rust compilers ' })).toMatchObject({
      text: 'rust compilers',
    });
    expect(filteringRequestSchema.parse({ activeFilters: {} }).text).toBeUndefined();
    const long = filteringRequestSchema.safeParse({ activeFilters: {}, text: 'x'.repeat(501) });
    expect(long.success).toBe(false);
    expect(long.error?.issues[0].message).toBe('Search text must be at most 500 characters');
  });

  it.each([
    ['no activeFilters', {}],
    ['text that is not text', { activeFilters: {}, text: ['rust'] }],
    ['an unknown restriction', { activeFilters: {}, filtering_restriction: 'any' }],
    ['a page of 0', { activeFilters: {}, page: 0 }],
    ['a page as text', { activeFilters: {}, page: '2' }],
    ['an unknown key', { activeFilters: {}, sort: 'newest' }],
    ['an unknown filter key', { activeFilters: { nickname: ['Ada'] } }],
    ['facets as text', { activeFilters: {}, facets: 'yes' }],
    ['an unknown must-have key', { activeFilters: {}, mustHave: { nickname: ['Ada'] } }],
    ['must-haves as a list', { activeFilters: {}, mustHave: ['Iceland'] }],
    ['an unknown must-not key', { activeFilters: {}, mustNot: { nickname: ['Ada'] } }],
    ['must-nots as a list', { activeFilters: {}, mustNot: ['Iceland'] }],
    [
      'too many must-nots',
      { activeFilters: {}, mustNot: { locations: Array.from({ length: 101 }, (_, n) => `L${n}`) } },
    ],
  ])('rejects %s', (_name, body) => {
    expect(filteringRequestSchema.safeParse(body).success).toBe(false);
  });

  it('accepts must-haves among the picks, tools by name, and facets', () => {
    const body = {
      activeFilters: { locations: ['Iceland', 'Norway'], toolsExperience: [{ tool: 'Rust', mep: 3 }, 'Go'] },
      mustHave: { locations: ['Iceland'], toolsExperience: ['Rust', 'Go'] },
      facets: true,
    };
    expect(filteringRequestSchema.parse(body)).toMatchObject({ mustHave: body.mustHave, facets: true });
  });

  it("rejects a must-have that is not among its filter's picks, naming it", () => {
    const result = filteringRequestSchema.safeParse({
      activeFilters: { locations: ['Norway'], product_type: ['Web Application'] },
      mustHave: { locations: ['Iceland'], productType: ['Web Application'] },
    });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({
        path: ['mustHave', 'locations'],
        message: 'Must-have "Iceland" is not among the picked options of locations',
      }),
    ]);
    // The two names of one filter share their picks.
    expect(result.error?.issues).toHaveLength(1);
  });
});

describe('must-nots', () => {
  it('accepts must-nots outside the picks', () => {
    const body = {
      activeFilters: { hardSkills: ['Frontend Developer'] },
      mustNot: { hardSkills: ['Full Stack Developer'], offeredWorkingType: ['Office'] },
    };
    expect(filteringRequestSchema.parse(body)).toMatchObject({ mustNot: body.mustNot });
  });

  it('rejects a label both picked (or a must-have) and a must-not, under either name of a filter', () => {
    const result = filteringRequestSchema.safeParse({
      activeFilters: { product_type: ['Web Application'], toolsExperience: [{ tool: 'Rust', mep: 2 }] },
      mustHave: { toolsExperience: ['Rust'] },
      mustNot: { productType: ['Web Application'], toolsExperience: ['Rust'] },
    });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({
        path: ['mustNot', 'toolsExperience'],
        message: '"Rust" cannot be both picked and a must-not in toolsExperience',
      }),
      expect.objectContaining({
        path: ['mustNot', 'productType'],
        message: '"Web Application" cannot be both picked and a must-not in productType',
      }),
    ]);
  });

  it('maps to the index filters like must-haves', () => {
    expect(
      toMustNot({
        product_type: ['Mobile Application'],
        toolsExperience: ['Rust'],
        offeredWorkingType: ['Office'],
      }),
    ).toEqual({
      mustNot: { productType: ['Mobile Application'], tools: ['Rust'] },
      mustNotWorkingTypes: ['Office'],
    });
    expect(toMustNot(undefined)).toEqual({});
  });
});

describe('toMustHave', () => {
  it('maps client keys to the index filters, merging the two names of one filter', () => {
    expect(
      toMustHave({
        requiredAreaOfExpertise: ['Banking'],
        productType: ['Web Application'],
        product_type: ['Mobile Application'],
        toolsExperience: ['Rust'],
        offeredWorkingTypeActiveOptions: ['Remote'],
      }),
    ).toEqual({
      mustHave: {
        industry: ['Banking'],
        productType: ['Web Application', 'Mobile Application'],
        tools: ['Rust'],
      },
      mustHaveWorkingTypes: ['Remote'],
    });
    expect(toMustHave(undefined)).toEqual({});
  });
});

describe('toActiveQuery', () => {
  const filters = (value: unknown): ActiveFilters => activeFiltersSchema.parse(value);

  it('maps every key to the query', () => {
    expect(toActiveQuery('teammate', filters(everyKey), 'all_match', 2)).toEqual({
      kind: 'teammate',
      restriction: 'all_match',
      page: 2,
      pageSize: LIST_PAGE_SIZE,
      tags: {
        projectType: ['Start Up'],
        productType: ['Web Application', 'Mobile Application'],
        offeredGratification: ['Salary'],
        forGratification: ['Milestone'],
        softSkills: ['Empathy'],
        hardSkills: ['Data Scientist'],
        industry: ['Banking'],
        usedLanguages: ['Polish'],
        locations: ['Poland'],
      },
      minToolLevels: { Docker: 1, React: 3, Vue: 1 },
      workingTypes: ['Remote', 'Office'],
      availability: { mode: 'atLeast', hours: 20 },
      durationMonths: 6,
      bizRole: 60,
    });
  });

  it('leaves out empty lists and zero values', () => {
    const empty = filters({
      projectType: [],
      toolsExperience: [],
      offeredWorkingType: [],
      bizOrTech: 0,
      projectDeadline: 0,
      requiredAvailability: { hours: 0, mode: 'Up to' },
    });
    expect(toActiveQuery('project', empty, 'min_1_match', 1)).toEqual({
      kind: 'project',
      restriction: 'min_1_match',
      tags: {},
      page: 1,
      pageSize: LIST_PAGE_SIZE,
    });
  });

  it('takes a date deadline as a deadline and ignores one on or before 1970-01-01', () => {
    expect(
      toActiveQuery('project', filters({ projectDeadline: '2030-01-31' }), 'min_1_match', 1).deadline,
    ).toBe('2030-01-31');
    const unset = toActiveQuery('project', filters({ projectDeadline: '1970-01-01' }), 'min_1_match', 1);
    expect(unset).not.toHaveProperty('deadline');
    expect(unset).not.toHaveProperty('durationMonths');
  });

  it('merges repeated options and keeps the higher level of a tool picked twice', () => {
    const query = toActiveQuery(
      'teammate',
      filters({
        toolsExperience: [{ tool: 'React', mep: 4 }, 'React', { tool: 'Go', mep: 2 }, { tool: 'Go', mep: 5 }],
        productType: ['Game'],
        product_type: ['Game'],
        offeredWorkingType: ['Remote'],
        offeredWorkingTypeActiveOptions: ['Remote'],
      }),
      'min_1_match',
      1,
    );
    expect(query.minToolLevels).toEqual({ React: 4, Go: 5 });
    expect(query.tags.productType).toEqual(['Game']);
    expect(query.workingTypes).toEqual(['Remote']);
  });

  it('keeps a tool named like an object built-in as plain data', () => {
    const query = toActiveQuery('teammate', filters({ toolsExperience: ['__proto__'] }), 'min_1_match', 1);
    expect(Object.keys(query.minToolLevels ?? {})).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(query.minToolLevels)).toBe(Object.prototype);
  });
});

describe('freshness filters', () => {
  const now = new Date('2026-03-01T12:00:00.000Z');

  it('turns "Active within" days and "Open only" into moments measured from now', () => {
    const filters = activeFiltersSchema.parse({ activeWithinDays: 7, openOnly: true });
    const query = toActiveQuery('teammate', filters, 'min_1_match', 1, now);
    expect(query.activeSince).toBe('2026-02-22T12:00:00.000Z');
    expect(query.openAt).toBe('2026-03-01T12:00:00.000Z');
  });

  it('treats 0 days and false as no filter', () => {
    const query = toActiveQuery(
      'project',
      activeFiltersSchema.parse({ activeWithinDays: 0, openOnly: false }),
      'min_1_match',
      1,
      now,
    );
    expect(query.activeSince).toBeUndefined();
    expect(query.openAt).toBeUndefined();
  });

  it('refuses other day counts and non-boolean "Open only" with a message', () => {
    const days = parse({ activeWithinDays: 14 });
    expect(days.success).toBe(false);
    expect(days.error?.issues[0].message).toBe('Active within must be 0 (any) or 7, 30, 90 days');
    const open = parse({ openOnly: 'yes' });
    expect(open.success).toBe(false);
    expect(open.error?.issues[0].message).toBe('Open only must be true or false');
  });
});
