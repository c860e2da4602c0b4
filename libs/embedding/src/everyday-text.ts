/**
 * Free text as people type it, made ready for `/ml`: negated parts set apart ("no salary", "not remote")
 * and misspelt names of labels corrected ("pyhton"), before labels are looked up by name and by meaning.
 */
import { EVERYDAY_NAMES, foldLabel, isSearchStopWord, TOOLS, VOCABULARIES } from '@skillers/domain';
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

/**
 * A negation after what it applies to: "3d modelling not needed", "equity isn't required". The part runs back
 * to the previous punctuation or joining word.
 */
const TRAILING_NEGATION =
  /(?<=^|[,.;:!?()\n]|\b(?:and|but|or|with|for)\b)\s*((?:(?!\b(?:and|but|or|with|for)\b)[^,.;:!?()\n])+?)\s+(?:(?:is|are)\s+not|(?:is|are)n['\u2019]t|not)\s+(?:needed|required|necessary|wanted|a\s+must)\b/giu;

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
  const kept = text
    .replace(TRAILING_NEGATION, setApart)
    .replace(NEGATION, setApart)
    .replace(NON_PREFIX, setApart)
    .replace(FREE_SUFFIX, setApart);
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
 * The label words a misspelt word may mean: the nearest ones within the allowed edits, several when tied.
 * English words ("actually" is no typo of Actuary) and place names ("lagos" is no typo of Laos) get none.
 */
const nearestLabelWords = (folded: string): string[] => {
  const { known: words, byLength: buckets } = knownWords();
  if (words.has(folded) || isEnglishWord(folded) || isPlaceWord(folded)) return [];
  const limit = allowedEdits(folded.length);
  let nearest: string[] = [];
  let bestDistance = limit + 1;
  for (let length = folded.length - limit; length <= folded.length + limit; length++) {
    for (const candidate of buckets.get(length) ?? []) {
      const distance = editDistance(folded, candidate, limit);
      if (distance < bestDistance) [nearest, bestDistance] = [[candidate], distance];
      else if (distance === bestDistance && !nearest.includes(candidate)) nearest.push(candidate);
    }
  }
  return bestDistance <= limit ? nearest : [];
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
/**
 * Corrections already worked out, by folded word (`to` when one is sure; `tied` the nearest label words when
 * several are as near, empty when none is); the dictionary never changes.
 */
const corrections = new LRUCache<string, { to: string } | { tied: string[] }>({ max: CORRECTIONS_KEPT });

const correctionOf = (folded: string): { to: string } | { tied: string[] } => {
  let kept = corrections.get(folded);
  if (!kept) {
    const split = splitRunTogether(folded);
    const nearest = split === undefined ? nearestLabelWords(folded) : [split];
    kept = nearest.length === 1 ? { to: nearest[0] } : { tied: nearest };
    corrections.set(folded, kept);
  }
  return kept;
};

/**
 * The two words of a name a word runs together (`splitRunTogether`), or else the one label word nearest to
 * it (`nearestLabelWords`), worked out once per word.
 */
export const correctWord = (word: string): string | undefined => {
  const folded = foldLabel(word);
  if (!mayBeMisspelt(folded)) return undefined;
  const correction = correctionOf(folded);
  return 'to' in correction ? correction.to : undefined;
};

/** The label words a word may misspell when several are as near (`nearestLabelWords`), else none. */
const tiedCorrections = (word: string): string[] => {
  const folded = foldLabel(word);
  if (!mayBeMisspelt(folded)) return [];
  const correction = correctionOf(folded);
  return 'tied' in correction ? correction.tied : [];
};

/**
 * The text with two words a name has as one written as one ("dev ops" → devops, "front end" → frontend),
 * where no name has them as two words and neither is a stop word ("in design" is no InDesign).
 */
export const joinSplitWords = (text: string): string => {
  const { known } = knownWords();
  const { after } = neighboursInNames();
  // Words at the odd places, what stands between them at the even ones.
  const pieces = text.split(/(\p{L}+)/u);
  for (let at = 1; at + 2 < pieces.length; at += 2) {
    if (pieces[at + 1] !== ' ' && pieces[at + 1] !== '-') continue;
    const [first, second] = [foldLabel(pieces[at]), foldLabel(pieces[at + 2])];
    if (isSearchStopWord(first) || isSearchStopWord(second)) continue;
    if (!known.has(first + second) || after.get(first)?.has(second)) continue;
    pieces[at + 2] = pieces[at] + pieces[at + 2];
    pieces[at] = pieces[at + 1] = '';
  }
  return pieces.join('');
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

/** Whether a word is one of `names`' words, or within the allowed edits of one. */
const nearOne = (names: Set<string> | undefined, word: string | undefined): boolean =>
  names !== undefined &&
  word !== undefined &&
  (names.has(word) ||
    (mayBeMisspelt(word) &&
      [...names].some(
        (name) => editDistance(word, name, allowedEdits(word.length)) <= allowedEdits(word.length),
      )));

/**
 * The text with misspelt label words corrected, each alone (`correctWord`) and then beside the rest of a
 * name: an English word (`nameWordBeside`), or a word as near to several label words as to one (the one a
 * name has beside a neighbour); everything else, punctuation included, is left as typed.
 */
export const correctTypos = (typed: string): string => {
  const text = joinSplitWords(typed);
  const found = [...text.matchAll(/\p{L}+/gu)];
  const words = found.map(([word]) => correctWord(word) ?? word);
  const folded = words.map((word) => foldLabel(word));
  // What each word may read as: itself once corrected, or each label word it is as near to.
  const tied = words.map((word, at) => (word === found[at][0] ? tiedCorrections(word) : []));
  const readings = folded.map((word, at) => (tied[at].length > 0 ? tied[at] : [word]));
  const { before, after } = neighboursInNames();
  /** The words names have right after (`after`) or right before (`before`) the word at `at`. */
  const besideIn = (names: Map<string, Set<string>>, at: number): Set<string> | undefined =>
    at < 0 || at >= words.length
      ? undefined
      : new Set(readings[at].flatMap((reading) => [...(names.get(reading) ?? [])]));
  words.forEach((word, at) => {
    if (word !== found[at][0] || !mayBeMisspelt(folded[at])) return;
    const afterPrevious = besideIn(after, at - 1);
    const beforeNext = besideIn(before, at + 1);
    if (tied[at].length > 0) {
      // Tied label words: the one a name has beside a neighbour as typed or as it may read ("promt enginer"
      // → prompt engineer).
      const fits = tied[at].filter(
        (label) =>
          afterPrevious?.has(label) ||
          beforeNext?.has(label) ||
          nearOne(after.get(label), folded[at + 1]) ||
          nearOne(before.get(label), folded[at - 1]),
      );
      if (fits.length === 1) words[at] = fits[0];
      return;
    }
    const corrected = nameWordBeside(folded[at], afterPrevious) ?? nameWordBeside(folded[at], beforeNext);
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
