import { tokenizer as oramaTokenizer } from '@orama/orama/components';
import { SEARCH_STOP_WORDS } from '@skillers/domain';

/** English stemming, so "developers" meets "developer", and the stop words the ranking ignores. */
export const textTokenizerConfig = () => ({
  language: 'english' as const,
  stemming: true,
  stopWords: [...SEARCH_STOP_WORDS],
});

/** Orama's English splitter (components/tokenizer/languages.js, not exported by the package). */
const ENGLISH_SPLITTER = /[^A-Za-zàèéìòóù0-9_'-]+/gim;

/** Normalised words remembered; past this many the memory starts again (texts reuse a small vocabulary). */
const NORMALIZED_KEPT = 1 << 18;

/**
 * Orama's English tokenizer, token for token (lower case, its splitter, stop words, its stemmer, diacritics,
 * repeats dropped), with each word's normalised form remembered. Orama's own cache keeps every word it ever
 * saw; without it, stemming is most of indexing a text.
 */
export class TextTokenizer {
  private readonly orama = oramaTokenizer.createTokenizer(textTokenizerConfig());
  private normalized = new Map<string, string>();

  tokens(text: string): string[] {
    const tokens = new Set<string>();
    for (const word of text.toLowerCase().split(ENGLISH_SPLITTER)) {
      let token = this.normalized.get(word);
      if (token === undefined) {
        token = this.orama.normalizeToken('', word, false);
        if (this.normalized.size >= NORMALIZED_KEPT) this.normalized = new Map();
        this.normalized.set(word, token);
      }
      if (token) tokens.add(token);
    }
    return [...tokens];
  }
}
