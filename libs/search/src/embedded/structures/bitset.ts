/**
 * Sets of slot numbers as plain bitsets: one bit per slot in 32-bit words, slot `s` in word `s >>> 5`, bit
 * `s & 31`. Every operation runs over whole words, so an AND or OR of two sets costs `words` steps whatever
 * their sizes.
 */
export type Bitset = Uint32Array;

/** Words needed for `slots` slots. */
export const wordsFor = (slots: number): number => (slots + 31) >>> 5;

export const hasBit = (bits: Bitset, slot: number): boolean => (bits[slot >>> 5] & (1 << (slot & 31))) !== 0;

export const setBit = (bits: Bitset, slot: number): void => {
  bits[slot >>> 5] |= 1 << (slot & 31);
};

export const clearBit = (bits: Bitset, slot: number): void => {
  bits[slot >>> 5] &= ~(1 << (slot & 31));
};

/** Set bits of one word (SWAR popcount). */
export const popcount = (word: number): number => {
  let v = word - ((word >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) >>> 0;
};

/** How many slots the set holds. */
export const countBits = (bits: Bitset): number => {
  let count = 0;
  for (let at = 0; at < bits.length; at++) if (bits[at] !== 0) count += popcount(bits[at]);
  return count;
};

/** How many slots both sets hold, without building their intersection. */
export const countAnd = (a: Bitset, b: Bitset): number => {
  let count = 0;
  const words = Math.min(a.length, b.length);
  for (let at = 0; at < words; at++) {
    const word = a[at] & b[at];
    if (word !== 0) count += popcount(word);
  }
  return count;
};

/** Writes the numbers of the non-zero words of `bits` to `words` (increasing) and returns how many. */
export const nonZeroWords = (bits: Bitset, words: Int32Array): number => {
  let count = 0;
  for (let at = 0; at < bits.length; at++) if (bits[at] !== 0) words[count++] = at;
  return count;
};

/** How many slots the words `words[0 .. count)` of the set hold. */
export const countWords = (bits: Bitset, words: Int32Array, count: number): number => {
  let total = 0;
  for (let at = 0; at < count; at++) total += popcount(bits[words[at]]);
  return total;
};

/** `into = into AND other`; whether any slot is left. */
export const andInto = (into: Bitset, other: Bitset): boolean => {
  let left = 0;
  for (let at = 0; at < into.length; at++) left |= into[at] &= other[at];
  return left !== 0;
};

/**
 * `into = into AND (OR of sets)`, or `AND NOT` it when `negate`, in one pass over every word, keeping in
 * `words` the words left non-zero; returns how many. Without a branch per word: whether a word is left
 * follows no pattern the processor could predict.
 */
export const andAnyIntoWords = (
  into: Bitset,
  sets: readonly Bitset[],
  negate: boolean,
  words: Int32Array,
): number => {
  const flip = negate ? -1 : 0;
  let kept = 0;
  const length = into.length;
  if (sets.length === 1) {
    const [a] = sets;
    for (let at = 0; at < length; at++) {
      const left = into[at] & (a[at] ^ flip);
      into[at] = left;
      words[kept] = at;
      kept += Number(left !== 0);
    }
  } else if (sets.length === 2) {
    const [a, b] = sets;
    for (let at = 0; at < length; at++) {
      const left = into[at] & ((a[at] | b[at]) ^ flip);
      into[at] = left;
      words[kept] = at;
      kept += Number(left !== 0);
    }
  } else if (sets.length === 3) {
    const [a, b, c] = sets;
    for (let at = 0; at < length; at++) {
      const left = into[at] & ((a[at] | b[at] | c[at]) ^ flip);
      into[at] = left;
      words[kept] = at;
      kept += Number(left !== 0);
    }
  } else {
    for (let at = 0; at < length; at++) {
      let any = 0;
      for (let set = 0; set < sets.length; set++) any |= sets[set][at];
      const left = into[at] & (any ^ flip);
      into[at] = left;
      words[kept] = at;
      kept += Number(left !== 0);
    }
  }
  return kept;
};

/** `into = into OR other`. */
export const orInto = (into: Bitset, other: Bitset): void => {
  for (let at = 0; at < into.length; at++) into[at] |= other[at];
};

/** Calls `visit` with every slot of the set, in increasing order. */
export const forEachBit = (bits: Bitset, visit: (slot: number) => void): void => {
  for (let at = 0; at < bits.length; at++) {
    let word = bits[at];
    while (word !== 0) {
      const lowest = word & -word;
      visit((at << 5) | (31 - Math.clz32(lowest)));
      word ^= lowest;
    }
  }
};

/**
 * Writes the slots of the set (only those also in `within`, when given) into `slots`, in increasing order, and
 * returns how many: a loop with no call per slot, for passes over tens of thousands of matches. A typed array
 * drops writes past its end without a word, so more slots than `slots` holds is an error.
 */
export const writeSlots = (bits: Bitset, slots: Int32Array, within?: Bitset): number => {
  let count = 0;
  for (let at = 0; at < bits.length; at++) {
    let word = within ? bits[at] & (within[at] ?? 0) : bits[at];
    while (word !== 0) {
      if (count === slots.length) throw new Error(`more set bits than the ${slots.length} slots given`);
      const lowest = word & -word;
      slots[count++] = (at << 5) | (31 - Math.clz32(lowest));
      word ^= lowest;
    }
  }
  return count;
};

/**
 * One set reused from query to query: `empty(words)` hands it back emptied, with `words` words. For work that
 * runs to its end without awaiting, so that no two users hold it at once.
 */
export class ScratchBitset {
  private bits = new Uint32Array(0);

  empty(words: number): Bitset {
    if (this.bits.length < words) this.bits = new Uint32Array(words);
    const bits = this.bits.subarray(0, words);
    bits.fill(0);
    return bits;
  }
}

/** A copy of the set with room for `words` words (the new words empty). */
export const resized = (bits: Bitset, words: number): Bitset => {
  const copy = new Uint32Array(words);
  copy.set(bits.length <= words ? bits : bits.subarray(0, words));
  return copy;
};
