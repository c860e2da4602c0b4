import {
  type ClientCombinedRelaxation,
  type ClientFilterKey,
  type ClientRelaxation,
  type ClientRelaxEntry,
  type SearchKind,
  UNDERSTOOD_FILTERS,
} from '@skillers/domain';
import { filterTitle } from '../../../lib/match-line';
import { type FilterState, includedOptions, type OptionFilter } from './filter-state';

const NOUNS: Record<SearchKind, [one: string, many: string]> = {
  teammate: ['teammate', 'teammates'],
  project: ['project', 'projects'],
};

/** The filters picked from lists of options: the ones a text's labels are understood under. */
const OPTION_FILTERS = new Set<string>(UNDERSTOOD_FILTERS);

/** More filters than a set of removals holds: only dropping every filter asks for that many. */
const SET_SIZE_MAX = 3;

const result = (count: number, kind: SearchKind): string => `→ ${count} ${NOUNS[kind][count === 1 ? 0 : 1]}`;

const pickedIn = (filters: FilterState | null, key: ClientFilterKey): string[] =>
  filters && OPTION_FILTERS.has(key) ? includedOptions(filters, key as OptionFilter) : [];

/** The freshness filters as the panel names them. */
const freshnessName = (key: ClientFilterKey, filters: FilterState | null): string | undefined => {
  if (key === 'activeWithinDays') {
    const days = filters?.activeWithinDays;
    return `Active within${days ? `: ${days} days` : ''}`;
  }
  return key === 'openOnly' ? 'Open only' : undefined;
};

/** "A", "A and B", "A, B and C". */
const listed = (names: readonly string[]): string =>
  names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

/**
 * "Remove COBOL and Iceland → 11 teammates": each filter by its picks, or by its name when it has none;
 * "Clear all filters → …" when every filter goes.
 */
const combinedText = (
  { remove, count }: ClientCombinedRelaxation,
  filters: FilterState | null,
  kind: SearchKind,
): string => {
  if (remove.length > SET_SIZE_MAX) return `Clear all filters ${result(count, kind)}`;
  const names = remove.map(({ key }) => {
    const picked = pickedIn(filters, key);
    return picked.length > 0 ? picked.join(', ') : (freshnessName(key, filters) ?? filterTitle(key));
  });
  return `Remove ${listed(names)} ${result(count, kind)}`;
};

/**
 * "Remove Location: Iceland → 42 teammates", "Remove Active within: 7 days → …", "Make Location: Iceland
 * optional → …" for a must-have, or "Stop excluding Location: Iceland → …" for a must-not.
 */
const singleText = (
  { key, label, mustNot, count }: ClientRelaxation,
  filters: FilterState | null,
  kind: SearchKind,
): string => {
  const fresh = freshnessName(key, filters);
  if (fresh !== undefined) return `Remove ${fresh} ${result(count, kind)}`;
  const title = filterTitle(key);
  if (label !== undefined && mustNot) return `Stop excluding ${title}: ${label} ${result(count, kind)}`;
  if (label !== undefined) return `Make ${title}: ${label} optional ${result(count, kind)}`;
  const picked = pickedIn(filters, key);
  return `Remove ${title}${picked.length > 0 ? `: ${picked.join(', ')}` : ''} ${result(count, kind)}`;
};

/** The button text of one relaxation of the answer. */
export const relaxationText = (
  relaxation: ClientRelaxEntry,
  filters: FilterState | null,
  kind: SearchKind,
): string =>
  'remove' in relaxation ? combinedText(relaxation, filters, kind) : singleText(relaxation, filters, kind);
