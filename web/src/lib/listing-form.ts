import {
  AVAILABILITY_RANGE_MAX,
  COLLABORATION_MONTHS_MAX,
  DEFAULT_ROLE_SHARE,
  FORM_MESSAGES,
  ROLE_SHARE_TOTAL,
  type ToolExperience,
  WEEKLY_HOURS_MAX,
} from '@skillers/domain';
import type { z } from 'zod';
import { type FieldErrors, validateForm } from './form-errors';

/** The suggested collaboration lengths, in months. */
export const COLLAB_DURATION_OPTIONS = [1, 3, 6, 12, 18, 24, 36, 48, 60] as const;
/** The suggested weekly hours. */
export const WEEKLY_HOURS_OPTIONS = [3, 5, 10, 20, 40, 60, 80, 100] as const;

/** The availability range counts hours per week or per month; the values are the ones the API keeps. */
export const AVAILABILITY_UNITS = [
  { value: 'week', label: 'per week' },
  { value: 'Monthly', label: 'per month' },
] as const;

/** The tag lists projects and profiles share, each picked from an option list. */
export const TAG_LIST_FIELDS = [
  'projectType',
  'productType',
  'offeredGratification',
  'forGratification',
  'areaOfExpertise',
  'softSkills',
  'hardSkills',
  'usedLanguages',
  'locations',
] as const;
export type TagListField = (typeof TAG_LIST_FIELDS)[number];

/** What both forms hold for the fields projects and profiles share. Numbers stay text while typed. */
export type ListingFormValues = Record<TagListField, string[]> & {
  toolsExperience: ToolExperience[];
  description: string;
  workingTypeRemote: boolean;
  workingTypeOffice: boolean;
  bizRole: string;
  techRole: string;
  availability: string;
  availabilityFrom: string;
  availabilityTo: string;
  availabilityType: string;
};

/** The saved-form defaults (availability 10 to 15, monthly; a 50/50 role split). */
export const LISTING_FORM_DEFAULTS: ListingFormValues = {
  toolsExperience: [],
  projectType: [],
  productType: [],
  offeredGratification: [],
  forGratification: [],
  areaOfExpertise: [],
  softSkills: [],
  hardSkills: [],
  usedLanguages: [],
  locations: [],
  description: '',
  workingTypeRemote: false,
  workingTypeOffice: false,
  bizRole: String(DEFAULT_ROLE_SHARE),
  techRole: String(DEFAULT_ROLE_SHARE),
  availability: '',
  availabilityFrom: '10',
  availabilityTo: '15',
  availabilityType: 'Monthly',
};

/** A typed whole number held between 0 and `max`; empty stays empty and anything else is cleared. */
export const capWholeNumber = (typed: string, max: number): string => {
  const text = typed.trim();
  if (text === '') return '';
  const value = Number(text);
  if (!Number.isFinite(value)) return '';
  return String(Math.min(max, Math.max(0, Math.round(value))));
};

/** Typed durations above 60 months become 60. */
export const capCollabMonths = (typed: string) => capWholeNumber(typed, COLLABORATION_MONTHS_MAX);
/** Typed weekly hours above 100 become 100. */
export const capWeeklyHours = (typed: string) => capWholeNumber(typed, WEEKLY_HOURS_MAX);
/** The availability range may count a month's hours. */
export const capRangeHours = (typed: string) => capWholeNumber(typed, AVAILABILITY_RANGE_MAX);

/** An empty number box means 0, which is then left out of the request. */
export const emptyIsZero = (typed: string): number => (typed.trim() === '' ? 0 : Number(typed));

export type RoleSide = 'bizRole' | 'techRole';
export type RoleSplit = Record<RoleSide, string>;

/**
 * The business and tech shares always add up to 100. Typing one sets the other;
 * below 0 gives 0/100, above 100 gives 100/0, and something that is not a number clears both.
 */
export const splitRoles = (typed: string, side: RoleSide): RoleSplit => {
  const text = typed.trim();
  const value = Number(text);
  if (text === '' || !Number.isFinite(value)) return { bizRole: '', techRole: '' };
  const share = Math.min(ROLE_SHARE_TOTAL, Math.max(0, Math.round(value)));
  const other = String(ROLE_SHARE_TOTAL - share);
  return side === 'bizRole'
    ? { bizRole: String(share), techRole: other }
    : { bizRole: other, techRole: String(share) };
};

/** Cleared shares mean the 50/50 default when a project or profile is saved. */
export const roleSharesToSend = ({ bizRole, techRole }: RoleSplit): { bizRole: number; techRole: number } =>
  bizRole === '' || techRole === ''
    ? { bizRole: DEFAULT_ROLE_SHARE, techRole: DEFAULT_ROLE_SHARE }
    : { bizRole: Number(bizRole), techRole: Number(techRole) };

/** The shared part of a request body; the schema then drops what is empty. */
export const listingPayload = (values: ListingFormValues) => ({
  toolsExperience: values.toolsExperience,
  ...Object.fromEntries(TAG_LIST_FIELDS.map((field) => [field, values[field]])),
  description: values.description,
  workingTypeRemote: values.workingTypeRemote,
  workingTypeOffice: values.workingTypeOffice,
  ...roleSharesToSend(values),
  availability: emptyIsZero(values.availability),
  availabilityFrom: emptyIsZero(values.availabilityFrom),
  availabilityTo: emptyIsZero(values.availabilityTo),
  availabilityType: values.availabilityType,
});

/** A stored project or profile as the shared form values; what it lacks is left empty. */
export type ListingRecordFields = Partial<Record<TagListField, string[]>> & {
  toolsExperience?: ToolExperience[];
  description?: string;
  workingTypeRemote?: boolean;
  workingTypeOffice?: boolean;
  bizRole?: number;
  techRole?: number;
  availability?: number;
  availabilityFrom?: number;
  availabilityTo?: number;
  availabilityType?: string;
};

const numberText = (value: number | undefined) => (value === undefined ? '' : String(value));

/** The edit forms start from the record, including its availability range and unit. */
export const listingValuesFrom = (record: ListingRecordFields): ListingFormValues => ({
  ...LISTING_FORM_DEFAULTS,
  ...Object.fromEntries(TAG_LIST_FIELDS.map((field) => [field, [...(record[field] ?? [])]])),
  toolsExperience: (record.toolsExperience ?? []).map(({ tool, mep }) => ({ tool, mep })),
  description: record.description ?? '',
  workingTypeRemote: record.workingTypeRemote ?? false,
  workingTypeOffice: record.workingTypeOffice ?? false,
  bizRole: String(record.bizRole ?? DEFAULT_ROLE_SHARE),
  techRole: String(record.techRole ?? DEFAULT_ROLE_SHARE),
  availability: numberText(record.availability),
  availabilityFrom: numberText(record.availabilityFrom),
  availabilityTo: numberText(record.availabilityTo),
  availabilityType: record.availabilityType ?? LISTING_FORM_DEFAULTS.availabilityType,
});

/** Whether a form value counts as given: text with more than spaces, a list with an item, a true box. */
const isFilled = (value: unknown): boolean => {
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  return Boolean(value);
};

/** Whether any of `fields` is one the form insists on and is still empty: its section keeps the red x. */
export const missesRequired = (
  fields: readonly string[],
  required: ReadonlySet<string>,
  values: object,
): boolean =>
  fields.some((field) => required.has(field) && !isFilled((values as Record<string, unknown>)[field]));

export type ListingCheck<T> =
  { ok: true; data: T } | { ok: false; missingRequired: boolean; errors: FieldErrors };

/**
 * Checks a form against the shared schema. A missing required field is reported on its own, since
 * the spec answers it with the single alert "You need to fill required fields" and sends nothing.
 */
export const checkListing = <Schema extends z.ZodType>(
  schema: Schema,
  raw: unknown,
): ListingCheck<z.output<Schema>> => {
  const result = validateForm(schema, raw);
  if (result.ok) return result;
  const missingRequired = Object.values(result.errors).includes(FORM_MESSAGES.requiredFields);
  return { ok: false, missingRequired, errors: result.errors };
};

/** An option a picker offers: its label plus other spellings that find it (tool aliases). */
export interface Choice {
  label: string;
  keywords?: readonly string[];
}

/**
 * Options match a case-insensitive substring of what was typed, leaving out those
 * already picked. Exact and leading matches come first, so Enter picks what the reader meant
 * ("react" picks React, not Preact). With facet counts, the options that would find the most
 * records come next within each rank (an option without a count finds none), then A–Z.
 */
export const matchChoices = (
  choices: readonly Choice[],
  query: string,
  picked: readonly string[],
  counts?: Readonly<Record<string, number>>,
): Choice[] => {
  const needle = query.trim().toLowerCase();
  const taken = new Set(picked);
  const ranked: { choice: Choice; rank: number }[] = [];
  for (const choice of choices) {
    if (taken.has(choice.label)) continue;
    const label = choice.label.toLowerCase();
    let rank: number;
    if (needle === '' || label === needle) rank = 0;
    else if (label.startsWith(needle)) rank = 1;
    else if (label.includes(needle)) rank = 2;
    else if (choice.keywords?.some((keyword) => keyword.toLowerCase().includes(needle))) rank = 3;
    else continue;
    ranked.push({ choice, rank });
  }
  const countOf = (choice: Choice) => counts?.[choice.label] ?? 0;
  // Array sort is stable: without counts each rank keeps the order of the option list.
  return ranked
    .sort(
      (a, b) =>
        a.rank - b.rank ||
        (counts ? countOf(b.choice) - countOf(a.choice) || a.choice.label.localeCompare(b.choice.label) : 0),
    )
    .map(({ choice }) => choice);
};

/** Picking moves an option from All to Picked; an option is picked at most once. */
export const pickOption = (picked: readonly string[], option: string): string[] =>
  picked.includes(option) ? [...picked] : [...picked, option];

/** Clicking a picked option returns it to All. */
export const unpickOption = (picked: readonly string[], option: string): string[] =>
  picked.filter((item) => item !== option);
