/**
 * What the server makes of a search's free text (docs/search-understanding.md), as the filtering calls answer
 * it in `understood`: labels the text names, labels it rules out ("not full stack"), the places it names as
 * typed, and the words left for the text ranking. Keys are the web app's filter keys.
 */

/** The keys of `/ml`'s `similar_labels_dict` (spec section 7), in the order the web app shows them. */
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
}

/** The understanding without the labels the user dismissed (its chips' "Remove"). */
export const withoutDismissed = (
  understood: UnderstoodText,
  dismissed: UnderstoodLabels = {},
): UnderstoodText => {
  const keep = (labels: UnderstoodLabels): UnderstoodLabels =>
    Object.fromEntries(
      Object.entries(labels)
        .map(([key, list]) => [
          key,
          list.filter((label) => !dismissed[key as UnderstoodFilter]?.includes(label)),
        ])
        .filter(([, list]) => list.length > 0),
    );
  return { ...understood, labels: keep(understood.labels), not: keep(understood.not) };
};
