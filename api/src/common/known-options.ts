import {
  FILTER_VOCABULARY,
  findOption,
  OPTION_CLIENT_KEYS,
  type OptionClientKey,
  TAG_LISTS,
  type TagListField,
  type VocabularyKey,
} from '@skillers/domain';
import type { z } from 'zod';

interface ToolEntry {
  tool: string;
  mep: number;
}

const checkedLists = (Object.keys(TAG_LISTS) as TagListField[]).flatMap((field) => {
  const info: { label: string; vocabulary?: VocabularyKey } = TAG_LISTS[field];
  return info.vocabulary ? [{ field, label: info.label, vocabulary: info.vocabulary }] : [];
});

export const notAnOption = (label: string, value: string) =>
  `"${value}" is not one of the ${label} options; propose it if it is missing`;

/**
 * A listing schema whose tag lists accept only their options. Forms only offer the lists, and new options go
 * through proposals, so anything else is a client error. Entries are matched ignoring case, accents and extra
 * spaces (tools also by alias, "k8s" for Kubernetes) and stored as the canonical label, once.
 */
export const withKnownOptions = <Listing extends object>(schema: z.ZodType<Listing>) =>
  schema.transform((listing, ctx) => {
    const checked = { ...listing } as Record<string, unknown>;
    for (const { field, label, vocabulary } of checkedLists) {
      const entries = checked[field];
      if (!Array.isArray(entries)) continue;
      const canonical = new Map<string, unknown>();
      entries.forEach((entry: string | ToolEntry, index) => {
        const name = typeof entry === 'string' ? entry : entry.tool;
        const option = findOption(vocabulary, name);
        if (option === undefined) {
          ctx.addIssue({ code: 'custom', path: [field, index], message: notAnOption(label, name) });
        } else if (!canonical.has(option)) {
          // The first of two spellings of one option keeps its place (and a tool its level).
          canonical.set(option, typeof entry === 'string' ? option : { ...entry, tool: option });
        }
      });
      checked[field] = [...canonical.values()];
    }
    return checked as Listing;
  });

/** The vocabulary each option filter picks from, by its key in `activeFilters`, `mustHave` and `mustNot`. */
const FILTER_OPTION_VOCABULARY: Record<OptionClientKey, VocabularyKey> = {
  ...FILTER_VOCABULARY,
  product_type: FILTER_VOCABULARY.productType,
  offeredWorkingTypeActiveOptions: FILTER_VOCABULARY.offeredWorkingType,
};

/** One filter object's picks as canonical labels; a pick outside its vocabulary is an issue at `path`. */
const knownPicks = (
  filters: Record<string, unknown> | undefined,
  path: string,
  ctx: z.RefinementCtx,
): Record<string, unknown> | undefined => {
  if (!filters) return filters;
  const checked = { ...filters };
  for (const key of OPTION_CLIENT_KEYS) {
    const picks = checked[key];
    if (!Array.isArray(picks)) continue;
    checked[key] = picks.map((pick: string | ToolEntry, index) => {
      const name = typeof pick === 'string' ? pick : pick.tool;
      const option = findOption(FILTER_OPTION_VOCABULARY[key], name);
      if (option === undefined) {
        ctx.addIssue({ code: 'custom', path: [path, key, index], message: notAnOption(key, name) });
        return pick;
      }
      return typeof pick === 'string' ? option : { ...pick, tool: option };
    });
  }
  return checked;
};

/**
 * A body carrying filters (`activeFilters` or `/sort`'s `filter`, `mustHave`, `mustNot`) whose picks accept only
 * the options of their vocabularies, read like a listing's tags and kept as the canonical label. Any other
 * label could match no record and would only reach the search analytics. One rule for every call that
 * takes filters: both filtering calls, `/sort`, the saved-project filter and saved searches. It stays in
 * the API so that the web app, which bundles the shared schemas, does not bundle the option lists.
 */
export const withKnownFilterOptions = <Body extends object>(
  schema: z.ZodType<Body>,
  filtersKey: 'activeFilters' | 'filter',
) =>
  schema.transform((body, ctx) => {
    const fields = body as Record<string, Record<string, unknown> | undefined>;
    return {
      ...body,
      [filtersKey]: knownPicks(fields[filtersKey], filtersKey, ctx),
      ...(fields.mustHave ? { mustHave: knownPicks(fields.mustHave, 'mustHave', ctx) } : {}),
      ...(fields.mustNot ? { mustNot: knownPicks(fields.mustNot, 'mustNot', ctx) } : {}),
    } as Body;
  });
