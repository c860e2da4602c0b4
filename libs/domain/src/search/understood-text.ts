/**
 * What the server makes of a search's free text (docs/search-understanding.md), as the filtering calls answer
 * it in `understood`: labels the text names, labels it rules out ("not full stack"), the places it names as
 * typed, and the words left for the text ranking. Keys are the web app's filter keys.
 */

import { roleStandIns } from '../vocabularies/role-families';
import { OPTION_KEY_DIMENSIONS } from './filter-keys';
import type { FacetCounts } from './reference-filter';
import type { SearchKind } from './search-document';

/** The keys of `/ml`'s `similar_labels_dict` (docs/api.md), in the order the web app shows them. */
export const SIMILAR_LABEL_KEYS = [
  'toolsExperience',
  'projectType',
  'hardSkills',
  'softSkills',
  'requiredAreaOfExpertise',
  'offeredGratification',
  'forGratification',
  'usedLanguages',
  'locations',
  'productType',
] as const;

/** The filters understood labels are reported under: `/ml`'s keys and the working type. */
export const UNDERSTOOD_FILTERS = [...SIMILAR_LABEL_KEYS, 'offeredWorkingType'] as const;
export type UnderstoodFilter = (typeof UNDERSTOOD_FILTERS)[number];
export type UnderstoodLabels = Partial<Record<UnderstoodFilter, string[]>>;

export interface UnderstoodText {
  labels: UnderstoodLabels;
  not: UnderstoodLabels;
  places: string[];
  words: string[];
  /**
   * The roles the text says the searcher has ("nurse here", "i'm a designer"), among `labels.hardSkills`: a
   * search for projects wants them, a search for teammates does not (`forKind`). Not part of the answer.
   */
  own?: string[];
}

/**
 * The understanding as a search of one kind reads it, without `own`: a teammate search leaves the searcher's
 * own roles out of its labels ("i'm a designer looking for a developer" asks for no designer).
 */
export const forKind = (understood: UnderstoodText, kind: SearchKind): UnderstoodText => {
  const { own, ...rest } = understood;
  if (kind === 'project' || !own?.length) return rest;
  return {
    ...rest,
    labels: keepLabels(rest.labels, (filter, label) => filter !== 'hardSkills' || !own.includes(label)),
  };
};

/**
 * Whether some record carries a label of a filter, by the label counts of the records' kind
 * (`SearchIndex.labelCounts`): a label none carries would be a dead end as a chip or a suggestion.
 */
export const carriedIn =
  (counts: FacetCounts) =>
  (filter: UnderstoodFilter, label: string): boolean =>
    (counts[OPTION_KEY_DIMENSIONS[filter]]?.[label] ?? 0) > 0;

/** The labels for which `keep` holds, per filter; a filter left without labels is dropped. */
export const keepLabels = (
  labels: UnderstoodLabels,
  keep: (filter: UnderstoodFilter, label: string) => boolean,
): UnderstoodLabels =>
  Object.fromEntries(
    Object.entries(labels)
      .map(([filter, list]) => [filter, list.filter((label) => keep(filter as UnderstoodFilter, label))])
      .filter(([, list]) => list.length > 0),
  );

/** Carried roles of its family (`roleStandIns`) that stand in for one no record of the searched kind carries. */
export const STAND_INS_PER_ROLE = 1;

/**
 * The labels some record carries (`carried`); a role the text named (`named`: not one close in meaning) that
 * none carries gives way to up to `STAND_INS_PER_ROLE` carried roles of its family, where it stood and after
 * those already there: "journalist" among projects that want writers finds them, where it found nothing.
 */
export const keepCarriedLabels = (
  labels: UnderstoodLabels,
  carried: (filter: UnderstoodFilter, label: string) => boolean,
  named: (role: string) => boolean = () => true,
): UnderstoodLabels => {
  const kept = keepLabels(labels, carried);
  const roles = labels.hardSkills ?? [];
  if (roles.every((role) => carried('hardSkills', role) || !named(role))) return kept;
  const held = new Set(roles);
  const withStandIns: string[] = [];
  for (const role of roles) {
    if (carried('hardSkills', role)) {
      withStandIns.push(role);
      continue;
    }
    if (!named(role)) continue;
    const standIns = roleStandIns(role).filter((other) => !held.has(other) && carried('hardSkills', other));
    for (const other of standIns.slice(0, STAND_INS_PER_ROLE)) {
      held.add(other);
      withStandIns.push(other);
    }
  }
  const { hardSkills: _, ...others } = kept;
  return withStandIns.length > 0 ? { ...others, hardSkills: withStandIns } : others;
};

/** The understanding without the labels the user dismissed (its chips' "Remove"). */
export const withoutDismissed = (
  understood: UnderstoodText,
  dismissed: UnderstoodLabels = {},
): UnderstoodText => {
  const kept = (filter: UnderstoodFilter, label: string) => !dismissed[filter]?.includes(label);
  return {
    ...understood,
    labels: keepLabels(understood.labels, kept),
    not: keepLabels(understood.not, kept),
  };
};
