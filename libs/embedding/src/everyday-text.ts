/**
 * Free text as people type it, made ready for `/ml`: negated parts set apart ("no salary", "not remote")
 * and misspelt names of labels corrected ("pyhton"), before labels are looked up by name and by meaning.
 */
import { EVERYDAY_NAMES, foldLabel, TOOLS, VOCABULARIES } from '@skillers/domain';
import { LRUCache } from 'lru-cache';
import { SIMILAR_LABEL_KEYS, vocabularyOf } from './lexical-labels';
import { isEnglishWord } from './understanding/english-words';
import { isPlaceWord } from './understanding/places';

/**
 * A negation and what it applies to, up to the next punctuation, spaced dash or joining word. "or" joins what
 * is ruled out ("no equity or stock", "never worked on money or banking"), so it does not end the part. A
 * negated verb rules out what follows it ("isn't hunting for a startup", "aren't building yet another app").
 */
const NEGATION =
  /\b(?:no|not|without|never|except(?:\s+for)?|excluding|anything\s+but|other\s+than|rather\s+than|instead\s+of|(?:has\s+|have\s+|with\s+)?nothing\s+to\s+do\s+with|unrelated\s+to|(?:do|does|did)\s+not|(?:do|does|did|is|are|was|were|wo|ca)n['\u2019]t)\s+([^,.;:!?()\n]*?)(?=\s+(?:but|and|only|just|rather|instead|please)\b|\s[-\u2013\u2014]\s|[,.;:!?()\n]|$)/gi;

/** "non-crypto", "non technical": the word after "non" is ruled out, except in names such as Non-Profit. */
const NON_PREFIX = /\bnon[- ](?!profit)(\p{L}[\p{L}+#.]*)/giu;

/** "crypto-free", "meeting-free": the word before "-free" is ruled out. */
const FREE_SUFFIX = /\b(\p{L}[\p{L}+#.]*)-free\b/giu;

/** What joins the negated parts (none holds a comma, so each can be read alone again). */
export const NEGATED_PARTS_JOIN = ', ';

export interface NegationSplit {
  /** The text without its negated parts. */
  kept: string;
  /** The negated parts, joined: labels named there are never suggested. */
  negated: string;
}

export const splitNegations = (text: string): NegationSplit => {
  const negated: string[] = [];
  const setApart = (_match: string, part: string) => {
    negated.push(part);
    return ' ';
  };
  const kept = text.replace(NEGATION, setApart).replace(NON_PREFIX, setApart).replace(FREE_SUFFIX, setApart);
  return { kept: kept.replace(/\s+/g, ' ').trim(), negated: negated.join(NEGATED_PARTS_JOIN) };
};

/** Only words this long are corrected: shorter ones are too close to too many others. */
export const TYPO_MIN_LENGTH = 5;

/** Every label name, tool alias and everyday name, folded and split into its words. */
const labelNameWords = (): string[][] =>
  [
    ...SIMILAR_LABEL_KEYS.flatMap((key) => VOCABULARIES[vocabularyOf(key)]),
    ...TOOLS.flatMap((tool) => tool.aliases),
    ...Object.values(EVERYDAY_NAMES).flatMap((labels) => Object.values(labels ?? {}).flat()),
  ].map((name) =>
    foldLabel(name)
      .split(/[\s/()-]+/)
      .filter(Boolean),
  );

const dictionary = (): ReadonlySet<string> =>
  new Set(
    labelNameWords()
      .flat()
      .filter((word) => word.length >= TYPO_MIN_LENGTH - 1),
  );

let known: ReadonlySet<string> | undefined;
/** Words of 5+ letters bucketed by length, so a word is only compared with words that could be near it. */
let byLength: Map<number, string[]> | undefined;

const knownWords = () => {
  known ??= dictionary();
  if (!byLength) {
    byLength = new Map();
    for (const word of known) byLength.set(word.length, [...(byLength.get(word.length) ?? []), word]);
  }
  return { known, byLength };
};

/** Edits allowed: one up to seven letters, two from eight. */
const allowedEdits = (length: number): number => (length >= 8 ? 2 : 1);

/** Rows of the distance table, reused by every comparison: a word is compared with hundreds of label words. */
let rows = [new Int32Array(0), new Int32Array(0), new Int32Array(0)];

/** Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours. */
export const editDistance = (a: string, b: string, limit = Infinity): number => {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  if (rows[0].length <= b.length) rows = rows.map(() => new Int32Array(2 * (b.length + 1)));
  // Row i of the table, with the two before it (a swap looks two rows back).
  let [beforeLast, last, row] = rows;
  for (let j = 0; j <= b.length; j++) last[j] = j;
  for (let i = 1; i <= a.length; i++) {
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min(last[j] + 1, row[j - 1] + 1, last[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        row[j] = Math.min(row[j], beforeLast[j - 2] + 1);
    }
    [beforeLast, last, row] = [last, row, beforeLast];
  }
  return last[b.length];
};

/**
 * The label word a misspelt word most likely means: the only nearest one within the allowed edits. English
 * words ("actually" is no typo of Actuary) and place names ("lagos" is no typo of Laos) are left as typed.
 */
const nearestLabelWord = (folded: string): string | undefined => {
  const { known: words, byLength: buckets } = knownWords();
  if (words.has(folded) || isEnglishWord(folded) || isPlaceWord(folded)) return undefined;
  const limit = allowedEdits(folded.length);
  let best: string | undefined;
  let bestDistance = limit + 1;
  let tied = false;
  for (let length = folded.length - limit; length <= folded.length + limit; length++) {
    for (const candidate of buckets.get(length) ?? []) {
      const distance = editDistance(folded, candidate, limit);
      if (distance < bestDistance) {
        [best, bestDistance, tied] = [candidate, distance, false];
      } else if (distance === bestDistance && candidate !== best) tied = true;
    }
  }
  return bestDistance <= limit && !tied ? best : undefined;
};

/** The shortest part a run-together word is split into. */
const SPLIT_PART_MIN_LENGTH = 2;

/**
 * The two words of a name a word runs together, when exactly one split makes them ("leveldesign" → "level
 * design", "datascience" → "data science"); label words ("fullstack"), English words ("database") and places
 * are left as typed.
 */
const splitRunTogether = (folded: string): string | undefined => {
  if (knownWords().known.has(folded) || isEnglishWord(folded) || isPlaceWord(folded)) return undefined;
  const { after } = neighboursInNames();
  const splits: string[] = [];
  for (let at = SPLIT_PART_MIN_LENGTH; at <= folded.length - SPLIT_PART_MIN_LENGTH; at++)
    if (after.get(folded.slice(0, at))?.has(folded.slice(at)))
      splits.push(`${folded.slice(0, at)} ${folded.slice(at)}`);
  return splits.length === 1 ? splits[0] : undefined;
};

/** Whether a folded word is one a correction is sought for: long enough, and letters a to z only. */
const mayBeMisspelt = (folded: string): boolean =>
  folded.length >= TYPO_MIN_LENGTH && /^[a-z]+$/.test(folded);

/** Words whose correction is kept: working one out compares the word with hundreds of label words. */
const CORRECTIONS_KEPT = 20_000;
/** Corrections already worked out (`none`: no correction), by folded word; the dictionary never changes. */
const corrections = new LRUCache<string, { to: string } | { none: true }>({ max: CORRECTIONS_KEPT });

/**
 * The two words of a name a word runs together (`splitRunTogether`), or else the label word it most likely
 * misspells (`nearestLabelWord`), worked out once per word.
 */
export const correctWord = (word: string): string | undefined => {
  const folded = foldLabel(word);
  if (!mayBeMisspelt(folded)) return undefined;
  const kept = corrections.get(folded);
  if (kept) return 'to' in kept ? kept.to : undefined;
  const correction = splitRunTogether(folded) ?? nearestLabelWord(folded);
  corrections.set(folded, correction === undefined ? { none: true } : { to: correction });
  return correction;
};

/** The words that come right before and right after each word in a name of several words. */
interface NameNeighbours {
  before: Map<string, Set<string>>;
  after: Map<string, Set<string>>;
}

let nameNeighbours: NameNeighbours | undefined;

const neighboursInNames = (): NameNeighbours => {
  if (nameNeighbours) return nameNeighbours;
  const before = new Map<string, Set<string>>();
  const after = new Map<string, Set<string>>();
  const add = (to: Map<string, Set<string>>, word: string, neighbour: string) =>
    to.set(word, (to.get(word) ?? new Set()).add(neighbour));
  for (const words of labelNameWords())
    for (let at = 1; at < words.length; at++) {
      add(before, words[at], words[at - 1]);
      add(after, words[at - 1], words[at]);
    }
  nameNeighbours = { before, after };
  return nameNeighbours;
};

/**
 * The word a name of several words has beside `neighbour` that `folded` misspells, when only one does: a
 * misspelling can be an English word of its own ("product manger", "quantitive analyst"), which
 * `correctWord` leaves as typed, but beside the rest of a name it is read as the name's word.
 */
const nameWordBeside = (folded: string, neighbour: Set<string> | undefined): string | undefined => {
  if (!neighbour || neighbour.has(folded)) return undefined;
  const limit = allowedEdits(folded.length);
  const near = [...neighbour].filter((word) => editDistance(folded, word, limit) <= limit);
  return near.length === 1 ? near[0] : undefined;
};

/**
 * The text with misspelt label words corrected, each alone (`correctWord`) and then beside the rest of a
 * name (`nameWordBeside`); everything else, punctuation included, is left as typed.
 */
export const correctTypos = (text: string): string => {
  const found = [...text.matchAll(/\p{L}+/gu)];
  const words = found.map(([word]) => correctWord(word) ?? word);
  const folded = words.map((word) => foldLabel(word));
  const { before, after } = neighboursInNames();
  words.forEach((word, at) => {
    if (word !== found[at][0] || !mayBeMisspelt(folded[at])) return;
    const corrected =
      nameWordBeside(folded[at], at > 0 ? after.get(folded[at - 1]) : undefined) ??
      nameWordBeside(folded[at], at + 1 < words.length ? before.get(folded[at + 1]) : undefined);
    if (corrected) words[at] = corrected;
  });
  let end = 0;
  let out = '';
  found.forEach((match, at) => {
    out += text.slice(end, match.index) + words[at];
    end = (match.index ?? 0) + match[0].length;
  });
  return out + text.slice(end);
};
