/**
 * When a saved search matches a record: the filtering call's rules (`compileMatch` of reference-filter.ts)
 * with the saved filters, must-haves, must-nots and restriction, and the record of the search's kind; and,
 * when the search has free text, its text part (`SavedText`). In a search, free text only ranks; in an alert
 * it narrows, since an alert has no ranking to put the best matches first, but softly, as the search reads
 * it: a record meets the text when it holds every word the understanding kept (typos fixed, stop words and
 * negated parts out; by word or stem, as `matchedTextTerms` finds them) OR at least one understood label of
 * every understood filter; and a record carrying a label the text rules out ("not full stack") never
 * matches. A search saved before it was understood matches its own words. A search with neither filters,
 * words nor ruled-out labels would match everything and cannot be saved.
 */
import type { SavedSearchRecord } from '../saved-search';
import { freshnessAt, toActiveQuery, toMustHave, toMustNot } from './active-filters.schema';
import { isSearchStopWord, lightStem, textWords } from './free-text';
import {
  activeMustHaveGroups,
  activeMustNotGroups,
  activeNumberRanges,
  activeOptionGroups,
  compileMatch,
  freshnessRanges,
  hasOption,
  type OptionGroup,
  understoodFilter,
  withinRanges,
} from './reference-filter';
import type { SearchDocument, SearchKind, TagFacet } from './search-document';
import type { SearchFilter, WorkingType } from './search-query';
import { understoodOptions } from './understood-options';

/** The parts of a saved search its matching reads. */
export type SavedSearchCriteria = Pick<
  SavedSearchRecord,
  'kind' | 'filters' | 'mustHave' | 'mustNot' | 'restriction' | 'text' | 'understood'
>;

/** The stems a record's text must all hold: the search's words without stop words, each once. */
export const requiredWordStems = (text: string | undefined): string[] => [
  ...new Set(
    textWords(text ?? '')
      .filter((word) => !isSearchStopWord(word))
      .map(lightStem),
  ),
];

/**
 * What a saved search's text asks of a record: all of `words` (stems), or one option of each `labels` group;
 * and none of the `not` groups' options.
 */
export interface SavedText {
  words: string[];
  labels: OptionGroup[];
  not: OptionGroup[];
}

/** The search's text as its understanding reads it, or as its own words when it was never understood. */
export const savedText = (search: Pick<SavedSearchCriteria, 'kind' | 'text' | 'understood'>): SavedText => {
  if (!search.understood) return { words: requiredWordStems(search.text), labels: [], not: [] };
  const { options, not } = understoodOptions(search.kind, search.understood);
  return {
    words: requiredWordStems(search.understood.words.join(' ')),
    labels: activeOptionGroups(understoodFilter(options)),
    not: activeOptionGroups(understoodFilter(not)),
  };
};

const carriesOneOf = (doc: SearchDocument, group: OptionGroup): boolean =>
  group.options.some((_, index) => hasOption(doc, group, index));

/**
 * The saved search as the filter of a filtering call at `now`, the moment "Active within" and "Open only"
 * are measured from: a stored search has no fixed one, so matching measures them when a record comes.
 */
export const savedSearchFilter = (
  search: SavedSearchCriteria,
  now = new Date(),
): SearchFilter & { kind: SearchKind } => ({
  ...toActiveQuery(search.kind, search.filters, search.restriction, 1, now),
  ...toMustHave(search.mustHave),
  ...toMustNot(search.mustNot),
});

/** The saved search's filter without "Active within" and "Open only", which each match measures anew. */
export const timelessSearchFilter = (search: SavedSearchCriteria): SearchFilter & { kind: SearchKind } => {
  const { activeSince: _since, openAt: _open, ...timeless } = savedSearchFilter(search);
  return timeless;
};

/** True when the search would match every record of its kind: nothing picked, no words, nothing ruled out. */
export const matchesEverything = (search: SavedSearchCriteria): boolean => {
  const filter = savedSearchFilter(search);
  const text = savedText(search);
  return (
    activeOptionGroups(filter).length === 0 &&
    activeMustHaveGroups(filter).length === 0 &&
    activeNumberRanges(filter).length === 0 &&
    text.words.length === 0 &&
    text.not.length === 0
  );
};

/** Stems of words seen lately: a record's words are mostly words other records used before. */
const stemOfWord = new Map<string, string>();
const STEMS_KEPT = 50_000;

const cachedStem = (word: string): string => {
  let stem = stemOfWord.get(word);
  if (stem === undefined) {
    if (stemOfWord.size >= STEMS_KEPT) stemOfWord.clear();
    stemOfWord.set(word, (stem = lightStem(word)));
  }
  return stem;
};

/** The word stems of a record's text, which a search's words are looked up in. */
export const documentStems = (doc: Pick<SearchDocument, 'text'>): Set<string> => {
  const stems = new Set<string>();
  for (const word of textWords(doc.text)) stems.add(cachedStem(word));
  return stems;
};

/**
 * Compiles the search once; the predicate is then cheap for each record. `stems` are the record's
 * `documentStems`, computed once when many searches check one record.
 */
export const compileSavedSearch = (
  search: SavedSearchCriteria,
): ((doc: SearchDocument, stems?: ReadonlySet<string>, now?: Date) => boolean) => {
  const match = compileMatch(timelessSearchFilter(search));
  const text = savedText(search);
  const fresh = Boolean(search.filters.activeWithinDays || search.filters.openOnly);
  return (doc, stems, now = new Date()) => {
    if (doc.kind !== search.kind || !match(doc)) return false;
    if (fresh && !withinRanges(doc, freshnessRanges(freshnessAt(search.filters, now)))) return false;
    if (text.not.some((group) => carriesOneOf(doc, group))) return false;
    if (text.words.length === 0) return true;
    if (text.labels.length > 0 && text.labels.every((group) => carriesOneOf(doc, group))) return true;
    const present = stems ?? documentStems(doc);
    return text.words.every((stem) => present.has(stem));
  };
};

/*
 * Conditions for an index of saved searches. Each of a search's condition sets is one of which every
 * matching record holds at least one; a record's keys name every label, tool, working type and word stem it
 * holds. Looking up a record's keys then finds every search it can match, and only those need the full
 * predicate; a search whose sets say everything about it (no number filters) needs none.
 */

/** One thing a record can hold: a label of a facet, a tool at a level or above, a working type or a word stem. */
export type SavedSearchAtom =
  | { type: 'tag'; facet: TagFacet; option: string }
  | { type: 'tool'; tool: string; level: number }
  | { type: 'workingType'; option: WorkingType }
  | { type: 'word'; stem: string };

export interface SavedSearchConditions {
  /** A matching record holds at least one atom of every set. */
  sets: SavedSearchAtom[][];
  /**
   * True when holding one atom of every set is also enough: the search has no number, freshness or must-not
   * filter and its text rules out no label, which the sets cannot say.
   */
  exact: boolean;
}

const atomOf = (group: OptionGroup, index: number): SavedSearchAtom => {
  switch (group.type) {
    case 'tag':
      return { type: 'tag', facet: group.facet, option: group.options[index] };
    case 'tool':
      return { type: 'tool', ...group.options[index] };
    case 'workingType':
      return { type: 'workingType', option: group.options[index] };
  }
};

/**
 * The search as condition sets: each must-have option and each option under `all_match` alone, each option
 * group under `min_1_match` whole (`compileMatch`'s rules); the text's "every word, or one label of every
 * understood group" as one set per word and group, [word, ...the group's labels] (the same condition, by
 * distribution), or each word alone when nothing was understood. No sets for a search with number filters
 * only, which must be checked against every record of its kind; ruled-out labels are left to the predicate.
 */
export const savedSearchConditions = (search: SavedSearchCriteria): SavedSearchConditions => {
  const filter = savedSearchFilter(search);
  const sets: SavedSearchAtom[][] = [];
  const eachAlone = (group: OptionGroup) =>
    group.options.forEach((_, index) => sets.push([atomOf(group, index)]));
  activeMustHaveGroups(filter).forEach(eachAlone);
  for (const group of activeOptionGroups(filter)) {
    if (filter.restriction === 'all_match') eachAlone(group);
    else sets.push(group.options.map((_, index) => atomOf(group, index)));
  }
  const text = savedText(search);
  for (const stem of text.words) {
    const word: SavedSearchAtom = { type: 'word', stem };
    if (text.labels.length === 0) sets.push([word]);
    for (const group of text.labels)
      sets.push([word, ...group.options.map((_, index) => atomOf(group, index))]);
  }
  return {
    sets,
    exact:
      activeNumberRanges(filter).length === 0 &&
      activeMustNotGroups(filter).length === 0 &&
      text.not.length === 0,
  };
};

/** Whether the record holds the atom, as `compileMatch` decides it. */
export const holdsAtom = (
  doc: SearchDocument,
  stems: ReadonlySet<string>,
  atom: SavedSearchAtom,
): boolean => {
  switch (atom.type) {
    case 'tag':
      return doc.tags[atom.facet].includes(atom.option);
    case 'tool':
      return Object.hasOwn(doc.toolLevels, atom.tool) && doc.toolLevels[atom.tool] >= atom.level;
    case 'workingType':
      return atom.option === 'Remote' ? doc.workingTypeRemote : doc.workingTypeOffice;
    case 'word':
      return stems.has(atom.stem);
  }
};
