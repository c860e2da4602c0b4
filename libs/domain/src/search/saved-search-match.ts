/**
 * When a saved search matches a record: the filtering call's rules (`compileMatch` of reference-filter.ts)
 * with the saved filters, must-haves and restriction, and the record of the search's kind; and, when the
 * search has free text, every word of it (stop words left out) present in the record's text, by word or
 * stem, as `matchedTextTerms` finds them. In a search, free text only ranks; in an alert it narrows, since
 * an alert has no ranking to put the best matches first. A search with text only matches the records that
 * hold all its words; a search with neither filters nor words would match everything and cannot be saved.
 */
import type { SavedSearchRecord } from '../saved-search';
import { toActiveQuery, toMustHave } from './active-filters.schema';
import { lightStem, SEARCH_STOP_WORDS, textWords } from './free-text';
import {
  activeMustHaveGroups,
  activeNumberRanges,
  activeOptionGroups,
  compileMatch,
  type OptionGroup,
} from './reference-filter';
import type { SearchDocument, SearchKind } from './search-document';
import type { SearchFilter } from './search-query';

/** The parts of a saved search its matching reads. */
export type SavedSearchCriteria = Pick<
  SavedSearchRecord,
  'kind' | 'filters' | 'mustHave' | 'restriction' | 'text'
>;

const STOP = new Set(SEARCH_STOP_WORDS);

/** The stems a record's text must all hold: the search's words without stop words, each once. */
export const requiredWordStems = (text: string | undefined): string[] => [
  ...new Set(
    textWords(text ?? '')
      .filter((word) => !STOP.has(word))
      .map(lightStem),
  ),
];

/** The saved search as the filter of a filtering call. */
export const savedSearchFilter = (search: SavedSearchCriteria): SearchFilter & { kind: SearchKind } => ({
  ...toActiveQuery(search.kind, search.filters, search.restriction, 1),
  ...toMustHave(search.mustHave),
});

/** True when the search would match every record of its kind: nothing picked, no words. */
export const matchesEverything = (search: SavedSearchCriteria): boolean => {
  const filter = savedSearchFilter(search);
  return (
    activeOptionGroups(filter).length === 0 &&
    activeMustHaveGroups(filter).length === 0 &&
    activeNumberRanges(filter).length === 0 &&
    requiredWordStems(search.text).length === 0
  );
};

/** The word stems of a record's text, which a search's words are looked up in. */
export const documentStems = (doc: Pick<SearchDocument, 'text'>): Set<string> =>
  new Set(textWords(doc.text).map(lightStem));

/**
 * Compiles the search once; the predicate is then cheap for each record. `stems` are the record's
 * `documentStems`, computed once when many searches check one record.
 */
export const compileSavedSearch = (
  search: SavedSearchCriteria,
): ((doc: SearchDocument, stems?: ReadonlySet<string>) => boolean) => {
  const match = compileMatch(savedSearchFilter(search));
  const required = requiredWordStems(search.text);
  return (doc, stems) => {
    if (doc.kind !== search.kind || !match(doc)) return false;
    if (required.length === 0) return true;
    const present = stems ?? documentStems(doc);
    return required.every((stem) => present.has(stem));
  };
};

/*
 * Keys for an index of saved searches. A record's keys name every label, tool, working type and word stem
 * it holds; each of a search's key sets is one of which every matching record holds at least one. Looking
 * up a record's keys then finds every search it can match, and only those need the full predicate.
 */

const optionKey = (kind: SearchKind, group: OptionGroup, index: number): string => {
  switch (group.type) {
    case 'tag':
      return `${kind}|tag|${group.facet}|${group.options[index]}`;
    case 'tool':
      // The level is checked by the predicate: any level of the tool makes the record a candidate.
      return `${kind}|tool|${group.options[index].tool}`;
    case 'workingType':
      return `${kind}|wt|${group.options[index]}`;
  }
};

const wordKey = (kind: SearchKind, stem: string): string => `${kind}|word|${stem}`;

/**
 * Every set of keys a matching record must hold one of: each must-have option, each option under
 * `all_match` and each word alone, each option group under `min_1_match` whole. Empty for a search with
 * number filters only, which must be checked against every record of its kind.
 */
export const savedSearchKeySets = (search: SavedSearchCriteria): string[][] => {
  const filter = savedSearchFilter(search);
  const sets: string[][] = [];
  const eachAlone = (group: OptionGroup) =>
    group.options.forEach((_, index) => sets.push([optionKey(search.kind, group, index)]));
  activeMustHaveGroups(filter).forEach(eachAlone);
  for (const group of activeOptionGroups(filter)) {
    if (filter.restriction === 'all_match') eachAlone(group);
    else sets.push(group.options.map((_, index) => optionKey(search.kind, group, index)));
  }
  for (const stem of requiredWordStems(search.text)) sets.push([wordKey(search.kind, stem)]);
  return sets;
};

/**
 * The filter a key belongs to: its kind and facet for a label, its kind and `tool`, `wt` or `word` otherwise
 * (labels may hold any character, so the key is read from the front).
 */
export const keyDimension = (key: string): string => {
  const [kind, type, facet] = key.split('|', 3);
  return type === 'tag' ? `${kind}|tag|${facet}` : `${kind}|${type}`;
};

/** Every key the record holds, for looking up the searches that pick them; `stems` as `documentStems`. */
export const documentKeys = (
  doc: SearchDocument,
  stems: ReadonlySet<string> = documentStems(doc),
): string[] => {
  const keys: string[] = [];
  for (const [facet, labels] of Object.entries(doc.tags)) {
    for (const label of labels) keys.push(`${doc.kind}|tag|${facet}|${label}`);
  }
  for (const tool of Object.keys(doc.toolLevels)) keys.push(`${doc.kind}|tool|${tool}`);
  if (doc.workingTypeRemote) keys.push(`${doc.kind}|wt|Remote`);
  if (doc.workingTypeOffice) keys.push(`${doc.kind}|wt|Office`);
  for (const stem of stems) keys.push(wordKey(doc.kind, stem));
  return keys;
};
