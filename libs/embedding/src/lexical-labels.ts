import {
  EVERYDAY_NAMES,
  NAMES_WHEN_RULED_OUT,
  NOT_CUES,
  FILTER_VOCABULARY,
  findFoldedOption,
  findOption,
  foldLabel,
  lightStem,
  pluralStem,
  SIMILAR_LABEL_KEYS,
  VOCABULARIES,
  type VocabularyKey,
} from '@skillers/domain';
import { findFoldedSynonyms } from './label-synonyms';

/** `/ml`'s keys live in libs/domain beside the understood filters; `vocabularyOf` types each as a vocabulary's. */
export { SIMILAR_LABEL_KEYS };

export type SimilarLabelKey = (typeof SIMILAR_LABEL_KEYS)[number];
export type SimilarLabelsDict = Record<SimilarLabelKey, string[]>;

export const vocabularyOf = (key: SimilarLabelKey): VocabularyKey => FILTER_VOCABULARY[key];

export const emptyLabelsDict = (): SimilarLabelsDict =>
  Object.fromEntries(SIMILAR_LABEL_KEYS.map((key) => [key, []])) as unknown as SimilarLabelsDict;

/**
 * Tool and language names that are also everyday English words: written in lower case ("we want to go",
 * "polish the design") they are words, so they count only when capitalised or next to a word that says a
 * tool is meant ("unity developer", "rust backend", "r and python"). "react" and "node" stay unambiguous:
 * people write them in lower case and mean the tools.
 */
const EVERYDAY_WORDS = new Set(
  (
    'go next word motion shell spring express lean r c teams monday elastic nest sh rest remix segment sketch ' +
    'lambda serverless ci cd fp xp ae ado hf sem pg py ts torch linear loom helm unity swift rust ruby dart ' +
    'julia ant chef puppet bun astro vim excel outlook apollo spark mocha jest claude gemini discord slack zoom ' +
    'notion mural basecamp confluence bootstrap flutter ionic expo capacitor blender electron eclipse maya ' +
    'polish lean agile make processing solid ember meteor monday obs'
  ).split(' '),
);

/** Words next to which a lower-case everyday word is a tool: "swift developer", "backend in go". */
const TOOL_CUES = new Set(
  (
    'developer developers dev devs engineer engineers programmer programmers programming coder coders code ' +
    'coding backend frontend back-end front-end fullstack stack game games gamedev sdk framework lang ' +
    'language scripting scripts expert experience knows know skills senior junior'
  ).split(' '),
);

/** How many words either side are looked at for a tool cue. */
const CUE_WINDOW = 2;

/** Longest label, in words, that n-grams are tried for. */
const MAX_NGRAM = 6;

/** Words with their trailing and leading punctuation removed; dots, plus and hash inside words stay (node.js, c++, c#). */
export const words = (text: string): string[] => cleanWords(text).map(withoutPossessive);

/** A possessive names what it is said of: "our charity's work" is a charity's. */
const POSSESSIVE = /['’]s$/i;

const withoutPossessive = (word: string): string => word.replace(POSSESSIVE, '');

const cleanWords = (text: string): string[] =>
  text
    .split(/\s+/)
    .map((word) =>
      word
        .replace(/^[("'[{]+/, '')
        .replace(/[)"'\]},;:!?]+$/, '')
        .replace(/\.$/, ''),
    )
    .filter((word) => withoutPossessive(word) !== '');

/** Each word of a folded name in its singular: "start ups" and "Start Up", "farmers" and "Farmer" meet. */
const singularOfFolded = (folded: string): string => folded.split(' ').map(pluralStem).join(' ');
/** Each word of a folded phrase stemmed: "keeps crashing on" and "keeps crashes on" meet. */
const stemsOfFolded = (folded: string): string => folded.split(' ').map(lightStem).join(' ');

/** How a name and a run of the text's words are compared when neither matches as written. */
type NameForm = 'singular' | 'stems';

const formLookups = new Map<string, ReadonlyMap<string, readonly string[]>>();

/**
 * Labels and everyday names of a vocabulary by their singular, or, for names of two words or more, by their
 * words' stems (a phrase's verb forms: "show up on google" and "showing up on google"; a single word's stem
 * meets too many others). Built on first use; for a part of a text that rules labels out, the names it is
 * read by (NAMES_WHEN_RULED_OUT).
 */
const formLookup = (
  vocabulary: VocabularyKey,
  ruledOut: boolean,
  form: NameForm,
): ReadonlyMap<string, readonly string[]> => {
  const id = `${vocabulary}:${ruledOut}:${form}`;
  let lookup = formLookups.get(id);
  if (!lookup) {
    const built = new Map<string, string[]>();
    const add = (name: string, label: string) => {
      const folded = foldLabel(name);
      if (form === 'stems' && !folded.includes(' ')) return;
      const key = form === 'stems' ? stemsOfFolded(folded) : singularOfFolded(folded);
      if (!built.get(key)?.includes(label)) built.set(key, [...(built.get(key) ?? []), label]);
    };
    for (const label of VOCABULARIES[vocabulary]) add(label, label);
    for (const [label, names] of Object.entries(
      (ruledOut ? NAMES_WHEN_RULED_OUT : EVERYDAY_NAMES)[vocabulary] ?? {},
    ))
      for (const name of names) add(name, label);
    formLookups.set(id, (lookup = built));
  }
  return lookup;
};

let notCueRuns: ReadonlySet<string> | undefined;
/** NOT_CUES folded, each word in its singular, as a run of the text's words is compared. */
const notCueRunsFolded = (): ReadonlySet<string> =>
  (notCueRuns ??= new Set(NOT_CUES.map((run) => singularOfFolded(foldLabel(run)))));

/** A run of the text's words, folded once for every vocabulary it is looked up in. */
class Gram {
  readonly phrase: string;
  readonly folded: string;
  private singularText?: string;
  private stemsText?: string;

  constructor(
    readonly size: number,
    tokens: readonly string[],
  ) {
    this.phrase = tokens.join(' ');
    this.folded = foldLabel(this.phrase);
  }

  get singular(): string {
    return (this.singularText ??= singularOfFolded(this.folded));
  }

  get stems(): string {
    return (this.stemsText ??= stemsOfFolded(this.folded));
  }
}

const matchAt = (key: SimilarLabelKey, gram: Gram, cued: boolean, ruledOut: boolean): readonly string[] => {
  const vocabulary = vocabularyOf(key);
  const { phrase, folded } = gram;
  if (gram.size === 1 && !cued && EVERYDAY_WORDS.has(phrase.toLowerCase()) && phrase === phrase.toLowerCase())
    return [];
  const exact = findFoldedOption(vocabulary, folded);
  const everyday = findFoldedSynonyms(vocabulary, folded, ruledOut);
  // A label that is also an everyday name stands for both: "founder" is Founder and Co-Founder.
  if (exact !== undefined) return [exact, ...everyday.filter((label) => label !== exact)];
  if (everyday.length > 0 || vocabulary === 'tool') return everyday;
  // "farmers" names the Farmer role; tools are left alone, where a trailing s is part of names (Express, Jenkins).
  const singular = formLookup(vocabulary, ruledOut, 'singular').get(gram.singular);
  if (singular) return singular;
  return gram.size >= 2 ? (formLookup(vocabulary, ruledOut, 'stems').get(gram.stems) ?? []) : [];
};

/** Whether the word is a tool cue ("developer", "stack") or a tool name that is no everyday word ("python"). */
const cuesTools = (token: string): boolean => {
  const lower = token.toLowerCase();
  return TOOL_CUES.has(lower) || (!EVERYDAY_WORDS.has(lower) && findOption('tool', token) !== undefined);
};

/**
 * Whether the text speaks of tools anywhere: a part read apart from it (what "anything other than unity"
 * rules out) then reads tool names that are also everyday words as tools.
 */
export const speaksOfTools = (text: string): boolean => words(text).some(cuesTools);

export interface LexicalOptions {
  /** The part rules labels out: NAMES_WHEN_RULED_OUT name them. */
  ruledOut?: boolean;
  /** The rest of the text speaks of tools (`speaksOfTools`): every word is cued. */
  toolContext?: boolean;
}

/**
 * Vocabulary labels named in the text, by label or tool alias, ignoring case and accents, in the order the
 * text names them. Longer names win over the words inside them ("React Native" over "React"). Everyday names
 * and cues count as names; in a part of a text that rules labels out (`ruledOut`), NAMES_WHEN_RULED_OUT do.
 */
export const lexicalLabelMatches = (
  text: string,
  { ruledOut = false, toolContext = false }: LexicalOptions = {},
): SimilarLabelsDict => {
  const cleaned = cleanWords(text);
  const tokens = cleaned.map(withoutPossessive);
  // "the designer's mockups" are someone's already there: a role in a possessive is not asked for.
  const possessive = cleaned.map((word) => POSSESSIVE.test(word));
  const cuing = tokens.map(cuesTools);
  // A word is cued when a tool cue or an unambiguous tool name stands within CUE_WINDOW words of it.
  const cued = tokens.map((_, at) => {
    if (toolContext) return true;
    for (
      let near = Math.max(0, at - CUE_WINDOW);
      near <= Math.min(tokens.length - 1, at + CUE_WINDOW);
      near++
    )
      if (near !== at && cuing[near]) return true;
    return false;
  });
  // Every run of up to MAX_NGRAM words, folded once: grams[size][start].
  const grams = Array.from({ length: Math.min(MAX_NGRAM, tokens.length) + 1 }, (_, size) =>
    Array.from(
      { length: size === 0 ? 0 : tokens.length - size + 1 },
      (_, start) => new Gram(size, tokens.slice(start, start + size)),
    ),
  );
  // The words of runs that name no label (NOT_CUES) match nothing.
  const notCues = notCueRunsFolded();
  const masked = new Set<number>();
  for (let size = 1; size < grams.length; size++)
    for (const [start, gram] of grams[size].entries())
      if (notCues.has(gram.singular)) for (let at = start; at < start + size; at++) masked.add(at);
  const found = new Map<SimilarLabelKey, Hit[]>();
  // Where a phrase of PHRASE_WORDS or more named a label (SHORT_PHRASE_WORDS for a role, or in a part that
  // rules labels out): a lone word inside it names nothing else.
  const phrased = new Map<number, SimilarLabelKey>();
  // Where any name of two words or more named a label: a lone word inside it names no role ("video game").
  const inTwoWordNames = new Set<number>();
  for (const key of SIMILAR_LABEL_KEYS) {
    const hits: Hit[] = [];
    const covered = new Set<number>(masked);
    for (let size = Math.min(MAX_NGRAM, tokens.length); size >= 1; size--) {
      for (let start = 0; start + size <= tokens.length; start++) {
        if (covered.has(start) || (key === 'hardSkills' && possessive[start + size - 1])) continue;
        const labels = matchAt(
          key,
          grams[size][start],
          key === 'toolsExperience' && size === 1 && cued[start],
          ruledOut,
        );
        if (labels.length === 0) continue;
        for (let index = start; index < start + size; index++) {
          covered.add(index);
          if (size >= (ruledOut || key === 'hardSkills' ? SHORT_PHRASE_WORDS : PHRASE_WORDS))
            phrased.set(index, key);
          if (size >= SHORT_PHRASE_WORDS) inTwoWordNames.add(index);
        }
        for (const label of labels) hits.push({ label, at: start, size });
      }
    }
    found.set(key, hits);
  }
  // "train a model" asks for machine learning, not for trains.
  const named = (key: SimilarLabelKey, hit: Hit) =>
    hit.size > 1 ||
    ((phrased.get(hit.at) ?? key) === key && !(key === 'hardSkills' && inTwoWordNames.has(hit.at)));
  return Object.fromEntries(
    SIMILAR_LABEL_KEYS.map((key) => {
      const hits = (found.get(key) ?? []).filter((hit) => named(key, hit)).sort((a, b) => a.at - b.at);
      return [key, [...new Set(hits.map(({ label }) => label))]];
    }),
  ) as unknown as SimilarLabelsDict;
};

interface Hit {
  label: string;
  at: number;
  size: number;
}

/** A run of this many words or more that names a label leaves its words to that label alone. */
const PHRASE_WORDS = 3;
/**
 * A role's name already says what its words are about: "camera operator" asks for a videographer, not for
 * photography and documentaries besides. What a text rules out is read as narrowly: "not a game jam" rules
 * out game jams, not every video game.
 */
const SHORT_PHRASE_WORDS = 2;

/** Connecting words a request's parts hang on: "a phone app | farmers | react". */
const PHRASE_BREAKS =
  /[.,;:!?()\n]+|\s(?:and|or|for|with|in|on|to|who|that|which|but|by|using|from|of|at|as)\s/gi;

export const MAX_PHRASES = 16;

/** The parts of a request, compared with labels one by one so that one topic does not drown another. */
export const textPhrases = (text: string): string[] => {
  const phrases = text
    .replace(PHRASE_BREAKS, '|')
    .replace(PHRASE_BREAKS, '|')
    .split('|')
    .map((part) => part.trim().replace(/\s+/g, ' '))
    .filter((part) => /[a-z]{3,}/i.test(part));
  return [...new Set(phrases)].slice(0, MAX_PHRASES);
};
