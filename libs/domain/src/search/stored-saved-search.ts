/**
 * Reading a stored saved search: every row is moved to the current shape, its labels to the current
 * vocabularies, and then parsed with the rules that guard the create, so a row that went bad (a restore, a
 * bug, a change of rules) is found before anything matches with it rather than crashing or matching all.
 */
import { z } from 'zod';
import { FILTER_VOCABULARY } from './filter-keys';
import {
  SAVED_SEARCH_MESSAGES,
  SAVED_SEARCH_SCHEMA_VERSION,
  type SavedSearchNeedingAttention,
  type SavedSearchRecord,
} from '../saved-search';
import { fieldIssues } from '../validation/issues';
import { findOption, isKnownOption, LABEL_RENAMES } from '../vocabularies';
import type { VocabularyKey } from '../vocabularies/vocabulary-keys';
import {
  activeFiltersSchema,
  checkMustHaves,
  checkMustNots,
  mustHaveSchema,
  mustNotSchema,
  understoodLabelsSchema,
} from './active-filters.schema';
import type { ClientFilterKey } from './filter-keys';
import { savedSearchNameSchema } from './saved-search.schema';
import { matchesEverything } from './saved-search-match';
import { SEARCH_KINDS } from './search-document';
import { FILTERING_RESTRICTIONS } from './search-query';
import { sortRequestSchema } from './similarity.schema';

type StoredRow = Record<string, unknown>;

/**
 * From each older version, the step to the next. Version 1: rows written before versions were stored,
 * which have the fields of version 2. Version 3 added `mustNot` and `understood`, which older rows lack (an
 * older reader would drop a must-not and match more), so they read as they are: without `understood` a text
 * search matches its own words until the API's backfill understands it.
 */
export const SAVED_SEARCH_MIGRATIONS: Readonly<Record<number, (row: StoredRow) => StoredRow>> = {
  1: (row) => ({ ...row, schemaVersion: 2 }),
  2: (row) => ({ ...row, schemaVersion: 3 }),
};

/** The current label of a stored one: itself, its new name after a rename, or undefined once removed. */
export type CurrentLabel = (vocabulary: VocabularyKey, label: string) => string | undefined;

/** The vocabularies as they are now: a renamed label is found by its old name, in any case or spelling. */
export const currentLabel: CurrentLabel = (vocabulary, label) =>
  isKnownOption(vocabulary, label)
    ? label
    : (LABEL_RENAMES[vocabulary]?.[label] ?? findOption(vocabulary, label));

/** The vocabulary of each option filter's labels. */
const LABEL_VOCABULARY: Partial<Record<ClientFilterKey, VocabularyKey>> = {
  ...FILTER_VOCABULARY,
  product_type: 'productType',
  offeredWorkingTypeActiveOptions: 'workingType',
};

const storedWords = z.array(z.string({ error: 'Each understood word must be text' }), {
  error: 'Understood words must be a list',
});

/** What was understood of the text, as stored. */
const understoodTextSchema = z.strictObject(
  {
    labels: understoodLabelsSchema,
    not: understoodLabelsSchema,
    places: storedWords,
    words: storedWords,
  },
  { error: 'Understood must be an object' },
);

const storedSavedSearchSchema = z
  .object({
    _id: z.string({ error: 'Its id must be text' }).min(1, 'It has no id'),
    ownerId: z.string({ error: 'It has no owner' }).min(1, 'It has no owner'),
    schemaVersion: z.literal(SAVED_SEARCH_SCHEMA_VERSION),
    kind: z.enum(SEARCH_KINDS, { error: 'Kind must be project or teammate' }),
    name: savedSearchNameSchema,
    filters: activeFiltersSchema,
    text: sortRequestSchema.shape.text,
    understood: understoodTextSchema.optional(),
    mustHave: mustHaveSchema.optional(),
    mustNot: mustNotSchema.optional(),
    restriction: z.enum(FILTERING_RESTRICTIONS, { error: 'Restriction must be min_1_match or all_match' }),
    alerts: z.boolean({ error: 'Alerts must be true or false' }),
    lastViewedAt: z.iso.datetime({ error: 'Last viewed must be a date and time' }),
    createdAt: z.iso.datetime({ error: 'Created must be a date and time' }),
    updatedAt: z.iso.datetime({ error: 'Updated must be a date and time' }),
  })
  .superRefine(({ filters, mustHave, mustNot }, context) => {
    checkMustHaves({ activeFilters: filters, mustHave }, context);
    checkMustNots({ activeFilters: filters, mustNot }, context);
  });

export type StoredSavedSearchReading =
  { ok: true; search: SavedSearchRecord; notes: string[] } | { ok: false; problem: string };

const isRow = (value: unknown): value is StoredRow =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The row at the current version, or why it cannot get there. */
const migrated = (row: StoredRow): StoredRow | string => {
  let version: unknown = row.schemaVersion ?? 1;
  let current = row;
  while (version !== SAVED_SEARCH_SCHEMA_VERSION) {
    const step = typeof version === 'number' ? SAVED_SEARCH_MIGRATIONS[version] : undefined;
    if (!step) return `It was stored in a shape this version cannot read (version ${String(version)})`;
    current = step(current);
    version = current.schemaVersion;
  }
  return current;
};

/**
 * The row with every option label moved to the current vocabularies (renamed ones mapped, removed ones
 * left out), and a note for each change. Values that are not label lists are left for the parse to judge.
 */
const relabelled = (row: StoredRow, labelNow: CurrentLabel): { row: StoredRow; notes: string[] } => {
  const notes = new Set<string>();
  const relabel = (key: string, picks: unknown): unknown => {
    const vocabulary = LABEL_VOCABULARY[key as ClientFilterKey];
    if (!vocabulary || !Array.isArray(picks)) return picks;
    const kept: unknown[] = [];
    for (const pick of picks) {
      const label = typeof pick === 'string' ? pick : isRow(pick) ? pick.tool : undefined;
      const now = typeof label === 'string' ? labelNow(vocabulary, label) : label;
      if (now === label) kept.push(pick);
      else if (now === undefined) notes.add(`"${String(label)}" is no longer offered and was left out`);
      else {
        notes.add(`"${String(label)}" is now called "${now}"`);
        kept.push(typeof pick === 'string' ? now : { ...(pick as StoredRow), tool: now });
      }
    }
    return kept;
  };
  const relabelAll = (lists: unknown): unknown =>
    isRow(lists)
      ? Object.fromEntries(Object.entries(lists).map(([key, picks]) => [key, relabel(key, picks)]))
      : lists;
  const understood = isRow(row.understood)
    ? { ...row.understood, labels: relabelAll(row.understood.labels), not: relabelAll(row.understood.not) }
    : row.understood;
  return {
    row: {
      ...row,
      filters: relabelAll(row.filters),
      mustHave: relabelAll(row.mustHave),
      mustNot: relabelAll(row.mustNot),
      understood,
    },
    notes: [...notes],
  };
};

/**
 * A stored row as a saved search that can be matched, with notes on labels a vocabulary change moved; or,
 * for a row that cannot be (quarantined: kept, matched against nothing, shown to its owner), what is wrong.
 * A row that would match every record is never a search.
 */
export const readStoredSavedSearch = (
  stored: unknown,
  labelNow: CurrentLabel = currentLabel,
): StoredSavedSearchReading => {
  if (!isRow(stored)) return { ok: false, problem: 'It is not a saved search' };
  const current = migrated(stored);
  if (typeof current === 'string') return { ok: false, problem: current };
  const { row, notes } = relabelled(current, labelNow);
  if (row.mustHave === undefined) delete row.mustHave;
  if (row.mustNot === undefined) delete row.mustNot;
  if (row.understood === undefined) delete row.understood;
  const parsed = storedSavedSearchSchema.safeParse(row);
  if (!parsed.success) {
    const [{ field, message }] = fieldIssues(parsed.error);
    return { ok: false, problem: field ? `${field}: ${message}` : message };
  }
  const search = parsed.data as SavedSearchRecord;
  if (matchesEverything(search)) {
    return {
      ok: false,
      problem: `It has no filter or word left${notes.length > 0 ? ` (${notes.join('; ')})` : ''}, so it would match everything`,
    };
  }
  return { ok: true, search, notes };
};

/** How the owner's list shows a quarantined row: by its name when that still reads as one. */
export const savedSearchNeedingAttention = (
  stored: unknown,
  problem: string,
): SavedSearchNeedingAttention => {
  const row = isRow(stored) ? stored : {};
  const name = savedSearchNameSchema.safeParse(row.name);
  return {
    _id: String(row._id),
    name: name.success ? name.data : SAVED_SEARCH_MESSAGES.unnamed,
    needsAttention: true,
    problem,
    newMatches: 0,
  };
};
