import {
  foldLabel,
  keepLabels,
  RULED_OUT_CUES,
  SEARCH_STOP_WORDS,
  textWords,
  type UnderstoodFilter,
  type UnderstoodLabels,
  type UnderstoodText,
} from '@skillers/domain';
import { correctTypos, splitNegations } from '../everyday-text';
import {
  lexicalLabelMatches,
  SIMILAR_LABEL_KEYS,
  type SimilarLabelsDict,
  vocabularyOf,
  words as splitWords,
} from '../lexical-labels';
import { findPlaces, type NamedPlace } from './places';

export interface UnderstandOptions {
  /** Labels close in meaning, from a model (`/ml`'s semantic layer), added after the named ones. */
  related?: (text: string) => Promise<Partial<SimilarLabelsDict>>;
}

const STOP = new Set(SEARCH_STOP_WORDS);

const add = (labels: UnderstoodLabels, key: UnderstoodFilter, label: string) => {
  const list = (labels[key] ??= []);
  if (!list.includes(label)) list.push(label);
};

/**
 * The labels a part of the text names: vocabulary names, everyday names, places and working types; in a
 * part the text rules out (`ruledOut`), the cues read only there too (`RULED_OUT_CUES`).
 */
export const namedLabels = (
  text: string,
  { ruledOut = false } = {},
): { labels: UnderstoodLabels; places: NamedPlace[] } => {
  const labels: UnderstoodLabels = {};
  const lexical = lexicalLabelMatches(text);
  for (const key of SIMILAR_LABEL_KEYS) for (const label of lexical[key]) add(labels, key, label);
  if (ruledOut) {
    const folded = ` ${splitWords(text).map(foldLabel).join(' ')} `;
    for (const key of SIMILAR_LABEL_KEYS)
      for (const [label, cues] of Object.entries(RULED_OUT_CUES[vocabularyOf(key)] ?? {}))
        if (cues.some((cue) => folded.includes(` ${cue} `))) add(labels, key, label);
  }
  const places = findPlaces(splitWords(text));
  for (const place of places) {
    for (const country of place.countries) add(labels, 'locations', country);
    for (const workingType of place.workingTypes ?? []) add(labels, 'offeredWorkingType', workingType);
  }
  return { labels, places };
};

/**
 * Reads a search text as people type it into the answer's `understood` (docs/search-understanding.md):
 * negations first ("not", "no", "without", "non-", "-free", "anything but", "except"), then misspelt label words corrected (never English
 * words, places or words of four letters or fewer), then labels by name, places (cities, countries,
 * nationalities, regions) and working types, and last, with a model, labels close in meaning.
 */
export const understandText = async (
  text: string,
  options: UnderstandOptions = {},
): Promise<UnderstoodText> => {
  const { kept, negated } = splitNegations(text);
  const wanted = correctTypos(kept);
  const named = namedLabels(wanted);
  const ruledOut = namedLabels(correctTypos(negated), { ruledOut: true });
  // What the wanted part names too is not ruled out: "game dev, not a game jam" still wants games.
  const not = keepLabels(ruledOut.labels, (filter, label) => !named.labels[filter]?.includes(label));
  const labels = named.labels;
  if (options.related && wanted.trim() !== '') {
    const related = await options.related(wanted);
    for (const key of SIMILAR_LABEL_KEYS) for (const label of related[key] ?? []) add(labels, key, label);
  }
  return {
    labels: keepLabels(labels, (filter, label) => !not[filter]?.includes(label)),
    not,
    places: named.places.map((place) => place.text),
    words: [...new Set(textWords(wanted).filter((word) => !STOP.has(word)))],
  };
};
