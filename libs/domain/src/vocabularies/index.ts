import { FILTER_KEYS, FILTER_VOCABULARY } from '../search/filter-keys';
import { COMPENSATION_BASIS } from './compensation-basis';
import { contentHash } from './content-hash';
import { COUNTRIES } from './countries';
import { INDUSTRIES } from './industries';
import { compareLabels, foldLabel } from './label-order';
import { LANGUAGES } from './languages';
import { PRODUCT_TYPES } from './product-types';
import { PROJECT_TYPES } from './project-types';
import { REWARDS } from './rewards';
import { ROLES } from './roles';
import { SOFT_SKILLS } from './soft-skills';
import { TOOL_ENTRIES, type ToolOption } from './tools';
import { VOCABULARY_KEYS, type VocabularyKey } from './vocabulary-keys';
import { WORKING_TYPES } from './working-types';

export { contentHash } from './content-hash';
export { EVERYDAY_NAMES, NAMES_WHEN_RULED_OUT } from './everyday-names';
export { NOT_CUES, RULED_OUT_CUES } from './everyday-cues';
export { ROLE_FAMILIES, roleStandIns } from './role-families';
export { compareLabels, foldLabel } from './label-order';
export { TOOL_CATEGORIES, type ToolCategory, type ToolOption } from './tools';
export { VOCABULARY_KEYS, type VocabularyKey } from './vocabulary-keys';

const sortedLabels = (labels: readonly string[]): readonly string[] =>
  Object.freeze([...labels].sort(compareLabels));

const buildTools = (): readonly ToolOption[] =>
  Object.freeze(
    [...TOOL_ENTRIES]
      .sort((a, b) => compareLabels(a.name, b.name))
      .map((tool) => Object.freeze({ ...tool, aliases: Object.freeze([...tool.aliases]) })),
  );

const buildVocabularies = (
  tools: readonly ToolOption[],
): Readonly<Record<VocabularyKey, readonly string[]>> =>
  Object.freeze({
    projectType: sortedLabels(PROJECT_TYPES),
    reward: sortedLabels(REWARDS),
    compensationBasis: sortedLabels(COMPENSATION_BASIS),
    industry: sortedLabels(INDUSTRIES),
    productType: sortedLabels(PRODUCT_TYPES),
    role: sortedLabels(ROLES),
    country: sortedLabels(COUNTRIES),
    softSkill: sortedLabels(SOFT_SKILLS),
    language: sortedLabels(LANGUAGES),
    workingType: sortedLabels(WORKING_TYPES),
    tool: Object.freeze(tools.map((tool) => tool.name)),
  });

interface OptionIndexes {
  readonly labels: ReadonlyMap<VocabularyKey, ReadonlySet<string>>;
  /** Folded label (and, for tools, folded alias) to the canonical label. */
  readonly lookups: ReadonlyMap<VocabularyKey, ReadonlyMap<string, string>>;
}

const buildIndexes = (
  vocabularies: Readonly<Record<VocabularyKey, readonly string[]>>,
  tools: readonly ToolOption[],
): OptionIndexes => {
  const labels = new Map<VocabularyKey, ReadonlySet<string>>();
  const lookups = new Map<VocabularyKey, ReadonlyMap<string, string>>();
  for (const key of VOCABULARY_KEYS) {
    labels.set(key, new Set(vocabularies[key]));
    const lookup = new Map<string, string>();
    if (key === 'tool') {
      for (const tool of tools) for (const alias of tool.aliases) lookup.set(foldLabel(alias), tool.name);
    }
    // Labels are set last so that a label always wins over an alias spelled the same way.
    for (const label of vocabularies[key]) lookup.set(foldLabel(label), label);
    lookups.set(key, lookup);
  }
  return { labels, lookups };
};

const versionOf = (
  vocabularies: Readonly<Record<VocabularyKey, readonly string[]>>,
  tools: readonly ToolOption[],
): string => contentHash(JSON.stringify({ vocabularies, tools, filterKeys: FILTER_KEYS, FILTER_VOCABULARY }));

// The builders below are marked pure so that bundles which never read the lists (most web pages) leave the
// lists, and the country data set behind them, out.

/** Every tool as a frozen object, in the same order as `VOCABULARIES.tool`. */
export const TOOLS: readonly ToolOption[] = /* @__PURE__ */ buildTools();

/** The option lists behind the filters and forms, each sorted alphabetically regardless of case. */
export const VOCABULARIES: Readonly<Record<VocabularyKey, readonly string[]>> =
  /* @__PURE__ */ buildVocabularies(TOOLS);

const indexes: OptionIndexes = /* @__PURE__ */ buildIndexes(VOCABULARIES, TOOLS);

/** True when `label` is exactly one of the vocabulary's labels. */
export const isKnownOption = (key: VocabularyKey, label: string): boolean =>
  indexes.labels.get(key)?.has(label) ?? false;

/**
 * The canonical label for what someone typed, ignoring case, accents and extra spaces; tools also match
 * on their aliases ("k8s" gives "Kubernetes").
 */
export const findOption = (key: VocabularyKey, text: string): string | undefined =>
  findFoldedOption(key, foldLabel(text));

/** `findOption` of a text already folded (`foldLabel`), for a caller that asks several vocabularies. */
export const findFoldedOption = (key: VocabularyKey, folded: string): string | undefined =>
  indexes.lookups.get(key)?.get(folded);

/**
 * Labels renamed in a vocabulary, old name to new, so that what users stored under the old name (saved
 * searches) moves to the new one when read. A removed label needs no entry: stored uses of it are left out.
 */
export const LABEL_RENAMES: Readonly<Partial<Record<VocabularyKey, Readonly<Record<string, string>>>>> = {};

/**
 * Changes whenever any list changes. It also covers the filter-key table, because GET /api/options serves
 * both under this one version and clients cache on it.
 */
export const VOCABULARY_VERSION: string = /* @__PURE__ */ versionOf(VOCABULARIES, TOOLS);
