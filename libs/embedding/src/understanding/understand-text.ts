import {
  foldLabel,
  keepLabels,
  RULED_OUT_CUES,
  isSearchStopWord,
  textWords,
  type UnderstoodFilter,
  type UnderstoodLabels,
  type UnderstoodText,
} from '@skillers/domain';
import { correctTypos, NEGATED_PARTS_JOIN, splitNegations } from '../everyday-text';
import {
  type LexicalOptions,
  lexicalLabelMatches,
  SIMILAR_LABEL_KEYS,
  speaksOfTools,
  type SimilarLabelsDict,
  vocabularyOf,
  words as splitWords,
} from '../lexical-labels';
import { findPlaces, type NamedPlace } from './places';

export interface UnderstandOptions {
  /** Labels close in meaning, from a model (`/ml`'s semantic layer), added after the named ones. */
  related?: (text: string) => Promise<Partial<SimilarLabelsDict>>;
}

const add = (labels: UnderstoodLabels, key: UnderstoodFilter, label: string) => {
  const list = (labels[key] ??= []);
  if (!list.includes(label)) list.push(label);
};

/**
 * The labels a part of the text names: vocabulary names, everyday names and cues, places and working types.
 * A part the text rules out (`ruledOut`) is read without the cues that describe work (NAMES_WHEN_RULED_OUT:
 * "we do not want to get hacked" rules out no Security Engineer) and with the cues read only there
 * (`RULED_OUT_CUES`).
 */
export const namedLabels = (
  text: string,
  { ruledOut = false, toolContext = false }: LexicalOptions = {},
): { labels: UnderstoodLabels; places: NamedPlace[] } => {
  const labels: UnderstoodLabels = {};
  const lexical = lexicalLabelMatches(text, { ruledOut, toolContext });
  for (const key of SIMILAR_LABEL_KEYS) for (const label of lexical[key]) add(labels, key, label);
  if (ruledOut)
    for (const part of text.split(NEGATED_PARTS_JOIN)) {
      const folded = ` ${splitWords(part).map(foldLabel).join(' ')} `;
      const partNames = part === text ? lexical : lexicalLabelMatches(part, { ruledOut, toolContext });
      for (const key of SIMILAR_LABEL_KEYS) {
        // A part that names a label of another kind sets the scene: in "never worked on money or banking
        // stuff", "money" is the trade, not the pay.
        const namesOtherKind = SIMILAR_LABEL_KEYS.some(
          (other) => vocabularyOf(other) !== vocabularyOf(key) && partNames[other].length > 0,
        );
        if (namesOtherKind) continue;
        for (const [label, cues] of Object.entries(RULED_OUT_CUES[vocabularyOf(key)] ?? {}))
          if (cues.some((cue) => folded.includes(` ${cue} `))) add(labels, key, label);
      }
    }
  const places = findPlaces(splitWords(text));
  for (const place of places) {
    for (const country of place.countries) add(labels, 'locations', country);
    for (const workingType of place.workingTypes ?? []) add(labels, 'offeredWorkingType', workingType);
  }
  return { labels, places };
};

/**
 * "i'm a nurse", "i am an ai engineer and …", "i work as a designer", "we're two nurses", "three of us are
 * nurses", "used to be a journalist": the searcher's own trade, up to a joining word.
 */
const I_AM =
  /\b(?:i['\u2019]?m|i\s+am|i\s+work\s+as|we['\u2019]?re|we\s+are|of\s+us\s+are|used\s+to\s+be|i\s+was)\s+(?:an?\s+)?([^,.;:!?()\n]*?)(?=\s+(?:and|but|looking|who|with|seeking|searching|in|from|based|need|needing|want|wanting|trying|here|for)\b|[,.;:!?()\n]|$)/giu;

/** "nurse here with an idea", "dog groomer here": up to three words that open the text before "here". */
const X_HERE = /^\s*((?:[\p{L}\d+#./-]+\s+){0,2}[\p{L}\d+#./-]+)\s+here\b/iu;

/** Words that make a run before "here" a request rather than the searcher ("looking for a dev here"). */
const ASKING = /\b(?:looking|need|needs|want|wanted|seeking|for|anyone|someone|any)\b/i;

/**
 * The roles the text (typos corrected) says the searcher has (`UnderstoodText.own`), but for those the rest of
 * it asks for too: "i'm a founder looking for a cofounder" still wants a Co-Founder.
 */
const ownRoles = (text: string): string[] => {
  const matches = [...text.matchAll(I_AM)];
  const here = X_HERE.exec(text);
  if (here && !ASKING.test(here[1])) matches.push(here);
  const own = matches.flatMap((match) => namedLabels(match[1]).labels.hardSkills ?? []);
  if (own.length === 0) return [];
  // The text without the self-descriptions.
  const rest = matches.reduce((left, match) => {
    const start = match.index ?? 0;
    return left.slice(0, start) + ' '.repeat(match[0].length) + left.slice(start + match[0].length);
  }, text);
  const asked = namedLabels(rest).labels.hardSkills ?? [];
  return [...new Set(own)].filter((role) => !asked.includes(role));
};

/**
 * What a search text asks for by name, before any model: the part it wants (typos corrected), the labels
 * that part names, the ones the rest rules out, its places and its words. Shared: callers must not change it.
 */
export interface SearchTextReading {
  wanted: string;
  labels: UnderstoodLabels;
  not: UnderstoodLabels;
  places: string[];
  words: string[];
  /** The roles the text says the searcher has (`UnderstoodText.own`). */
  own: string[];
}

/**
 * Reads a search text as people type it (docs/search-understanding.md): negations first ("not", "no",
 * "without", "non-", "-free", "anything but", "except"), then misspelt label words corrected (never English
 * words, places or words of four letters or fewer), then labels by name, places (cities, countries,
 * nationalities, regions) and working types. Its `words` are what the ranking's text and query vector read.
 */
export const readSearchText = (text: string): SearchTextReading => {
  const { kept, negated } = splitNegations(text);
  const wanted = correctTypos(kept);
  const named = namedLabels(wanted);
  // Read apart, a ruled-out part keeps the rest's talk of tools: "game dev, anything other than unity".
  const ruledOut = namedLabels(correctTypos(negated), {
    ruledOut: true,
    toolContext: negated !== '' && speaksOfTools(kept),
  });
  return {
    wanted,
    labels: named.labels,
    // What the wanted part names too is not ruled out: "game dev, not a game jam" still wants games.
    not: keepLabels(ruledOut.labels, (filter, label) => !named.labels[filter]?.includes(label)),
    places: named.places.map((place) => place.text),
    words: [...new Set(textWords(wanted).filter((word) => !isSearchStopWord(word)))],
    own: ownRoles(wanted),
  };
};

/**
 * A search text's reading (`readSearchText`) as the answer's `understood`, with, given a model, the labels
 * close in meaning to the wanted part added after the named ones.
 */
export const understandReading = async (
  { wanted, labels: named, not, places, words, own }: SearchTextReading,
  options: UnderstandOptions = {},
): Promise<UnderstoodText> => {
  const labels = keepLabels(named, () => true);
  if (options.related && wanted.trim() !== '') {
    const related = await options.related(wanted);
    for (const key of SIMILAR_LABEL_KEYS) for (const label of related[key] ?? []) add(labels, key, label);
  }
  return {
    labels: keepLabels(labels, (filter, label) => !not[filter]?.includes(label)),
    not,
    places,
    words,
    ...(own.length > 0 && { own }),
  };
};

/** `readSearchText`, then `understandReading`: what a search text asks for. */
export const understandText = async (
  text: string,
  options: UnderstandOptions = {},
): Promise<UnderstoodText> => understandReading(readSearchText(text), options);
