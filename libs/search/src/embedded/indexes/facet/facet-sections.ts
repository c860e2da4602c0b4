import { FACET_DIMENSIONS, NUMBER_FIELDS } from '@skillers/domain';
import {
  arrayOf,
  arrayOfLength,
  arraySection,
  builtSection,
  jsonOf,
  jsonSection,
  prefixed,
  readerUnder,
  type SectionReader,
  type SectionSource,
  sectionIfAny,
  stringCount,
  stringsOf,
  stringsSection,
} from '../../structures/binary-sections';
import { hasBit, wordsFor } from '../../structures/bitset';
import { IdSlots } from '../../structures/id-slots';
import { NumberPostings } from '../../structures/number-postings';
import { PostingSet } from '../../structures/posting-set';
import { SlotBlocks } from '../../structures/slot-blocks';
import { FacetStore } from './facet-store';
import { DIMENSION_INDEX, type Posting } from './facet-tokens';

/** What `facetSections` saves beside its arrays. */
interface FacetSettings {
  capacity: number;
  /** Slots ever used: `ids.length`. */
  slots: number;
  /** `labelById.length`. */
  labelIds: number;
  orderValid: boolean;
}

/** How many numbers of the per-slot posting numbers the save builds at a time. */
const SLOT_POSTINGS_BLOCK = 1 << 16;

/** The words of a posting set as bytes, where they lie. */
const bytesOfSet = (slots: PostingSet): Uint8Array => {
  const { data } = slots;
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
};

/**
 * The store as binary sections: per slot its id, time, numbers and posting numbers; per posting its token,
 * label and slots (sorted slots or bitset words, all postings' in one section each, read where they lie).
 * The per-posting and per-slot numbers are built when written.
 */
export const facetSections = (store: FacetStore): SectionSource[] => {
  const postings = [...store.postings.values()];
  let sparseLength = 0;
  let denseCount = 0;
  for (const { slots } of postings) {
    if (slots.dense) denseCount++;
    else sparseLength += slots.size;
  }
  const slotCount = store.slotCount;
  let slotPostingsLength = slotCount;
  for (let slot = 0; slot < slotCount; slot++) slotPostingsLength += store.postingCountAt(slot);
  const settings: FacetSettings = {
    capacity: store.capacity,
    slots: slotCount,
    labelIds: store.labelById.length,
    orderValid: store.orderValid,
  };
  // A search rebuilds an invalid order in a new array: the one taken here is the state saved.
  const order = store.orderValid ? store.order : [];
  const savedIds = Array.from(store.ids, (id, slot) => (hasBit(store.live, slot) ? id : ''));
  const slotsOf = (dense: boolean) => () =>
    postings.flatMap(({ slots }) => (slots.dense === dense ? [bytesOfSet(slots)] : []));
  return [
    jsonSection('settings', settings),
    stringsSection('ids', savedIds),
    IdSlots.tableSection('id-table', savedIds),
    arraySection('live', store.live),
    arraySection('times', store.times),
    ...NUMBER_FIELDS.map((field) => arraySection(`number.${field}`, store.columns[field])),
    builtSection('free-slots', 4 * store.freeSlots.length, () => Int32Array.from(store.freeSlots)),
    builtSection('order', 4 * order.length, () => Int32Array.from(order)),
    stringsSection(
      'posting-tokens',
      postings.map(({ token }) => token),
    ),
    stringsSection(
      'posting-labels',
      postings.map(({ label }) => label?.label ?? ''),
    ),
    // Per posting: dense (1) or not, how many slots, label id and option filter (-1 without a label).
    builtSection('posting-meta', 16 * postings.length, () => {
      const meta = new Int32Array(4 * postings.length);
      postings.forEach(({ slots, label }, at) => {
        meta.set(
          [slots.dense ? 1 : 0, slots.size, label?.id ?? -1, label ? DIMENSION_INDEX[label.dimension] : -1],
          4 * at,
        );
      });
      return meta;
    }),
    { name: 'posting-sparse', bytes: 4 * sparseLength, parts: slotsOf(false) },
    { name: 'posting-dense', bytes: 4 * denseCount * store.words, parts: slotsOf(true) },
    // Per slot below `ids.length`: how many postings, then their numbers.
    {
      name: 'slot-postings',
      bytes: 4 * slotPostingsLength,
      parts: () => slotPostingBlocks(store, postings, slotCount),
    },
    builtSection('free-label-ids', 4 * store.freeLabelIds.length, () => Int32Array.from(store.freeLabelIds)),
    ...prefixed('slot-labels', store.slotLabels.toSections()),
  ];
};

/** Per slot: how many postings, then their numbers in `postings`; built a block of slots at a time. */
function* slotPostingBlocks(
  store: FacetStore,
  postings: readonly Posting[],
  slots: number,
): Generator<Uint8Array> {
  const numberOf = new Map(postings.map((posting, at) => [posting, at]));
  const block: number[] = [];
  for (let slot = 0; slot < slots; slot++) {
    const own = store.postingsAt(slot);
    block.push(own.length);
    for (const posting of own) block.push(numberOf.get(posting) as number);
    if (block.length >= SLOT_POSTINGS_BLOCK || slot === slots - 1) {
      yield new Uint8Array(Int32Array.from(block).buffer);
      block.length = 0;
    }
  }
}

/** The store `facetSections` saved, its arrays wrapped (not copied) where aligned. */
export const facetStoreFromSections = (section: SectionReader): FacetStore => {
  const store = new FacetStore();
  const settings = jsonOf<FacetSettings>(section('settings'));
  const { capacity, slots } = settings;
  const words = wordsFor(capacity);
  store.capacity = capacity;
  store.words = words;
  const ids = section('ids');
  if (stringCount(ids) !== slots) throw new Error(`${stringCount(ids)} ids, expected ${slots}`);
  const table = sectionIfAny(section, 'id-table');
  store.restoreIds(ids, table && arrayOf(Int32Array, table));
  store.live = arrayOfLength(Uint32Array, section('live'), words, 'live slots');
  store.times = arrayOfLength(Float64Array, section('times'), capacity, 'times');
  for (const field of NUMBER_FIELDS)
    store.columns[field] = arrayOfLength(Float64Array, section(`number.${field}`), capacity, field);
  // One at a time: spreading a million arguments would overflow the stack.
  for (const slot of arrayOf(Int32Array, section('free-slots'))) store.freeSlots.push(slot);

  const postings = readPostings(store, section, settings.labelIds);
  for (const id of arrayOf(Int32Array, section('free-label-ids'))) store.freeLabelIds.push(id);
  store.postingByNumber = postings;
  readSlotPostings(store, section, postings.length, slots);
  store.slotPostings.grow(capacity);
  store.slotLabels = SlotBlocks.fromSections(readerUnder('slot-labels', section));
  if (store.slotLabels.offsets.length !== capacity) throw new Error('slot labels of another capacity');
  store.order = settings.orderValid ? Array.from(arrayOf(Int32Array, section('order'))) : [];
  store.orderValid = settings.orderValid;
  store.allocateScratch(words);
  store.numberPostings = NumberPostings.fromColumns(words, store.live, store.columns);
  return store;
};

/** Every posting, in saved order, registered in the store with its label. */
const readPostings = (store: FacetStore, section: SectionReader, labelIds: number): Posting[] => {
  const { words } = store;
  const tokens = stringsOf(section('posting-tokens'));
  const labels = stringsOf(section('posting-labels'));
  const meta = arrayOfLength(Int32Array, section('posting-meta'), 4 * tokens.length, 'posting meta');
  const sparse = arrayOf(Uint32Array, section('posting-sparse'));
  const dense = arrayOf(Uint32Array, section('posting-dense'));
  let sparseAt = 0;
  let denseAt = 0;
  store.labelById = new Array<Posting | undefined>(labelIds).fill(undefined);
  return tokens.map((token, at): Posting => {
    const [isDense, count, labelId, dimensionAt] = meta.subarray(4 * at, 4 * at + 4);
    const length = isDense ? words : count;
    const source = isDense ? dense : sparse;
    const from = isDense ? denseAt : sparseAt;
    if (from + length > source.length) throw new Error(`posting ${token} past its data`);
    const set = PostingSet.of(words, isDense === 1, source.subarray(from, from + length), count);
    if (isDense) denseAt += length;
    else sparseAt += length;
    const dimension = FACET_DIMENSIONS[dimensionAt];
    const posting: Posting = {
      token,
      number: at,
      slots: set,
      label: labelId >= 0 && dimension ? { dimension, label: labels[at], id: labelId } : undefined,
    };
    store.postings.set(token, posting);
    if (posting.label) {
      store.labelById[labelId] = posting;
      store.labelPostings.get(posting.label.dimension)?.add(posting);
      store.occurrences[dimensionAt] += count;
    }
    return posting;
  });
};

/**
 * Where each live slot's postings start among the saved numbers (`FacetStore.saved`), checked to name known
 * postings: no array per slot is made until one is needed.
 */
const readSlotPostings = (
  store: FacetStore,
  section: SectionReader,
  postingCount: number,
  slots: number,
): void => {
  const numbers = arrayOf(Int32Array, section('slot-postings'));
  const starts = new Int32Array(slots).fill(-1);
  for (let slot = 0, at = 0; slot < slots; slot++) {
    const count = numbers[at];
    if (!(at + 1 + count <= numbers.length)) throw new Error('slot postings cut short');
    if (hasBit(store.live, slot)) {
      starts[slot] = at;
      for (let n = at + 1; n <= at + count; n++)
        if (!(numbers[n] >= 0 && numbers[n] < postingCount))
          throw new Error(`slot ${slot} names an unknown posting`);
    }
    at += 1 + count;
  }
  store.saved = { numbers, starts };
};
