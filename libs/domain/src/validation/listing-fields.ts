import { z } from 'zod';
import { isPlainText, unsafeTextMessage } from './text';
import type { VocabularyKey } from '../vocabularies';
import { FORM_MESSAGES } from '../messages';
import { LISTING_MESSAGES } from '../listing-messages';

export const LISTING_NAME_MAX_LENGTH = 120;
export const LISTING_SHORT_TEXT_MAX_LENGTH = 120;
/** The specification sets no limit on descriptions; this only stops abuse. */
export const DESCRIPTION_MAX_LENGTH = 20_000;
export const SECTOR_DETAILS_MAX_LENGTH = 2_000;
export const TAG_MAX_LENGTH = 100;
export const TAGS_PER_LIST_MAX = 50;
export const TOOL_LEVEL_MAX = 5;
export const WEEKLY_HOURS_MAX = 100;
/** The availability range the edit forms keep may be counted per month: at most the hours in 31 days. */
export const AVAILABILITY_RANGE_MAX = 744;
export const COLLABORATION_MONTHS_MAX = 60;
export const ROLE_SHARE_TOTAL = 100;
export const DEFAULT_ROLE_SHARE = 50;

/** A missing value gets the form's single required-fields alert; a value of the wrong type names the field. */
const missingOr = (typeMessage: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? FORM_MESSAGES.requiredFields : typeMessage;

export const textField = (label: string, max: number) =>
  z
    .string({ error: missingOr(`${label} must be text`) })
    .trim()
    .min(1, FORM_MESSAGES.requiredFields)
    .max(max, `${label} must be at most ${max} characters`)
    .refine(isPlainText, unsafeTextMessage(label));

export const flagField = (label: string) => z.boolean({ error: missingOr(`${label} must be true or false`) });

const wholeNumber = (label: string, max: number, unit: string) =>
  z
    .number({ error: missingOr(`${label} must be a number`) })
    .int(`${label} must be a whole number`)
    .min(0, `${label} cannot be negative`)
    .max(max, `${label} must be at most ${max} ${unit}`);

export const weeklyHoursField = (label: string) => wholeNumber(label, WEEKLY_HOURS_MAX, 'hours per week');
export const availabilityRangeField = (label: string) => wholeNumber(label, AVAILABILITY_RANGE_MAX, 'hours');
export const collaborationMonthsField = (label: string) =>
  wholeNumber(label, COLLABORATION_MONTHS_MAX, 'months');
export const roleShareField = (label: string) => wholeNumber(label, ROLE_SHARE_TOTAL, 'percent');

/** Dates on or before 1970-01-01 are how the deadline picker says "no date". */
const FIRST_SET_DATE_MS = Date.UTC(1970, 0, 2);

/** A calendar date or a full ISO-8601 date-time; stored as a UTC ISO string, or unset when too early. */
export const dateField = (label: string) =>
  z
    .union([z.iso.date(), z.iso.datetime({ offset: true })], {
      error: missingOr(`${label} must be a date such as 2030-01-31`),
    })
    .transform((value) => {
      const time = Date.parse(value);
      return time < FIRST_SET_DATE_MS ? undefined : new Date(time).toISOString();
    });

const tag = (label: string) =>
  z
    .string({ error: `Each ${label} entry must be text` })
    .trim()
    .min(1, `${label} entries cannot be empty`)
    .max(TAG_MAX_LENGTH, `Each ${label} entry must be at most ${TAG_MAX_LENGTH} characters`)
    .refine(isPlainText, unsafeTextMessage(`${label} entries`));

const unique = (values: string[]) => [...new Set(values)];

/** A list of tags, duplicates removed. A vocabulary check for one list goes on its entry in TAG_FIELDS. */
export const tagList = (label: string) =>
  z
    .array(tag(label), { error: missingOr(`${label} must be a list`) })
    .max(TAGS_PER_LIST_MAX, `${label} can have at most ${TAGS_PER_LIST_MAX} entries`)
    .transform(unique);

/** Some views send one value where others send a list; it is always stored as a list. */
const singleOrList = <Schema extends z.ZodType>(list: Schema) =>
  z.preprocess((value) => (typeof value === 'string' ? [value] : value), list);

interface TagListInfo {
  /** How messages name the list. */
  label: string;
  /** The option list its entries come from; none for free-text lists. */
  vocabulary?: VocabularyKey;
}

/**
 * Every tag list of projects and skiller profiles: its name in messages and its option list. Only keys are
 * named here, so the web app can read the table without bundling the lists; the API checks entries against
 * the lists themselves.
 */
export const TAG_LISTS = {
  toolsExperience: { label: 'Tools', vocabulary: 'tool' },
  projectType: { label: 'Project type', vocabulary: 'projectType' },
  productType: { label: 'Product type', vocabulary: 'productType' },
  offeredGratification: { label: 'Reward', vocabulary: 'reward' },
  forGratification: { label: 'Compensation basis', vocabulary: 'compensationBasis' },
  softSkills: { label: 'Soft skills', vocabulary: 'softSkill' },
  hardSkills: { label: 'Target roles', vocabulary: 'role' },
  areaOfExpertise: { label: 'Industry', vocabulary: 'industry' },
  usedLanguages: { label: 'Language', vocabulary: 'language' },
  locations: { label: 'Location', vocabulary: 'country' },
  // A base location may be a city: the specification names no option list for it.
  baseLocation: { label: 'Base location' },
  personalAssets: { label: 'Personal assets' },
  speakingLanguagesRequired: { label: 'Required languages', vocabulary: 'language' },
} as const satisfies Record<string, TagListInfo>;

export type TagListField = keyof typeof TAG_LISTS;

/** One schema per tag list, shared by projects and skiller profiles. */
export const TAG_FIELDS = {
  projectType: singleOrList(tagList(TAG_LISTS.projectType.label)),
  productType: tagList(TAG_LISTS.productType.label),
  offeredGratification: tagList(TAG_LISTS.offeredGratification.label),
  forGratification: tagList(TAG_LISTS.forGratification.label),
  softSkills: tagList(TAG_LISTS.softSkills.label),
  hardSkills: tagList(TAG_LISTS.hardSkills.label),
  areaOfExpertise: tagList(TAG_LISTS.areaOfExpertise.label),
  usedLanguages: tagList(TAG_LISTS.usedLanguages.label),
  locations: tagList(TAG_LISTS.locations.label),
  baseLocation: tagList(TAG_LISTS.baseLocation.label),
  personalAssets: tagList(TAG_LISTS.personalAssets.label),
  speakingLanguagesRequired: tagList(TAG_LISTS.speakingLanguagesRequired.label),
};

const toolEntry = z.preprocess(
  (value) => (typeof value === 'string' ? { tool: value } : value),
  z.strictObject(
    {
      tool: tag('Tools'),
      mep: z
        .number({ error: 'Tool level must be a number' })
        .int('Tool level must be a whole number')
        .min(0, 'Tool level cannot be negative')
        .max(TOOL_LEVEL_MAX, `Tool level must be at most ${TOOL_LEVEL_MAX}`)
        .default(0),
    },
    { error: 'Each tool must be a name or an object with tool and mep' },
  ),
);

/** Tools with their level; a bare name means level 0. A tool listed twice keeps its first level. */
export const toolsExperienceField = z
  .array(toolEntry, { error: missingOr('Tools must be a list') })
  .max(TAGS_PER_LIST_MAX, `Tools can have at most ${TAGS_PER_LIST_MAX} entries`)
  .transform((entries) => {
    const seen = new Set<string>();
    return entries.filter((entry) => !seen.has(entry.tool) && Boolean(seen.add(entry.tool)));
  });

export const hoursRangeField = (label: string) =>
  z
    .strictObject(
      { from: weeklyHoursField(`${label} from`).optional(), to: weeklyHoursField(`${label} to`).optional() },
      { error: `${label} must be an object with from and to` },
    )
    .refine((range) => range.from === undefined || range.to === undefined || range.from <= range.to, {
      message: `${label} must start before it ends`,
      path: ['to'],
    });

const isEmpty = (value: unknown): boolean =>
  value === undefined ||
  value === null ||
  value === false ||
  value === 0 ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const withoutEmptyMembers = (value: Record<string, unknown>, members: readonly string[]) =>
  Object.fromEntries(
    Object.entries(value).filter(([key, member]) => !(members.includes(key) && isEmpty(member))),
  );

export interface EmptyFieldRules {
  /** The schema's own fields: only these are dropped, so an unknown field is still reported. */
  fields: readonly string[];
  /** Fields where 0 is a real choice (a 0 % business share), not an empty value. */
  keepZero?: readonly string[];
  /** Object fields, with their own members: empty members are dropped, and the field when none is left. */
  nested?: Readonly<Record<string, readonly string[]>>;
}

/**
 * The forms drop empty and falsy fields before sending; the server does the same, so an empty
 * value never differs from a missing one. Any other object (`{"$gt": ""}`) is left for the schema
 * to refuse.
 */
export const dropEmptyFields =
  ({ fields, keepZero = [], nested = {} }: EmptyFieldRules) =>
  (input: unknown): unknown => {
    if (!isPlainObject(input)) return input;
    const kept: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(input)) {
      if (!fields.includes(key) || (value === 0 && keepZero.includes(key))) {
        kept[key] = value;
      } else if (nested[key] && isPlainObject(value)) {
        const members = withoutEmptyMembers(value, nested[key]);
        if (Object.keys(members).length > 0) kept[key] = members;
      } else if (!isEmpty(value)) {
        kept[key] = value;
      }
    }
    return kept;
  };

export interface RoleShares {
  bizRole?: number;
  techRole?: number;
}

/** Checks that two given shares add up to 100; the schema's final step fills in what is missing. */
export const checkRoleShares = (value: RoleShares, ctx: z.RefinementCtx) => {
  const { bizRole, techRole } = value;
  if (bizRole !== undefined && techRole !== undefined && bizRole + techRole !== ROLE_SHARE_TOTAL) {
    ctx.addIssue({ code: 'custom', message: LISTING_MESSAGES.rolesMustAddUp, path: ['techRole'] });
  }
};

/** One share alone implies the other; neither means an even split. */
export const completeRoleShares = <T extends RoleShares>(
  value: T,
): T & { bizRole: number; techRole: number } => {
  const bizRole =
    value.bizRole ?? (value.techRole !== undefined ? ROLE_SHARE_TOTAL - value.techRole : DEFAULT_ROLE_SHARE);
  return { ...value, bizRole, techRole: ROLE_SHARE_TOTAL - bizRole };
};

/** Checks that a pair of optional numbers or ISO dates is in order, reporting on the second one. */
export const checkOrder =
  (fromKey: string, toKey: string, message: string) =>
  (value: Record<string, unknown>, ctx: z.RefinementCtx) => {
    const from = value[fromKey];
    const to = value[toKey];
    const comparable =
      (typeof from === 'number' && typeof to === 'number') ||
      (typeof from === 'string' && typeof to === 'string');
    if (comparable && from > to) ctx.addIssue({ code: 'custom', message, path: [toKey] });
  };

/** Transforms can leave a field undefined (a 1970 date); stored records simply lack it. */
export const withoutUndefined = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T;

type Shape = Record<string, z.ZodType>;

/**
 * The shape with the required fields first, so a missing one is always the first issue reported
 * and the answer's message is the required-fields alert. The other fields become optional.
 */
export const requiredFirst = <S extends Shape, K extends keyof S & string>(
  shape: S,
  required: readonly K[],
) => {
  const ordered: Shape = {};
  for (const key of required) ordered[key] = shape[key];
  for (const [key, schema] of Object.entries(shape)) {
    if (!required.includes(key as K)) ordered[key] = schema.optional();
  }
  return ordered as { [P in K]: S[P] } & { [P in Exclude<keyof S, K>]: z.ZodOptional<S[P]> };
};

/** The tag fields both listings lead with (the spec's required sections), in form order. */
export const LISTING_CORE_TAG_FIELDS = {
  toolsExperience: toolsExperienceField,
  projectType: TAG_FIELDS.projectType,
  productType: TAG_FIELDS.productType,
  offeredGratification: TAG_FIELDS.offeredGratification,
  forGratification: TAG_FIELDS.forGratification,
};

/** Skills, places, working type and the business/tech split, shared by projects and profiles. */
export const LISTING_PROFILE_FIELDS = {
  softSkills: TAG_FIELDS.softSkills,
  hardSkills: TAG_FIELDS.hardSkills,
  areaOfExpertise: TAG_FIELDS.areaOfExpertise,
  usedLanguages: TAG_FIELDS.usedLanguages,
  locations: TAG_FIELDS.locations,
  workingTypeRemote: flagField('Remote'),
  workingTypeOffice: flagField('Office'),
  bizRole: roleShareField('Business role'),
  techRole: roleShareField('Tech role'),
};

/** The availability range the edit screens read back. */
export const LISTING_AVAILABILITY_RANGE_FIELDS = {
  availabilityFrom: availabilityRangeField('Availability from'),
  availabilityTo: availabilityRangeField('Availability to'),
  availabilityType: textField('Availability type', LISTING_SHORT_TEXT_MAX_LENGTH),
};
