import { ASCII_ONLY, foldLabel } from '../vocabularies/label-order';

/** Free text of a search: at most this many characters. */
export const SEARCH_TEXT_MAX_LENGTH = 500;

/**
 * Words that say nothing about a record, left out of the text ranking (BM25 in both adapters) and of the
 * words a result reports as found. Short on purpose: "no", "not" and "without" stay, as do words such as
 * "remote" that carry meaning in this product.
 */
export const SEARCH_STOP_WORDS: readonly string[] = Object.freeze(
  (
    'a an and are as at be but by can do for from has have i in into is it its me my of on or our so ' +
    'some someone somebody that the their them they this to us was we who will with you your looking ' +
    'need needs want wanted help'
  ).split(' '),
);

const STOP = new Set(SEARCH_STOP_WORDS);

/** Whether a lower-cased word is one of `SEARCH_STOP_WORDS`. */
export const isSearchStopWord = (word: string): boolean => STOP.has(word);

const TRIMMED_DOTS = /^\.+|\.+$/g;

/**
 * Lower-cased words without accents; dots, plus and hash inside a word stay (node.js, c++, c#). Plain ASCII
 * text (most of it) skips the Unicode folding, which cannot change it, and the Unicode-aware split.
 */
export const textWords = (text: string): string[] => {
  const ascii = ASCII_ONLY.test(text);
  const parts = ascii
    ? text.toLowerCase().split(/[^a-z0-9+#.]+/)
    : foldLabel(text)
        .toLowerCase()
        .split(/[^\p{L}\p{N}+#.]+/u);
  const words: string[] = [];
  for (const part of parts) {
    const word = part.includes('.') ? part.replace(TRIMMED_DOTS, '') : part;
    if (word !== '') words.push(word);
  }
  return words;
};

/** The singular of an English plural, or the word itself: "farmers" → "farmer", "classes" → "class". */
export const pluralStem = (word: string): string => {
  if (word.length <= 3) return word;
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(?:ss|x|z|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (/[^sui]s$/.test(word)) return word.slice(0, -1);
  return word;
};

/** A crude English stem, enough to meet plurals and -ing / -ed forms of the same word. */
export const lightStem = (word: string): string => {
  const singular = pluralStem(word);
  if (singular !== word || word.length <= 5) return singular;
  for (const suffix of ['ing', 'ed']) {
    if (word.endsWith(suffix) && word.length - suffix.length >= 3) return word.slice(0, -suffix.length);
  }
  return word;
};

/** The stems of a record's words, which `matchedTerms` meets a search's words against. */
export const textStems = (recordText: string): ReadonlySet<string> =>
  new Set(textWords(recordText).map(lightStem));

/** A word of the free text with its stem, as `matchedTerms` meets it against records. */
export interface SearchTerm {
  word: string;
  stem: string;
}

/** The words of the free text that can meet a record's, in the order typed, without repeats or stop words. */
export const searchTerms = (text: string): SearchTerm[] => {
  const terms: SearchTerm[] = [];
  for (const word of textWords(text)) {
    if (STOP.has(word) || terms.some((term) => term.word === word)) continue;
    terms.push({ word, stem: lightStem(word) });
  }
  return terms;
};

/** The words among a search's terms that a record's words meet by word or stem (`stems`, from `textStems`). */
export const termsFound = (terms: readonly SearchTerm[], stems: ReadonlySet<string>): string[] =>
  terms.filter((term) => stems.has(term.stem)).map((term) => term.word);

/**
 * The words of the free text that a record's words meet by word or stem (`stems`, from `textStems`), in the
 * order typed and without repeats; stop words are left out. A search meets many records: `searchTerms` once,
 * then `termsFound` for each, spare reading its text again.
 */
export const matchedTerms = (text: string, stems: ReadonlySet<string>): string[] =>
  termsFound(searchTerms(text), stems);

/** The words of the free text that the record's text contains (`matchedTerms`). */
export const matchedTextTerms = (text: string, recordText: string): string[] =>
  matchedTerms(text, textStems(recordText));
