/**
 * When a saved search matches a record: the filtering call's rules (`compileMatch` of reference-filter.ts)
 * with the saved filters, must-haves, must-nots and restriction, and the record of the search's kind; and, when the
 * search has free text, every word of it (stop words left out) present in the record's text, by word or
 * stem, as `matchedTextTerms` finds them. In a search, free text only ranks; in an alert it narrows, since
 * an alert has no ranking to put the best matches first. A search with text only matches the records that
 * hold all its words; a search with neither filters nor words would match everything and cannot be saved.
 */
import type { SavedSearchRecord } from '../saved-search';
import { freshnessAt, toActiveQuery, toMustHave, toMustNot } from './active-filters.schema';
import { lightStem, SEARCH_STOP_WORDS, textWords } from './free-text';
import {
  activeMustHaveGroups,
  activeMustNotGroups,
  activeNumberRanges,
  activeOptionGroups,
  compileMatch,
  freshnessRanges,
  type OptionGroup,
  withinRanges,
} from './reference-filter';
import type { SearchDocument, SearchKind, TagFacet } from './search-document';
import type { SearchFilter, WorkingType } from './search-query';

/** The parts of a saved search its matching reads. */
export type SavedSearchCriteria = Pick<
  SavedSearchRecord,
  'kind' | 'filters' | 'mustHave' | 'mustNot' | 'restriction' | 'text'
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
  const required = requiredWordStems(search.text);
  const fresh = Boolean(search.filters.activeWithinDays || search.filters.openOnly);
  return (doc, stems, now = new Date()) => {
    if (doc.kind !== search.kind || !match(doc)) return false;
    if (fresh && !withinRanges(doc, freshnessRanges(freshnessAt(search.filters, now)))) return false;
    if (required.length === 0) return true;
    const present = stems ?? documentStems(doc);
    return required.every((stem) => present.has(stem));
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
   * filter, which the sets cannot say.
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
 * The search as condition sets: each must-have option, each option under `all_match` and each word alone,
 * each option group under `min_1_match` whole (`compileMatch`'s rules). No sets for a search with number
 * filters only, which must be checked against every record of its kind.
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
  for (const stem of requiredWordStems(search.text)) sets.push([{ type: 'word', stem }]);
  return {
    sets,
    exact: activeNumberRanges(filter).length === 0 && activeMustNotGroups(filter).length === 0,
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
