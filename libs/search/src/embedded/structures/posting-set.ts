import {
  andInto,
  type Bitset,
  clearBit,
  countAnd,
  forEachBit,
  hasBit,
  orInto,
  resized,
  setBit,
} from './bitset';

const INITIAL_SLOTS = 4;

/**
 * The first position from `from` (below `end`) whose slot is at least `slot`, or `end`: galloping, so that
 * walking a long sorted list towards a few far-apart words costs a logarithm per word, and a short stride one
 * step.
 */
const seek = (slots: Uint32Array, from: number, end: number, slot: number): number => {
  if (from >= end || slots[from] >= slot) return from;
  // slots[low] < slot throughout; the answer is in (low, high].
  let low = from;
  let step = 1;
  let high = from + 1;
  while (high < end && slots[high] < slot) {
    low = high;
    step *= 2;
    high = low + step;
  }
  if (high > end) high = end;
  low++;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (slots[middle] < slot) low = middle + 1;
    else high = middle;
  }
  return low;
};

/**
 * The slots holding one option, in whichever form is smaller: a sorted list of slot numbers while the
 * option is rare (a few bytes per holder), a dense bitset (one bit per slot of the index) once it is held
 * by at least one slot in 64. At a million profiles a dense bitset is 128 KB, and most options of a long
 * tail have a few hundred holders. Every operation takes either form, so the facet index never asks.
 */
export class PostingSet {
  private bits: Bitset | undefined;
  /** Sorted slots in `slots[0 .. count)` while sparse. */
  private slots: Uint32Array | undefined = new Uint32Array(INITIAL_SLOTS);
  private count = 0;

  constructor(private words: number) {}

  /** A set over `words` words holding `count` slots: `data` is its bitset (`words` long) or its sorted slots. */
  static of(words: number, dense: boolean, data: Uint32Array, count: number): PostingSet {
    const set = new PostingSet(words);
    if (dense) {
      if (data.length !== words) throw new Error(`a bitset of ${data.length} words, expected ${words}`);
      set.bits = data;
      set.slots = undefined;
    } else {
      if (data.length !== count) throw new Error(`${data.length} slots, expected ${count}`);
      set.slots = data;
    }
    set.count = count;
    return set;
  }

  /** A set over `words` words of these slots (increasing), in the smaller form. */
  static fromSorted(words: number, slots: Uint32Array): PostingSet {
    const set = new PostingSet(words);
    if (slots.length > set.sparseLimit()) {
      set.bits = new Uint32Array(words);
      for (const slot of slots) setBit(set.bits, slot);
      set.slots = undefined;
    } else {
      set.slots = slots;
    }
    set.count = slots.length;
    return set;
  }

  /** What `of` takes back: the bitset, or the sorted slots (views, to be copied before the set changes). */
  get data(): Uint32Array {
    return this.bits ?? (this.slots as Uint32Array).subarray(0, this.count);
  }

  get size(): number {
    return this.count;
  }

  get dense(): boolean {
    return this.bits !== undefined;
  }

  /** Calls `visit` with every slot of the set, in increasing order. */
  forEach(visit: (slot: number) => void): void {
    if (this.bits) return forEachBit(this.bits, visit);
    const slots = this.slots as Uint32Array;
    for (let at = 0; at < this.count; at++) visit(slots[at]);
  }

  has(slot: number): boolean {
    if (this.bits) return hasBit(this.bits, slot);
    return this.position(slot) >= 0;
  }

  add(slot: number): void {
    if (this.bits) {
      if (!hasBit(this.bits, slot)) this.count++;
      setBit(this.bits, slot);
      return;
    }
    const found = this.position(slot);
    if (found >= 0) return;
    if (this.count + 1 > this.sparseLimit()) {
      this.toDense();
      this.add(slot);
      return;
    }
    let slots = this.slots as Uint32Array;
    if (this.count === slots.length) {
      const larger = new Uint32Array(slots.length * 2);
      larger.set(slots);
      slots = this.slots = larger;
    }
    const at = -found - 1;
    slots.copyWithin(at + 1, at, this.count);
    slots[at] = slot;
    this.count++;
  }

  delete(slot: number): void {
    if (this.bits) {
      if (hasBit(this.bits, slot)) this.count--;
      clearBit(this.bits, slot);
      return;
    }
    const at = this.position(slot);
    if (at < 0) return;
    const slots = this.slots as Uint32Array;
    slots.copyWithin(at, at + 1, this.count);
    this.count--;
  }

  /** Makes room for `words` words of slots, and takes the smaller form for the new size. */
  resize(words: number): void {
    this.words = words;
    if (this.bits) {
      this.bits = resized(this.bits, words);
      if (this.count <= this.sparseLimit() / 2) this.toSparse();
    }
  }

  /** `target = this` (target has `words` words). */
  copyInto(target: Bitset): void {
    if (this.bits) {
      target.set(this.bits);
      return;
    }
    target.fill(0);
    this.orInto(target);
  }

  /** `target = target OR this`. */
  orInto(target: Bitset): void {
    if (this.bits) {
      orInto(target, this.bits);
      return;
    }
    const slots = this.slots as Uint32Array;
    for (let at = 0; at < this.count; at++) setBit(target, slots[at]);
  }

  /** `target = target AND this`; whether any slot is left. */
  andInto(target: Bitset): boolean {
    if (this.bits) return andInto(target, this.bits);
    const slots = this.slots as Uint32Array;
    // Words between two held slots' words are cleared whole; a held slot's word keeps only held bits.
    let word = 0;
    let at = 0;
    let left = 0;
    while (at < this.count) {
      const current = slots[at] >>> 5;
      target.fill(0, word, current);
      let mask = 0;
      for (; at < this.count && slots[at] >>> 5 === current; at++) mask |= 1 << (slots[at] & 31);
      left |= target[current] &= mask;
      word = current + 1;
    }
    target.fill(0, word);
    return left !== 0;
  }

  /**
   * `target = target AND this` on the candidate words `words[0 .. count)` only (the words of `target` that
   * can still hold slots, in increasing order); keeps in `words` those left non-zero and returns how many.
   */
  andIntoWords(target: Bitset, words: Int32Array, count: number): number {
    let kept = 0;
    if (this.bits) {
      const bits = this.bits;
      for (let at = 0; at < count; at++) {
        const word = words[at];
        if ((target[word] &= bits[word]) !== 0) words[kept++] = word;
      }
      return kept;
    }
    const slots = this.slots as Uint32Array;
    for (let at = 0, next = 0; at < count; at++) {
      const word = words[at];
      next = seek(slots, next, this.count, word * 32);
      let mask = 0;
      for (; next < this.count && slots[next] >>> 5 === word; next++) mask |= 1 << (slots[next] & 31);
      if ((target[word] &= mask) !== 0) words[kept++] = word;
    }
    return kept;
  }

  /** `target = target OR this` on the candidate words `words[0 .. count)` only (in increasing order). */
  orIntoWords(target: Bitset, words: Int32Array, count: number): void {
    if (this.bits) {
      const bits = this.bits;
      for (let at = 0; at < count; at++) target[words[at]] |= bits[words[at]];
      return;
    }
    const slots = this.slots as Uint32Array;
    for (let at = 0, next = 0; at < count && next < this.count; at++) {
      const word = words[at];
      next = seek(slots, next, this.count, word * 32);
      let mask = 0;
      for (; next < this.count && slots[next] >>> 5 === word; next++) mask |= 1 << (slots[next] & 31);
      target[word] |= mask;
    }
  }

  /** How many slots are in both this and `bits`. */
  countAnd(bits: Bitset): number {
    if (this.bits) return countAnd(this.bits, bits);
    const slots = this.slots as Uint32Array;
    let count = 0;
    for (let at = 0; at < this.count; at++) if (hasBit(bits, slots[at])) count++;
    return count;
  }

  /** Past this many slots the list would outweigh half the bitset. */
  private sparseLimit(): number {
    return this.words >>> 1;
  }

  /** Where the slot is in the sorted list, or `-(insertion point) - 1`. */
  private position(slot: number): number {
    const slots = this.slots as Uint32Array;
    let low = 0;
    let high = this.count - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const value = slots[middle];
      if (value < slot) low = middle + 1;
      else if (value > slot) high = middle - 1;
      else return middle;
    }
    return -low - 1;
  }

  private toDense(): void {
    const bits = new Uint32Array(this.words);
    this.orInto(bits);
    this.bits = bits;
    this.slots = undefined;
  }

  private toSparse(): void {
    const bits = this.bits as Bitset;
    const slots = new Uint32Array(Math.max(INITIAL_SLOTS, this.count));
    let next = 0;
    for (let at = 0; at < bits.length; at++) {
      let word = bits[at];
      while (word !== 0) {
        const lowest = word & -word;
        slots[next++] = (at << 5) | (31 - Math.clz32(lowest));
        word ^= lowest;
      }
    }
    this.slots = slots;
    this.bits = undefined;
  }
}
