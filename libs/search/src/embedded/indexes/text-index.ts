import { LRUCache } from 'lru-cache';
import { type Bitset, hasBit, setBit } from '../structures/bitset';
import { oramaWordOrder } from './orama-word-order';
import {
  arrayOf,
  arraySection,
  builtSection,
  jsonOf,
  jsonSection,
  type SectionReader,
  type SectionSource,
} from '../structures/binary-sections';
import { TermPostings } from '../structures/term-postings';
import type { SectionInFile } from '../snapshot/section-in-file';
import { TextStore } from './text-store';
import { TextTokenizer } from './text-tokenizer';

/** Orama's default BM25 parameters, as its `search` applies them. */
const BM25_PARAMETERS = { k: 1.2, b: 0.75, d: 0.5 };

/**
 * Orama's BM25 (components/algorithms.js) of a word in a text of `length` distinct words: Orama's tokenizer
 * keeps each word once, so the word's frequency is 1 / length.
 */
const bm25 = (idf: number, length: number, averageLength: number): number => {
  const { k, b, d } = BM25_PARAMETERS;
  const tf = 1 / length;
  return (idf * (d + tf * (k + 1))) / (tf + k * (1 - b + (b * length) / averageLength));
};
/** New words wait in a small map; this many are merged into the sorted dictionary at once. */
const UNSORTED_LIMIT = 4096;
/** Words whose term numbers are remembered before the memory starts again. */
const TERMS_REMEMBERED = 1 << 16;
const INITIAL_SLOTS = 1024;
const NO_TEXT = -1;
const SECTIONS_FORMAT = 1;

/** The binary form's small numbers, as JSON. */
interface TextIndexMeta {
  format: number;
  documents: number;
  averageLength: number | null;
}

/** Search texts whose tokens are kept: texts of at most 500 characters. */
const QUERY_TEXTS_KEPT = 5_000;

/**
 * The free-text index of one kind, keyed by facet slot: the words of each text, their slots, each text's
 * length, and the texts themselves, all in typed arrays and one byte pool.
 *
 * It scores exactly as the Orama database it replaces did: the same tokenizer (Orama's own), a token
 * finding its word and every word it begins, and Orama's BM25 fed with Orama's statistics as Orama keeps
 * them. Orama's tokenizer drops repeated tokens, so a text's length is its count of distinct words and every word's frequency in it is one over that length;
 * a word's document count is the length of its run of slots; the average length is Orama's running
 * average, updated by the same formulas on every insert and removal (so it drifts the same way), except that
 * a text written again unchanged is left as it is (Orama would remove and insert it). A text's
 * score adds its parts token by token and word by word in Orama's order (`oramaWordOrder`), so the sums are
 * equal to the bit. One difference on purpose: Orama counts a word's documents in a plain object, where the
 * word `constructor` finds Object's and scores nothing, then NaN after a removal; here it scores as any word.
 */
export class TextIndex {
  private readonly tokenizer = new TextTokenizer();
  /** The tokens of search texts lately scored: the same searches come again and again, stemmed once. */
  private readonly queryTokens = new LRUCache<string, readonly string[]>({ max: QUERY_TEXTS_KEPT });
  /** Words by term number, in the order they first came. */
  private readonly words: string[];
  /**
   * Term numbers in word order (a word's number is found by binary search: no map of every word), then
   * the newest words by word in `unsorted`.
   */
  private sorted: Int32Array;
  private unsorted = new Map<string, number>();
  /** Term numbers of words lately looked up: indexing a text finds mostly common words, each by a search. */
  private termsLatelyFound = new Map<string, number>();
  /** The most distinct words any text held (a bound: removals leave it). */
  private longest = 0;
  private parts = new Float64Array(0);

  private constructor(
    words: string[],
    sorted: Int32Array,
    private readonly postings: TermPostings,
    private readonly texts: TextStore,
    /** Distinct words per slot (`NO_TEXT` for a slot without a document). */
    private lengths: Int32Array,
    private documents: number,
    private averageLength: number | undefined,
  ) {
    this.words = words;
    this.sorted = sorted;
    for (const length of lengths) this.longest = Math.max(this.longest, length);
  }

  static create(): TextIndex {
    return new TextIndex(
      [],
      new Int32Array(0),
      TermPostings.create(),
      TextStore.create(),
      new Int32Array(INITIAL_SLOTS).fill(NO_TEXT),
      0,
      undefined,
    );
  }

  /** Documents held (Orama's `count`). */
  get count(): number {
    return this.documents;
  }

  /** Lets go of a snapshot's file its texts are read from; the index is not used afterwards. */
  close(): void {
    this.texts.close();
  }

  has(slot: number): boolean {
    return slot < this.lengths.length && this.lengths[slot] !== NO_TEXT;
  }

  text(slot: number): string | undefined {
    return this.texts.get(slot);
  }

  /**
   * The slot's text becomes `text`: the old one is removed first, as Orama's remove-then-insert does. The same
   * text again (a vector set, an unchanged record indexed again) is left as it is: no tokenizing, and no drift
   * of the running average, so an index is the same whichever rewrites it went through.
   */
  upsert(slot: number, text: string): void {
    // Read once: a text loaded from a snapshot is read from its file.
    const held = this.heldText(slot);
    if (held === text) return;
    if (held !== undefined) this.removeHeld(slot, held);
    const tokens = this.tokens(text);
    this.documents++;
    // Orama's running average, in Orama's own arithmetic.
    this.averageLength = ((this.averageLength ?? 0) * (this.documents - 1) + tokens.length) / this.documents;
    if (slot >= this.lengths.length) {
      const lengths = new Int32Array(Math.max(slot + 1, this.lengths.length * 2)).fill(NO_TEXT);
      lengths.set(this.lengths);
      this.lengths = lengths;
    }
    this.lengths[slot] = tokens.length;
    this.longest = Math.max(this.longest, tokens.length);
    for (const token of tokens) this.postings.add(this.termOf(token) ?? this.addWord(token), slot);
    this.texts.set(slot, text);
  }

  /** Removes the slot's text; false when it had none. */
  remove(slot: number): boolean {
    const held = this.heldText(slot);
    if (held === undefined) return false;
    this.removeHeld(slot, held);
    return true;
  }

  /** The slot's text, when it holds one. */
  private heldText(slot: number): string | undefined {
    return this.has(slot) ? this.texts.get(slot) : undefined;
  }

  private removeHeld(slot: number, text: string): void {
    const documents = this.documents;
    this.averageLength =
      documents > 1
        ? ((this.averageLength as number) * documents - this.lengths[slot]) / (documents - 1)
        : undefined;
    for (const token of this.tokens(text)) {
      const term = this.termOf(token);
      if (term !== undefined) this.postings.delete(term, slot);
    }
    this.lengths[slot] = NO_TEXT;
    this.texts.delete(slot);
    this.documents--;
  }

  /** The query's tokens, as Orama's `search` makes them (stemmed, stop words and repeats left out). */
  tokens(text: string): string[] {
    return this.tokenizer.tokens(text);
  }

  /**
   * Adds the BM25 score of `text` to `scores` at every slot holding a word a token finds (only slots in
   * `accept`, when given): Orama's score to the bit for a slot that had 0. With `scored`, sets the bit of every
   * slot it adds to.
   */
  addScores(text: string, scores: Float64Array, accept?: Bitset, scored?: Bitset): void {
    const documents = this.documents;
    const averageLength = this.averageLength as number;
    const { lengths, longest } = this;
    let tokens = this.queryTokens.get(text);
    if (!tokens) {
      tokens = this.tokens(text);
      this.queryTokens.set(text, tokens);
    }
    for (const token of tokens) {
      for (const term of this.wordsFound(token)) {
        const matching = this.postings.count(term);
        if (matching === 0) continue;
        const idf = Math.log(1 + (documents - matching + 0.5) / (matching + 0.5));
        const slots = this.postings.slotsOf(term);
        // A word's part depends on the text's length only: computed once per length for a common word.
        const byLength = slots.length > longest ? this.partsByLength(idf, averageLength) : undefined;
        for (let at = 0; at < slots.length; at++) {
          const slot = slots[at];
          if (accept && !hasBit(accept, slot)) continue;
          scores[slot] += byLength ? byLength[lengths[slot]] : bm25(idf, lengths[slot], averageLength);
          if (scored) setBit(scored, slot);
        }
      }
    }
  }

  /** `bm25` for every length up to the longest text's, in a buffer the next call overwrites. */
  private partsByLength(idf: number, averageLength: number): Float64Array {
    if (this.parts.length <= this.longest) this.parts = new Float64Array(this.longest + 1);
    for (let length = 1; length <= this.longest; length++)
      this.parts[length] = bm25(idf, length, averageLength);
    return this.parts;
  }

  /**
   * The binary form: typed arrays and bytes as they are, read where they lie, no per-document encoding; the
   * words and their lengths are built when written.
   */
  toSections(): SectionSource[] {
    this.sortWords();
    const { words } = this;
    let lastSlot = this.lengths.length;
    while (lastSlot > 0 && this.lengths[lastSlot - 1] === NO_TEXT) lastSlot--;
    const meta: TextIndexMeta = {
      format: SECTIONS_FORMAT,
      documents: this.documents,
      averageLength: this.averageLength ?? null,
    };
    const chars = words.reduce((sum, word) => sum + word.length, 0);
    return [
      jsonSection('meta', meta),
      { name: 'words', bytes: 2 * chars, parts: () => [Buffer.from(words.join(''), 'utf16le')] },
      builtSection('word-lengths', 4 * words.length, () => Int32Array.from(words, (word) => word.length)),
      arraySection('sorted-terms', this.sorted),
      ...this.postings.packedSections('posting-counts', 'postings'),
      arraySection('lengths', this.lengths, lastSlot),
      ...this.texts.packedSections('text-lengths', 'texts'),
    ];
  }

  /**
   * The index over `toSections()`'s bytes: the arrays are views of them where aligned, and later writes
   * change some of them in place, so the index owns those bytes from here on (the caller must not read
   * them for anything else, nor restore a second index from them); only the words become strings again.
   */
  static fromSections(
    section: SectionReader,
    inFile: (name: string) => SectionInFile | undefined = () => undefined,
  ): TextIndex {
    const meta = jsonOf<TextIndexMeta>(section('meta'));
    if (meta.format !== SECTIONS_FORMAT) throw new Error(`text index format ${String(meta.format)}`);
    const wordLengths = arrayOf(Int32Array, section('word-lengths'));
    const joined = section('words').toString('utf16le');
    const words = new Array<string>(wordLengths.length);
    let at = 0;
    for (let term = 0; term < wordLengths.length; term++) {
      words[term] = joined.slice(at, at + wordLengths[term]);
      at += wordLengths[term];
    }
    if (at !== joined.length) throw new Error('text index words do not match their lengths');
    const sorted = arrayOf(Int32Array, section('sorted-terms'));
    if (sorted.length !== words.length) throw new Error('text index sorted terms do not match its words');
    const postings = TermPostings.fromPacked(
      arrayOf(Int32Array, section('posting-counts')),
      arrayOf(Int32Array, section('postings')),
    );
    if (postings.termCount !== words.length) throw new Error('text index postings do not match its words');
    const textLengths = arrayOf(Int32Array, section('text-lengths'));
    const savedTexts = inFile('texts');
    const texts = savedTexts
      ? TextStore.fromFile(textLengths, savedTexts)
      : TextStore.fromPacked(textLengths, section('texts'));
    const lengths = arrayOf(Int32Array, section('lengths'));
    // A slot has a text exactly when it has a length, and the count is theirs.
    let documents = 0;
    for (let slot = 0; slot < Math.max(lengths.length, textLengths.length); slot++) {
      const hasText = slot < lengths.length && lengths[slot] !== NO_TEXT;
      if (hasText !== texts.has(slot)) throw new Error(`text index slot ${slot}: length and text disagree`);
      if (hasText) documents++;
    }
    if (documents !== meta.documents)
      throw new Error(`text index holds ${documents} texts, its count says ${meta.documents}`);
    return new TextIndex(
      words,
      sorted,
      postings,
      texts,
      lengths,
      meta.documents,
      meta.averageLength ?? undefined,
    );
  }

  private addWord(word: string): number {
    const term = this.postings.addTerm();
    this.words.push(word);
    this.unsorted.set(word, term);
    if (this.unsorted.size >= UNSORTED_LIMIT) this.sortWords();
    return term;
  }

  private termOf(word: string): number | undefined {
    const known = this.termsLatelyFound.get(word);
    if (known !== undefined) return known;
    const at = this.lowerBound(word);
    const sorted = this.sorted[at];
    const term = at < this.sorted.length && this.words[sorted] === word ? sorted : this.unsorted.get(word);
    if (term !== undefined) {
      // A word keeps its number for good, so a remembered one never goes stale.
      if (this.termsLatelyFound.size >= TERMS_REMEMBERED) this.termsLatelyFound = new Map();
      this.termsLatelyFound.set(word, term);
    }
    return term;
  }

  /** Every word the token begins (itself included), in the order Orama adds up their scores. */
  private wordsFound(token: string): number[] {
    const { sorted, words } = this;
    const low = this.lowerBound(token);
    let high = low;
    // The words beginning with the token follow each other in the sorted dictionary.
    let top = sorted.length;
    while (high < top) {
      const middle = (high + top) >>> 1;
      if (words[sorted[middle]].startsWith(token)) high = middle + 1;
      else top = middle;
    }
    const found = Array.from(sorted.subarray(low, high));
    const newer = [...this.unsorted.values()].filter((term) => words[term].startsWith(token));
    if (newer.length > 0) {
      found.push(...newer);
      found.sort((a, b) => compareWords(words[a], words[b]));
    }
    return oramaWordOrder(found, (term) => words[term]);
  }

  /** The first place in the sorted dictionary whose word is not before `word`. */
  private lowerBound(word: string): number {
    const { sorted, words } = this;
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (words[sorted[middle]] < word) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** Merges the unsorted newest words into the sorted dictionary. */
  private sortWords(): void {
    if (this.unsorted.size === 0) return;
    const { words } = this;
    const newer = [...this.unsorted.values()].sort((a, b) => compareWords(words[a], words[b]));
    const merged = new Int32Array(this.sorted.length + newer.length);
    let from = 0;
    let at = 0;
    for (const term of newer) {
      const until = this.lowerBound(words[term]);
      merged.set(this.sorted.subarray(from, until), at);
      at += until - from;
      from = until;
      merged[at++] = term;
    }
    merged.set(this.sorted.subarray(from), at);
    this.sorted = merged;
    this.unsorted = new Map();
  }
}

/** By UTF-16 code units, as Orama's tree compares characters. */
const compareWords = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
