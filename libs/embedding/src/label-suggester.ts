import {
  carriedIn,
  dot,
  type LabelSuggestionRequest,
  type UnderstoodLabels,
  type UnderstoodText,
} from '@skillers/domain';
import type { SearchIndex } from '@skillers/search';
import { LRUCache } from 'lru-cache';
import { type Embedder, EmbedderUnavailableError } from './embedder/embedder.port';
import { correctTypos, splitNegations } from './everyday-text';
import { LabelIndex, SEMANTIC_VOCABULARIES, type SemanticVocabulary } from './label-index';
import {
  SIMILAR_LABEL_KEYS,
  type SimilarLabelKey,
  type SimilarLabelsDict,
  textPhrases,
  vocabularyOf,
} from './lexical-labels';
import { type ModelSettings, modelSettings } from './model-settings';
import {
  namedLabels,
  readSearchText,
  type SearchTextReading,
  understandReading,
} from './understanding/understand-text';

export type SimilarityMode = 'semantic' | 'lexical';

export interface LabelSuggestions {
  similar_labels_dict: SimilarLabelsDict;
  mode: SimilarityMode;
}

export interface SemanticContext {
  embedder: Embedder;
  labels: LabelIndex;
  settings: ModelSettings;
}

const isSemantic = (vocabulary: string): vocabulary is SemanticVocabulary =>
  (SEMANTIC_VOCABULARIES as readonly string[]).includes(vocabulary);

interface Scored {
  label: string;
  /** How far above its threshold the label's best match is; comparable between whole text and phrases. */
  margin: number;
}

/** Labels close enough in meaning to the whole text or to one of its phrases, best first. */
const semanticMatches = (
  key: SimilarLabelKey,
  context: SemanticContext,
  whole: number[],
  phrases: number[][],
): Scored[] => {
  const vocabulary = vocabularyOf(key);
  if (!isSemantic(vocabulary)) return [];
  const { labelThreshold, phraseThreshold } = context.settings;
  const scored: Scored[] = [];
  for (const { label, vector } of context.labels.vectors(vocabulary)) {
    let margin = dot(whole, vector) - labelThreshold;
    for (const phrase of phrases) margin = Math.max(margin, dot(phrase, vector) - phraseThreshold);
    if (margin >= 0) scored.push({ label, margin });
  }
  return scored.sort((a, b) => b.margin - a.margin);
};

/** Whether a label may be suggested under a key (`carriedIn`: some record of the asked kind carries it). */
export type LabelFilter = (key: SimilarLabelKey, label: string) => boolean;

/**
 * `/ml`: labels named in the text come first, then labels close in meaning, at most `perKey` per key.
 * Negated parts ("no salary", "not remote") are set aside first and the labels they name are never
 * suggested; misspelt label words are corrected ("pyhton"); everyday names (EVERYDAY_NAMES), plurals and
 * places (a city names its country) count as names. Without a semantic context (no model) only the named
 * labels are returned. Labels `carried` refuses are left out before the cut to `perKey`.
 */
export const suggestLabels = async (
  text: string,
  perKey: number,
  context?: SemanticContext,
  carried: LabelFilter = () => true,
): Promise<LabelSuggestions> => {
  const { kept, negated } = splitNegations(text);
  const wanted = correctTypos(kept);
  const { labels: lexical } = namedLabels(wanted);
  const { labels: refused } = namedLabels(correctTypos(negated), { ruledOut: true });
  const allowed = (key: SimilarLabelKey, label: string) =>
    !refused[key]?.includes(label) && carried(key, label);
  const dict = namedFirst(lexical, perKey, allowed);
  if (!context) return { similar_labels_dict: dict, mode: 'lexical' };
  await addCloseInMeaning(dict, wanted, perKey, context, allowed);
  return { similar_labels_dict: dict, mode: 'semantic' };
};

/** The named labels `allowed` refuses not, at most `perKey` per key: where labels close in meaning are added. */
const namedFirst = (
  named: UnderstoodLabels,
  perKey: number,
  allowed: LabelFilter = () => true,
): SimilarLabelsDict =>
  Object.fromEntries(
    SIMILAR_LABEL_KEYS.map((key) => [
      key,
      (named[key] ?? []).filter((label) => allowed(key, label)).slice(0, perKey),
    ]),
  ) as unknown as SimilarLabelsDict;

/**
 * Adds to `dict` the labels close in meaning to the wanted part of a text, after those it holds, up to
 * `perKey` per key, where `allowed`.
 */
const addCloseInMeaning = async (
  dict: SimilarLabelsDict,
  wanted: string,
  perKey: number,
  context: SemanticContext,
  allowed: LabelFilter,
): Promise<void> => {
  if (wanted.trim() === '') return;
  const phrases = textPhrases(wanted);
  const [whole, ...phraseVectors] = await context.embedder.embed([wanted, ...phrases]);
  for (const key of SIMILAR_LABEL_KEYS) {
    for (const { label } of semanticMatches(key, context, whole, phraseVectors)) {
      if (dict[key].length >= perKey) break;
      if (!dict[key].includes(label) && allowed(key, label)) dict[key].push(label);
    }
  }
};

/** Labels close in meaning a search text's understanding adds per filter, after the ones it names. */
const RELATED_PER_KEY = 2;

/**
 * Search texts whose understanding is kept, the least recently asked dropped first. Reading a text costs far more than
 * the search itself (typo correction against every label word, n-grams against every vocabulary, the
 * model), and the same text comes back with each later page, each facet picked and each popular search.
 */
export const UNDERSTOOD_TEXTS_KEPT = 5_000;

/**
 * `/ml`: free text to filter labels, by name first and then by meaning when the model is loaded. The API
 * and the standalone embedder service both answer through it, so they suggest the same labels.
 */
export class LabelSuggester {
  private labels?: Promise<LabelIndex>;
  private readonly understood: LRUCache<string, UnderstoodText>;
  /** The readings by name, kept apart: asked first for the words, then again for the understanding. */
  private readonly readings: LRUCache<string, SearchTextReading>;

  constructor(
    private readonly embedder: Embedder,
    /** Where label vectors are cached: `DATA_DIR/models/label-cache` in both the API and the service. */
    private readonly cacheDir?: string,
    textsKept = UNDERSTOOD_TEXTS_KEPT,
  ) {
    this.understood = new LRUCache({ max: textsKept });
    this.readings = new LRUCache({ max: textsKept });
  }

  /**
   * With the request's `type`, only labels some record of that kind carries, by the label counts of `index`
   * (which the caller must give then).
   */
  async suggest(
    { input_text, len_2_cnt, type }: LabelSuggestionRequest,
    index?: Pick<SearchIndex, 'labelCounts'>,
  ): Promise<LabelSuggestions> {
    const carried = type && index ? carriedIn(await index.labelCounts(type)) : undefined;
    try {
      return await suggestLabels(input_text, len_2_cnt, await this.semanticContext(), carried);
    } catch (error) {
      if (!(error instanceof EmbedderUnavailableError)) throw error;
      return suggestLabels(input_text, len_2_cnt, undefined, carried);
    }
  }

  /**
   * The words of a search text the ranking reads (`understand(text).words`), known without the model: a
   * caller can ask for their vector while the model reads the labels close in meaning, in the same batch.
   */
  wordsOf(text: string): readonly string[] {
    return this.reading(text).words;
  }

  /** The roles a search text names (by name, everyday name or corrected spelling), not those close in meaning. */
  namedRoles(text: string): readonly string[] {
    return this.reading(text).labels.hardSkills ?? [];
  }

  /**
   * What a search text asks for (`understandText`), with labels close in meaning when the model is loaded;
   * without it, by name only. The answers with the model are kept (`UNDERSTOOD_TEXTS_KEPT`) and shared:
   * callers must not change them. Answers without it are not, so the model's labels come once it loads.
   */
  async understand(text: string): Promise<UnderstoodText> {
    const kept = this.understood.get(text);
    if (kept) return kept;
    const reading = this.reading(text);
    try {
      const context = await this.semanticContext();
      // The wanted part is read by name already: only its labels close in meaning are sought.
      const related = async (wanted: string) => {
        const dict = namedFirst(reading.labels, RELATED_PER_KEY);
        await addCloseInMeaning(dict, wanted, RELATED_PER_KEY, context, () => true);
        return dict;
      };
      const understood = await understandReading(reading, { related });
      this.understood.set(text, understood);
      return understood;
    } catch (error) {
      if (!(error instanceof EmbedderUnavailableError)) throw error;
      return understandReading(reading);
    }
  }

  private reading(text: string): SearchTextReading {
    const kept = this.readings.get(text);
    if (kept) return kept;
    const reading = readSearchText(text);
    this.readings.set(text, reading);
    return reading;
  }

  /** What the labels close in meaning are found with; fails with `EmbedderUnavailableError` without a model. */
  private async semanticContext(): Promise<SemanticContext> {
    return {
      embedder: this.embedder,
      labels: await this.labelIndex(),
      settings: modelSettings(this.embedder.modelId),
    };
  }

  private labelIndex(): Promise<LabelIndex> {
    this.labels ??= LabelIndex.open(this.embedder, this.cacheDir).catch((error: unknown) => {
      // A model that cannot load now is not cached as missing: the next call tries again.
      this.labels = undefined;
      throw error;
    });
    return this.labels;
  }
}
