import {
  createdAtMs,
  documentNumber,
  FACET_DIMENSIONS,
  type FacetDimension,
  type NumberField,
  NUMBER_FIELDS,
  type SearchDocument,
} from '@skillers/domain';
import { type Bitset, clearBit, forEachBit, resized, setBit, wordsFor } from '../../structures/bitset';
import { IdSlots } from '../../structures/id-slots';
import { NumberPostings } from '../../structures/number-postings';
import { PostingSet } from '../../structures/posting-set';
import { SavedStrings } from '../../structures/saved-strings';
import { SlotBlocks } from '../../structures/slot-blocks';
import { DIMENSION_INDEX, documentTokens, groupedLabelIds, type Posting } from './facet-tokens';

/** Above this many documents in one batch, re-sorting once beats placing each document on its own. */
const PLACE_ONE_BY_ONE_LIMIT = 64;
/** The posting numbers of an empty slot. */
const NO_NUMBERS = new Int32Array(0);

export const allocateColumns = (capacity: number): Record<NumberField, Float64Array> =>
  Object.fromEntries(NUMBER_FIELDS.map((field) => [field, new Float64Array(capacity)])) as Record<
    NumberField,
    Float64Array
  >;

/**
 * What `FacetIndex` holds: each document's slot, postings, time and numbers, the postings of every token, the
 * tie-break order, and the per-query scratch sized to the slots. It takes writes and grows its arrays; the
 * query, count and save modules read it.
 */
export class FacetStore {
  readonly postings = new Map<string, Posting>();
  /** The postings of each option filter's labels, for facet counts. */
  readonly labelPostings = new Map<FacetDimension, Set<Posting>>(
    FACET_DIMENSIONS.map((dimension) => [dimension, new Set()]),
  );
  /** Per option filter, how many times a label posting came or went: what the facet counter keeps in order. */
  readonly labelEdits = FACET_DIMENSIONS.map(() => 0);
  /** Facet label postings by label id; ids of emptied postings are reused. */
  labelById: (Posting | undefined)[] = [];
  readonly freeLabelIds: number[] = [];
  /**
   * Each document's facet label ids grouped by option filter, so a tally over matches reads a few
   * numbers per document and filter: entries 0..DIMENSION_COUNT hold where each filter's ids start
   * (and the last one where they end), the ids follow.
   */
  slotLabels = new SlotBlocks();
  /** How many label postings each option filter's labels hold in all, to price walking them. */
  readonly occurrences = FACET_DIMENSIONS.map(() => 0);
  readonly freeSlots: number[] = [];
  /** Each slot's document id ('' for a slot never used or emptied before a save). */
  private idStrings = new SavedStrings();
  /** The slot of each live document's id. */
  slotById = new IdSlots();
  /** Every posting by its number; a number is given again once its posting held no slot and went. */
  postingByNumber: (Posting | undefined)[] = [];
  private readonly freePostingNumbers: number[] = [];
  /**
   * Each document's posting numbers, so that removal needs no token strings, in one array rather than an
   * array of postings per document (a million of them to collect). A slot loaded from a snapshot has none
   * here until it is written or removed: its numbers are read from `saved` (`postingsAt`).
   */
  slotPostings = new SlotBlocks();
  /**
   * The slots' posting numbers as a snapshot saved them: per slot its count, then its numbers, from
   * `starts[slot]` (-1 once the slot is written or removed).
   */
  saved?: { numbers: Int32Array; starts: Int32Array };
  capacity = 0;
  words = 0;
  /** The slots holding a document. */
  live: Bitset = new Uint32Array(0);
  times = new Float64Array(0);
  columns = allocateColumns(0);
  /** Slots in tie-break order; rebuilt lazily after large batches. */
  order: number[] = [];
  orderValid = true;
  // Per-query scratch bitsets: the matches, the members a facet is counted over, one filter's OR.
  matched: Bitset = new Uint32Array(0);
  members: Bitset = new Uint32Array(0);
  either: Bitset = new Uint32Array(0);
  /** Per-query scratch: the numbers of the words of the matches that can still hold slots. */
  candidates = new Int32Array(0);
  numberPostings = new NumberPostings(0);
  /** Per-query scratch: sparse postings whose presence varies among the matches, as bitsets. */
  readonly views: Bitset[] = [];

  /**
   * Takes the ids a snapshot saved, read where they lie: a restart makes no string per document, and a
   * search decodes only its page's (`idAt`).
   */
  restoreIds(bytes: Buffer, table?: Int32Array): void {
    this.idStrings = new SavedStrings(bytes);
    this.slotById = IdSlots.fromSaved(this.idStrings, table);
  }

  /** The id of the document at `slot`. */
  idAt(slot: number): string {
    return this.idStrings.at(slot);
  }

  /** Slots ever used: every slot below this has held a document. */
  get slotCount(): number {
    return this.idStrings.count;
  }

  /** Each slot's id, every one decoded (for a save). */
  get ids(): readonly string[] {
    return this.idStrings.list;
  }

  get size(): number {
    return this.slotById.size;
  }

  /** The final tie-break between two slots: negative when `a` is newer (or as new with the greater id). */
  readonly compareSlots = (a: number, b: number): number =>
    this.times[b] - this.times[a] || this.idStrings.compareAt(b, a);

  upsertMany(docs: readonly SearchDocument[]): void {
    if (docs.length > PLACE_ONE_BY_ONE_LIMIT) this.orderValid = false;
    for (const doc of docs) {
      this.delete(doc.id);
      this.add(doc);
    }
  }

  deleteMany(ids: readonly string[]): void {
    if (ids.length > PLACE_ONE_BY_ONE_LIMIT) this.orderValid = false;
    for (const id of ids) this.delete(id);
  }

  /** Makes room for `records` slots at once, where growing as they arrive would copy every array. */
  reserve(records: number): void {
    if (records > this.capacity) this.grow(records);
  }

  ensureOrder(): void {
    if (this.orderValid) return;
    const order: number[] = [];
    forEachBit(this.live, (slot) => order.push(slot));
    this.order = order.sort(this.compareSlots);
    this.orderValid = true;
  }

  /** Sizes the per-query scratch to `words` bitset words. */
  allocateScratch(words: number): void {
    this.matched = new Uint32Array(words);
    this.members = new Uint32Array(words);
    this.either = new Uint32Array(words);
    this.candidates = new Int32Array(words);
  }

  private add(doc: SearchDocument): void {
    const slot = this.freeSlots.pop() ?? this.slotCount;
    if (slot >= this.capacity) this.grow(Math.max(1024, this.capacity * 2));
    this.slotById.set(doc.id, slot);
    this.idStrings.list[slot] = doc.id;
    this.times[slot] = createdAtMs(doc);
    setBit(this.live, slot);
    for (const field of NUMBER_FIELDS) this.columns[field][slot] = documentNumber(doc, field) ?? NaN;
    this.addNumbers(slot);
    const postings = documentTokens(doc).map(({ token, label }) => {
      let posting = this.postings.get(token);
      if (!posting) {
        posting = {
          token,
          number: this.freePostingNumbers.pop() ?? this.postingByNumber.length,
          slots: new PostingSet(this.words),
          label: label && { ...label, id: this.nextLabelId() },
        };
        this.postings.set(token, posting);
        this.postingByNumber[posting.number] = posting;
        if (posting.label) {
          this.labelById[posting.label.id] = posting;
          this.labelPostings.get(posting.label.dimension)?.add(posting);
          this.labelEdits[DIMENSION_INDEX[posting.label.dimension]]++;
        }
      }
      posting.slots.add(slot);
      return posting;
    });
    this.slotPostings.set(
      slot,
      Int32Array.from(postings, (posting) => posting.number),
    );
    this.forgetSaved(slot);
    this.slotLabels.set(slot, groupedLabelIds(postings));
    this.countOccurrences(postings, 1);
    if (this.orderValid) this.order.splice(this.orderPosition(slot), 0, slot);
  }

  private delete(id: string): void {
    const slot = this.slotById.get(id);
    if (slot === undefined) return;
    if (this.orderValid) this.order.splice(this.orderPosition(slot), 1);
    const own = this.postingsAt(slot);
    this.countOccurrences(own, -1);
    for (const posting of own) {
      posting.slots.delete(slot);
      if (posting.slots.size === 0) {
        this.postings.delete(posting.token);
        this.postingByNumber[posting.number] = undefined;
        this.freePostingNumbers.push(posting.number);
        if (posting.label) {
          this.labelPostings.get(posting.label.dimension)?.delete(posting);
          this.labelEdits[DIMENSION_INDEX[posting.label.dimension]]++;
          this.labelById[posting.label.id] = undefined;
          this.freeLabelIds.push(posting.label.id);
        }
      }
    }
    for (const field of NUMBER_FIELDS) this.numberPostings.delete(field, this.columns[field][slot], slot);
    clearBit(this.live, slot);
    this.slotLabels.remove(slot);
    this.slotPostings.remove(slot);
    this.forgetSaved(slot);
    this.slotById.delete(id);
    this.freeSlots.push(slot);
  }

  /** The postings of the document at `slot` (none for an empty slot). */
  postingsAt(slot: number): readonly Posting[] {
    return Array.from(this.postingNumbersAt(slot), (number) => this.postingByNumber[number] as Posting);
  }

  /** How many postings the document at `slot` has, without making the list of them. */
  postingCountAt(slot: number): number {
    return this.postingNumbersAt(slot).length;
  }

  /** The numbers of the slot's postings, where they lie (read at once: a later write may move them). */
  private postingNumbersAt(slot: number): Int32Array {
    const own = this.slotPostings.run(slot);
    if (own !== undefined || !this.saved || !(this.saved.starts[slot] >= 0)) return own ?? NO_NUMBERS;
    const { numbers, starts } = this.saved;
    const at = starts[slot];
    return numbers.subarray(at + 1, at + 1 + numbers[at]);
  }

  private forgetSaved(slot: number): void {
    if (this.saved && slot < this.saved.starts.length) this.saved.starts[slot] = -1;
  }

  /** Where the slot is, or belongs, in the tie-break order (binary search). */
  private orderPosition(slot: number): number {
    let low = 0;
    let high = this.order.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.compareSlots(this.order[middle], slot) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  private addNumbers(slot: number): void {
    for (const field of NUMBER_FIELDS) this.numberPostings.add(field, this.columns[field][slot], slot);
  }

  private countOccurrences(postings: readonly Posting[], change: 1 | -1): void {
    for (const { label } of postings) if (label) this.occurrences[DIMENSION_INDEX[label.dimension]] += change;
  }

  private nextLabelId(): number {
    return this.freeLabelIds.pop() ?? this.labelById.length;
  }

  private grow(capacity: number): void {
    const times = new Float64Array(capacity);
    times.set(this.times);
    this.times = times;
    const columns = allocateColumns(capacity);
    for (const field of NUMBER_FIELDS) columns[field].set(this.columns[field]);
    this.columns = columns;
    const words = wordsFor(capacity);
    for (const posting of this.postings.values()) posting.slots.resize(words);
    this.live = resized(this.live, words);
    this.slotLabels.grow(capacity);
    this.slotPostings.grow(capacity);
    // Scratch space only matters within one query, so it starts afresh.
    this.allocateScratch(words);
    this.numberPostings.resize(words);
    this.words = words;
    this.capacity = capacity;
  }
}
