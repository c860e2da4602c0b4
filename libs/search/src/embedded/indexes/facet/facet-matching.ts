import type { NumberRange } from '@skillers/domain';
import { andAnyIntoWords, type Bitset, countWords, nonZeroWords } from '../../structures/bitset';
import type { PostingSet } from '../../structures/posting-set';
import type { FacetStore } from './facet-store';
import type { TokenGroup } from './facet-query-plan';

/** The documents a facet is counted over: all of them, or the set bits of `bits`. */
export type Members = { type: 'all' } | { type: 'bits'; bits: Bitset; count: number };

/**
 * One step of a match: the OR of some postings (one posting: itself), at most how many slots it holds, and
 * for a number range the postings of the values outside it (records without the number among them). A
 * `negate` step (must-nots) keeps the slots outside the OR, at most `most` of them.
 */
interface MatchStep {
  slots: PostingSet[];
  most: number;
  outside?: PostingSet[];
  negate?: boolean;
}

/** A bitset word with all 32 slots set. */
const FULL_WORD = 0xffffffff;

/**
 * Fills `target` with the documents that pass every group and number range and returns how many
 * there are. Each group is a step (an OR of postings for a min_1_match filter, one step per posting to
 * AND otherwise), and so is each range over a field with few values (the OR of its values' postings). The
 * step that can hold the fewest documents is written whole; the others are then applied only to the words
 * still non-zero (the candidates), so that a narrow filter makes every later one cheap, and once nothing is
 * left the rest are not read. Ranges over fields with many values read the column for the candidates last.
 */
export const matchInto = (
  store: FacetStore,
  target: Bitset,
  groups: readonly TokenGroup[],
  ranges: readonly NumberRange[],
): number => {
  const steps: MatchStep[] = [];
  const columnRanges: NumberRange[] = [];
  const none = () => {
    target.fill(0);
    return 0;
  };
  const sizes = (sets: readonly PostingSet[]) => sets.reduce((sum, { size }) => sum + size, 0);
  for (const { postings, needed, excluded } of groups) {
    const present = postings.flatMap((posting) => (posting ? [posting.slots] : []));
    if (excluded) {
      // An option no record carries excludes nothing.
      if (present.length > 0) {
        steps.push({ slots: present, most: Math.max(0, store.size - sizes(present)), negate: true });
      }
      continue;
    }
    if (present.length < needed || present.length === 0) return none();
    if (needed === 1) steps.push({ slots: present, most: sizes(present) });
    else for (const slots of present) steps.push({ slots: [slots], most: slots.size });
  }
  for (const range of ranges) {
    const values = store.numberPostings.inRange(range);
    if (!values) columnRanges.push(range);
    else if (values.inside.length === 0) return none();
    else steps.push({ slots: values.inside, most: sizes(values.inside), outside: values.outside });
  }
  // A negated step is never written whole: without another, the matches start from every live slot.
  steps.sort((a, b) => Number(a.negate ?? false) - Number(b.negate ?? false) || a.most - b.most);
  const fromLive = steps.length === 0 || steps[0].negate === true;
  const firstApplied = fromLive ? 0 : 1;
  // After the narrowest, the step that drops the most candidates per posting read goes first (the classic
  // order for independent filters: by share dropped over cost).
  const rest = steps.slice(firstApplied).sort((a, b) => stepValue(store, b) - stepValue(store, a));
  steps.splice(firstApplied, rest.length, ...rest);
  const words = store.candidates;
  if (fromLive) {
    target.set(store.live);
  } else {
    // Postings only hold live slots: the first step needs no AND with them.
    const [first, ...others] = steps[0].slots;
    first.copyInto(target);
    for (const slots of others) slots.orInto(target);
  }
  let count = nonZeroWords(target, words);
  for (let step = firstApplied; step < steps.length && count > 0; step++) {
    const { slots, outside, negate } = steps[step];
    // A wide range drops the records of the few values outside it instead.
    count = negate
      ? applyStep(store, target, slots, true, words, count)
      : outside && outside.length < slots.length
        ? applyStep(store, target, outside, true, words, count)
        : applyStep(store, target, slots, false, words, count);
  }
  // Every word outside `words[0 .. count)` of `target` is 0.
  for (let range = 0; range < columnRanges.length && count > 0; range++) {
    count = keepInRange(store, target, columnRanges[range], words, count);
  }
  return countWords(target, words, count);
};

/** The share of candidates a step can be expected to drop, per posting it reads. */
const stepValue = (store: FacetStore, { slots, most, outside }: MatchStep): number => {
  const reads = outside && outside.length < slots.length ? outside.length : slots.length;
  return Math.max(0, 1 - most / (store.size || 1)) / reads;
};

/**
 * `target = target AND (OR of the sets)`, or `AND NOT` it when `negate`, on the candidate words
 * `words[0 .. count)` only; keeps in `words` the words left non-zero and returns how many. The dense sets
 * are read together, one pass over the candidates.
 */
const applyStep = (
  store: FacetStore,
  target: Bitset,
  sets: readonly PostingSet[],
  negate: boolean,
  words: Int32Array,
  count: number,
): number => {
  if (sets.length === 1 && !negate) return sets[0].andIntoWords(target, words, count);
  const dense = sets.flatMap((set) => (set.dense ? [set.data] : []));
  const sparse = sets.filter((set) => !set.dense);
  const either = store.either;
  if (count * 2 > target.length) {
    // Most words are candidates: one pass over every word in order beats reading through the list. The
    // short lists' slots are first set in a copy of the first dense set (or in an empty one).
    if (sparse.length === 0) return andAnyIntoWords(target, dense, negate, words);
    if (dense.length > 0) either.set(dense[0]);
    else either.fill(0);
    for (const set of sparse) set.orInto(either);
    return andAnyIntoWords(target, [either, ...dense.slice(1)], negate, words);
  }
  let kept = 0;
  for (let at = 0; at < count; at++) {
    const word = words[at];
    let any = 0;
    for (let set = 0; set < dense.length; set++) any |= dense[set][word];
    if (sparse.length > 0) either[word] = any;
    else if ((target[word] &= negate ? ~any : any) !== 0) words[kept++] = word;
  }
  if (sparse.length === 0) return kept;
  for (const set of sparse) set.orIntoWords(either, words, count);
  for (let at = 0; at < count; at++) {
    const word = words[at];
    if ((target[word] &= negate ? ~either[word] : either[word]) !== 0) words[kept++] = word;
  }
  return kept;
};

/**
 * Clears the slots of the candidate words of `target` whose number is outside the range, one column read
 * per set bit; keeps in `words` the words left non-zero and returns how many. The test sets a bit instead
 * of branching (whether a value is in range follows no pattern the processor could predict), and a full
 * word reads its 32 numbers in a row.
 */
const keepInRange = (
  store: FacetStore,
  target: Bitset,
  { field, min, minInclusive, max }: NumberRange,
  words: Int32Array,
  count: number,
): number => {
  const column = store.columns[field];
  let left = 0;
  // A missing number is NaN, which fails every comparison: records without it never match.
  for (let candidate = 0; candidate < count; candidate++) {
    const at = words[candidate];
    let word = target[at];
    let kept = 0;
    if (word === FULL_WORD) {
      const base = at << 5;
      for (let bit = 0; bit < 32; bit++) {
        const value = column[base + bit];
        kept |= (Number(minInclusive ? value >= min : value > min) & Number(value <= max)) << bit;
      }
    } else {
      while (word !== 0) {
        const lowest = word & -word;
        const value = column[(at << 5) | (31 - Math.clz32(lowest))];
        kept |= lowest & -(Number(minInclusive ? value >= min : value > min) & Number(value <= max));
        word ^= lowest;
      }
    }
    target[at] = kept;
    if (kept !== 0) words[left++] = at;
  }
  return left;
};

export const membersOf = (
  store: FacetStore,
  groups: readonly TokenGroup[],
  ranges: readonly NumberRange[],
): Members => {
  if (groups.length === 0 && ranges.length === 0) return { type: 'all' };
  const count = matchInto(store, store.members, groups, ranges);
  return { type: 'bits', bits: store.members, count };
};
