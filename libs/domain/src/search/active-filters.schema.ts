import { z } from 'zod';
import { UNDERSTOOD_FILTERS, type UnderstoodFilter } from './understood-text';
import { ACTIVE_WITHIN_DAYS, MS_PER_DAY } from '../freshness';
import { LIST_PAGE_SIZE, MAX_PAGE } from '../pagination';
import { isPlainText, unsafeTextMessage } from '../validation/text';
import {
  COLLABORATION_MONTHS_MAX,
  ROLE_SHARE_TOTAL,
  TAG_MAX_LENGTH,
  TOOL_LEVEL_MAX,
  WEEKLY_HOURS_MAX,
} from '../validation/listing-fields';
import { WORKING_TYPES } from '../vocabularies/working-types';
import { SEARCH_TEXT_MAX_LENGTH } from './free-text';
import { setDeadlineDay, type SearchKind, type TagFacet } from './search-document';
import { OPTION_CLIENT_KEYS, OPTION_KEY_DIMENSIONS, type OptionClientKey } from './filter-keys';
import {
  FILTERING_RESTRICTIONS,
  type FilteringRestriction,
  type SearchFilter,
  type SearchQuery,
  type WorkingType,
} from './search-query';

const isWorkingType = (label: string): label is WorkingType =>
  (WORKING_TYPES as readonly string[]).includes(label);

/** Far more options than anyone picks in one filter; it bounds the work a single request can ask for. */
export const FILTER_OPTIONS_MAX = 100;

/** A tool picked without a level asks for at least this one (docs/web-app.md: "1 in filters"). */
export const DEFAULT_FILTER_TOOL_LEVEL = 1;

export const AVAILABILITY_FILTER_MODES = ['Up to', 'At least'] as const;

const option = z
  .string({ error: 'Each filter option must be text' })
  .trim()
  .min(1, 'Filter options cannot be empty')
  .max(TAG_MAX_LENGTH, `Each filter option must be at most ${TAG_MAX_LENGTH} characters`)
  .refine(isPlainText, unsafeTextMessage('A filter option'));

const optionList = z
  .array(option, { error: 'A filter must be a list of options' })
  .max(FILTER_OPTIONS_MAX, `A filter can have at most ${FILTER_OPTIONS_MAX} options`);

const toolPick = z.union(
  [
    option,
    z.strictObject({
      tool: option,
      mep: z
        .number({ error: 'Tool level must be a number' })
        .int('Tool level must be a whole number')
        .min(1, 'Tool level must be at least 1')
        .max(TOOL_LEVEL_MAX, `Tool level must be at most ${TOOL_LEVEL_MAX}`)
        .default(DEFAULT_FILTER_TOOL_LEVEL),
    }),
  ],
  { error: 'Each tool must be a name or an object with tool and mep' },
);

const workingTypeList = z
  .array(z.enum(WORKING_TYPES, { error: `Working type must be one of ${WORKING_TYPES.join(', ')}` }), {
    error: 'Working types must be a list',
  })
  .max(FILTER_OPTIONS_MAX);

/**
 * The `activeFilters` of both filtering calls: exactly the keys docs/api.md lists, each optional.
 * Where the spec leaves the shape open:
 * - `toolsExperience`: tool names, or `{ tool, mep }` asking for at least level `mep` (1-5, default 1).
 * - `requiredAvailability`: `{ hours, mode }`, weekly hours 0-100 compared "Up to" or "At least";
 *   0 hours is no filter.
 * - `projectDeadline`: a whole number of months (1-60) asks for at least that collaboration duration; a
 *   date (YYYY-MM-DD) asks for a deadline on or after it. Skiller profiles carry a duration and projects
 *   a deadline, so each form filters the kind that has it; 0 or a date on or before 1970-01-01 is no filter.
 * - `bizOrTech`: the asked business share, 0-100; 0 is no filter.
 * - `offeredWorkingType` and `offeredWorkingTypeActiveOptions`: lists of Remote/Office, merged.
 * - `productType` and `product_type`: two names for one filter, merged.
 * - `requiredAreaOfExpertise`: the industry filter.
 * - `activeWithinDays`: 7, 30 or 90 keeps records whose owner was active within that many days; 0 is any.
 * - `openOnly`: true keeps records open to collaborate (freshness.ts); false is no filter.
 * Labels are checked against the vocabularies by the API (`withKnownFilterOptions`), which keeps the
 * option lists out of the web app's bundles.
 */
export const activeFiltersSchema = z.strictObject({
  toolsExperience: z
    .array(toolPick, { error: 'Tools must be a list' })
    .max(FILTER_OPTIONS_MAX, `A filter can have at most ${FILTER_OPTIONS_MAX} options`)
    .optional(),
  projectType: optionList.optional(),
  offeredGratification: optionList.optional(),
  forGratification: optionList.optional(),
  softSkills: optionList.optional(),
  requiredAreaOfExpertise: optionList.optional(),
  projectDeadline: z
    .union([z.number().int().min(0).max(COLLABORATION_MONTHS_MAX), z.iso.date()], {
      error: `Deadline must be a number of months from 0 to ${COLLABORATION_MONTHS_MAX} or a date such as 2030-01-31`,
    })
    .optional(),
  hardSkills: optionList.optional(),
  offeredWorkingType: workingTypeList.optional(),
  offeredWorkingTypeActiveOptions: workingTypeList.optional(),
  usedLanguages: optionList.optional(),
  locations: optionList.optional(),
  bizOrTech: z
    .number({ error: 'Business share must be a number' })
    .int('Business share must be a whole number')
    .min(0, 'Business share cannot be negative')
    .max(ROLE_SHARE_TOTAL, `Business share must be at most ${ROLE_SHARE_TOTAL}`)
    .optional(),
  productType: optionList.optional(),
  product_type: optionList.optional(),
  requiredAvailability: z
    .strictObject(
      {
        hours: z
          .number({ error: 'Hours must be a number' })
          .int('Hours must be a whole number')
          .min(0, 'Hours cannot be negative')
          .max(WEEKLY_HOURS_MAX, `Hours must be at most ${WEEKLY_HOURS_MAX}`),
        mode: z.enum(AVAILABILITY_FILTER_MODES, { error: 'Mode must be "Up to" or "At least"' }),
      },
      { error: 'Availability must be an object with hours and mode' },
    )
    .optional(),
  activeWithinDays: z
    .union([z.literal(0), ...ACTIVE_WITHIN_DAYS.map((days) => z.literal(days))], {
      error: `Active within must be 0 (any) or ${ACTIVE_WITHIN_DAYS.join(', ')} days`,
    })
    .optional(),
  openOnly: z.boolean({ error: 'Open only must be true or false' }).optional(),
});

export type ActiveFilters = z.output<typeof activeFiltersSchema>;

/** Per option filter (client key), a capped list of labels. */
const optionListsByFilter = (error: string) =>
  z.strictObject(
    Object.fromEntries(OPTION_CLIENT_KEYS.map((key) => [key, optionList.optional()])) as Record<
      OptionClientKey,
      z.ZodOptional<typeof optionList>
    >,
    { error },
  );

/**
 * `mustHave`: per option filter (client key), picked labels that must all be present; the filter's other
 * picks only rank. Each label must be among that filter's picks (a tool by name).
 */
export const mustHaveSchema = optionListsByFilter(
  'Must-have options must be an object of option lists by filter',
);

/**
 * `mustNot`: per option filter (client key), labels no result may carry, whatever the restriction. A label
 * cannot be both picked (or a must-have) and a must-not.
 */
export const mustNotSchema = optionListsByFilter(
  'Must-not options must be an object of option lists by filter',
);

/** The picked labels of one option filter under any of its names, a tool by its name. */
const picksOf = (filters: ActiveFilters, key: OptionClientKey): string[] =>
  OPTION_CLIENT_KEYS.filter((other) => OPTION_KEY_DIMENSIONS[other] === OPTION_KEY_DIMENSIONS[key]).flatMap(
    (other) =>
      other === 'toolsExperience'
        ? (filters.toolsExperience ?? []).map((pick) => (typeof pick === 'string' ? pick : pick.tool))
        : (filters[other] ?? []),
  );

/** Each must-have label must be among its filter's picks; shared by every body that carries both. */
export const checkMustHaves = (
  { activeFilters, mustHave }: { activeFilters: ActiveFilters; mustHave?: z.output<typeof mustHaveSchema> },
  context: z.RefinementCtx,
): void => {
  // Most bodies carry none: no picks are gathered for them.
  if (!mustHave) return;
  for (const key of OPTION_CLIENT_KEYS) {
    if (!mustHave[key]?.length) continue;
    const picks = new Set(picksOf(activeFilters, key));
    for (const label of mustHave[key]) {
      if (!picks.has(label)) {
        context.addIssue({
          code: 'custom',
          path: ['mustHave', key],
          message: `Must-have "${label}" is not among the picked options of ${key}`,
        });
      }
    }
  }
};

/** No must-not label may be among its filter's picks (must-haves are picks too). */
export const checkMustNots = (
  { activeFilters, mustNot }: { activeFilters: ActiveFilters; mustNot?: z.output<typeof mustNotSchema> },
  context: z.RefinementCtx,
): void => {
  if (!mustNot) return;
  for (const key of OPTION_CLIENT_KEYS) {
    if (!mustNot[key]?.length) continue;
    const picks = new Set(picksOf(activeFilters, key));
    for (const label of mustNot[key]) {
      if (picks.has(label)) {
        context.addIssue({
          code: 'custom',
          path: ['mustNot', key],
          message: `"${label}" cannot be both picked and a must-not in ${key}`,
        });
      }
    }
  }
};

/** Labels per understood filter: the ones the user removed from what the server understood, or stored ones. */
export const understoodLabelsSchema = z.strictObject(
  Object.fromEntries(UNDERSTOOD_FILTERS.map((filter) => [filter, optionList.optional()])) as Record<
    UnderstoodFilter,
    z.ZodOptional<typeof optionList>
  >,
);

/** Body of POST /project/traditional_filtering_all and POST /teammate/traditional_filtering. */
export const filteringRequestSchema = z
  .strictObject({
    activeFilters: activeFiltersSchema,
    mustHave: mustHaveSchema.optional(),
    mustNot: mustNotSchema.optional(),
    facets: z.boolean({ error: 'Facets must be true or false' }).optional(),
    filtering_restriction: z
      .enum(FILTERING_RESTRICTIONS, { error: 'Restriction must be min_1_match or all_match' })
      .default('min_1_match'),
    page: z
      .number({ error: 'Page must be a number' })
      .int('Page must be a whole number')
      .min(1, 'Page must be at least 1')
      .max(MAX_PAGE, `Page must be at most ${MAX_PAGE}`)
      .default(1),
    /** Labels the user removed from what the server understood of the text; they no longer rank. */
    dismissed: understoodLabelsSchema.optional(),
    /** Free text from the filter panel's search box or the home search: it ranks the matches, never narrows them. */
    text: z
      .string({ error: 'Search text must be text' })
      .trim()
      .max(SEARCH_TEXT_MAX_LENGTH, `Search text must be at most ${SEARCH_TEXT_MAX_LENGTH} characters`)
      .refine(isPlainText, unsafeTextMessage('Search text'))
      .optional(),
  })
  .superRefine(checkMustHaves)
  .superRefine(checkMustNots);

export type FilteringRequest = z.output<typeof filteringRequestSchema>;

/** Per-filter option lists in index terms: tags (tools by name) and working types; aliases are merged. */
const byDimension = (
  lists: FilteringRequest['mustHave'],
): { tags?: Partial<Record<TagFacet, string[]>>; workingTypes?: WorkingType[] } => {
  const tags: Partial<Record<TagFacet, string[]>> = {};
  const workingTypes: WorkingType[] = [];
  for (const key of OPTION_CLIENT_KEYS) {
    const labels = lists?.[key] ?? [];
    if (labels.length === 0) continue;
    const dimension = OPTION_KEY_DIMENSIONS[key];
    if (dimension === 'workingType') workingTypes.push(...labels.filter(isWorkingType));
    else tags[dimension] = merged(tags[dimension], labels);
  }
  return {
    ...(Object.keys(tags).length > 0 && { tags }),
    ...(workingTypes.length > 0 && { workingTypes: merged(workingTypes) }),
  };
};

/** The must-have options of a request in index terms; aliases of one filter are merged. */
export const toMustHave = (
  mustHave: FilteringRequest['mustHave'],
): Pick<SearchFilter, 'mustHave' | 'mustHaveWorkingTypes'> => {
  const { tags, workingTypes } = byDimension(mustHave);
  return { ...(tags && { mustHave: tags }), ...(workingTypes && { mustHaveWorkingTypes: workingTypes }) };
};

/** The must-not options of a request in index terms; aliases of one filter are merged. */
export const toMustNot = (
  mustNot: FilteringRequest['mustNot'],
): Pick<SearchFilter, 'mustNot' | 'mustNotWorkingTypes'> => {
  const { tags, workingTypes } = byDimension(mustNot);
  return { ...(tags && { mustNot: tags }), ...(workingTypes && { mustNotWorkingTypes: workingTypes }) };
};

/** The lists' options in order, each once; called per filter of every search, so without a list in between. */
const merged = <T extends string>(...lists: (readonly T[] | undefined)[]): T[] => {
  const options = new Set<T>();
  for (const list of lists) if (list) for (const option of list) options.add(option);
  return options.size === 0 ? [] : [...options];
};

/** A tool picked twice asks for the higher of its levels. */
const toolLevels = (picks: ActiveFilters['toolsExperience']): Record<string, number> => {
  const levels = new Map<string, number>();
  for (const pick of picks ?? []) {
    const { tool, mep } = typeof pick === 'string' ? { tool: pick, mep: DEFAULT_FILTER_TOOL_LEVEL } : pick;
    levels.set(tool, Math.max(mep, levels.get(tool) ?? 0));
  }
  // fromEntries defines own properties, so a tool named like an Object.prototype member stays data.
  return Object.fromEntries(levels);
};

/**
 * Maps validated `activeFilters` to the search query; empty lists and zero values are left out. `now` is
 * the moment "Active within" and "Open only" are measured from.
 */
export const toActiveQuery = (
  kind: SearchKind,
  filters: ActiveFilters,
  restriction: FilteringRestriction,
  page: number,
  now: Date = new Date(),
): SearchQuery => {
  const lists: Record<Exclude<TagFacet, 'tools'>, string[]> = {
    projectType: merged(filters.projectType),
    productType: merged(filters.productType, filters.product_type),
    offeredGratification: merged(filters.offeredGratification),
    forGratification: merged(filters.forGratification),
    softSkills: merged(filters.softSkills),
    hardSkills: merged(filters.hardSkills),
    industry: merged(filters.requiredAreaOfExpertise),
    usedLanguages: merged(filters.usedLanguages),
    locations: merged(filters.locations),
  };
  const query: SearchQuery = {
    kind,
    restriction,
    tags: {},
    page,
    pageSize: LIST_PAGE_SIZE,
  };
  for (const [facet, options] of Object.entries(lists))
    if (options.length > 0) query.tags[facet as TagFacet] = options;
  const minToolLevels = toolLevels(filters.toolsExperience);
  if (Object.keys(minToolLevels).length > 0) query.minToolLevels = minToolLevels;
  const workingTypes = merged(filters.offeredWorkingType, filters.offeredWorkingTypeActiveOptions);
  if (workingTypes.length > 0) query.workingTypes = workingTypes;
  const availability = filters.requiredAvailability;
  if (availability && availability.hours > 0) {
    query.availability = {
      mode: availability.mode === 'Up to' ? 'upTo' : 'atLeast',
      hours: availability.hours,
    };
  }
  const deadline = filters.projectDeadline;
  if (typeof deadline === 'number' && deadline > 0) query.durationMonths = deadline;
  if (typeof deadline === 'string' && setDeadlineDay(deadline) !== undefined) query.deadline = deadline;
  if (filters.bizOrTech) query.bizRole = filters.bizOrTech;
  return { ...query, ...freshnessAt(filters, now) };
};

/** "Active within" and "Open only" as the times they mean at `now`; absent when not picked. */
export const freshnessAt = (
  filters: Pick<ActiveFilters, 'activeWithinDays' | 'openOnly'>,
  now: Date,
): Pick<SearchQuery, 'activeSince' | 'openAt'> => ({
  ...(filters.activeWithinDays
    ? { activeSince: new Date(now.getTime() - filters.activeWithinDays * MS_PER_DAY).toISOString() }
    : {}),
  ...(filters.openOnly ? { openAt: now.toISOString() } : {}),
});
