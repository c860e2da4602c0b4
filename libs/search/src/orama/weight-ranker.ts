import { type Bitset, countBits, hasBit, popcount } from './bitset';
import { TopSlots } from './top-slots';

/** How a query weighs its matches: what every match carries, and the picked options only some carry. */
export interface WeightTerms {
  /** The weight every match carries (options held by all of them). */
  base: number;
  /** One bitset (a `words` long view) per picked option that some matches carry and some do not. */
  views: Bitset[];
  /** The weight of each of `views`. */
  weights: number[];
  /** Indexes into `views`: every match carries at least one option of each group. */
  groups: number[][];
}

/**
 * Past this many combinations of varying options, listing them in weight order costs more than it saves:
 * every match is weighed instead.
 */
const COMBINATION_LIMIT = 64;

/** One combination of varying options (bit `i` for `views[i]`) and the weight of a match carrying exactly it. */
interface Combination {
  mask: number;
  weight: number;
}

/**
 * The `k` best matches by weight, ties broken by the kept order, as weighing every match and sorting would
 * give, while weighing as few matches as the page needs.
 *
 * A match's weight depends only on which varying options it carries (its combination), so the combinations
 * are listed heaviest first and counted among the matches, a word-wide pass each, until they hold `k`
 * matches: the weight `w` of the last one counted bounds the page. The matches heavier than `w` (fewer than
 * `k`) all make the page; the rest of it comes from the matches weighing exactly `w`, first in the kept
 * order: found by walking that order when they are many, by a bounded heap when few. When the passes would
 * cost more than weighing each match (many combinations, or few matches), each match is weighed from the
 * option bitsets' words and offered to the bounded heap.
 */
export class WeightRanker {
  private readonly top: TopSlots;
  private above: Bitset = new Uint32Array(0);
  private at: Bitset = new Uint32Array(0);

  /** `compare`: the tie-break (negative when the first slot ranks first), the order `order` walks in. */
  constructor(private readonly compare: (a: number, b: number) => number) {
    this.top = new TopSlots(compare);
  }

  /**
   * The best `k` slots of `matches` (`total` set bits) best first; `order` holds every live slot (of
   * `size`) in tie-break order.
   */
  best(
    matches: Bitset,
    total: number,
    terms: WeightTerms,
    k: number,
    order: readonly number[],
    size: number,
  ): number[] {
    if (k <= 0 || total === 0) return [];
    const words = matches.length;
    const n = terms.views.length;
    // Weighing every match: a test per varying option per match, on top of visiting every word.
    const weighAll = total * (n + 2) + words;
    const combinations = total > k ? this.combinations(terms) : undefined;
    if (!combinations) return this.weighEach(matches, terms, k);
    const passCost = words * (n + 1);
    let spent = 0;
    let counted = 0;
    let last = -1;
    while (counted < k) {
      last++;
      spent += passCost;
      if (last >= combinations.length || spent > weighAll) return this.weighEach(matches, terms, k);
      counted += n === 0 ? total : this.countCombination(matches, terms.views, combinations[last].mask);
    }
    const bound = combinations[last].weight;
    const heavier = combinations.filter(({ weight }) => weight > bound).map(({ mask }) => mask);
    const equal = combinations.filter(({ weight }) => weight === bound).map(({ mask }) => mask);
    this.fill(matches, terms.views, heavier, equal);
    const heavierCount = countBits(this.above);
    const equalCount = countBits(this.at);
    const wanted = k - heavierCount;
    // Walking the order meets one of the `equal` matches every size/equalCount steps; the heap visits each.
    if ((wanted * size) / equalCount > 2 * equalCount) {
      this.top.reset(k);
      this.offerAll(this.above, terms);
      this.offerAll(this.at, terms);
      return this.top.sorted();
    }
    this.top.reset(heavierCount);
    this.offerAll(this.above, terms);
    const page = this.top.sorted();
    const at = this.at;
    for (let i = 0; i < order.length && page.length < k; i++) if (hasBit(at, order[i])) page.push(order[i]);
    return page;
  }

  /**
   * The combinations a match can carry (at least one option of each group), heaviest first; undefined when
   * there are too many to be worth listing.
   */
  private combinations(terms: WeightTerms): Combination[] | undefined {
    let combinations: Combination[] = [{ mask: 0, weight: terms.base }];
    for (const group of terms.groups) {
      if (combinations.length * (2 ** group.length - 1) > COMBINATION_LIMIT) return undefined;
      const next: Combination[] = [];
      for (let subset = 1; subset < 2 ** group.length; subset++) {
        let mask = 0;
        let weight = 0;
        group.forEach((view, at) => {
          if (subset & (1 << at)) {
            mask |= 1 << view;
            weight += terms.weights[view];
          }
        });
        for (const combination of combinations)
          next.push({ mask: combination.mask | mask, weight: combination.weight + weight });
      }
      combinations = next;
    }
    return combinations.sort((a, b) => b.weight - a.weight);
  }

  /** How many matches carry exactly the options of `mask` among the views. */
  private countCombination(matches: Bitset, views: readonly Bitset[], mask: number): number {
    let count = 0;
    for (let word = 0; word < matches.length; word++) {
      let bits = matches[word];
      for (let view = 0; bits !== 0 && view < views.length; view++) {
        bits &= mask & (1 << view) ? views[view][word] : ~views[view][word];
      }
      if (bits !== 0) count += popcount(bits);
    }
    return count;
  }

  /** Fills `above` with the matches carrying one of `heavier`, `at` with those carrying one of `equal`. */
  private fill(matches: Bitset, views: readonly Bitset[], heavier: number[], equal: number[]): void {
    if (this.above.length !== matches.length) {
      this.above = new Uint32Array(matches.length);
      this.at = new Uint32Array(matches.length);
    }
    for (let word = 0; word < matches.length; word++) {
      const bits = matches[word];
      let above = 0;
      let at = 0;
      if (bits !== 0) {
        for (const mask of heavier) above |= this.carrying(bits, views, mask, word);
        for (const mask of equal) at |= this.carrying(bits, views, mask, word);
      }
      this.above[word] = above;
      this.at[word] = at;
    }
  }

  /** The bits of `bits` (word `word`) carrying exactly the options of `mask` among the views. */
  private carrying(bits: number, views: readonly Bitset[], mask: number, word: number): number {
    for (let view = 0; bits !== 0 && view < views.length; view++) {
      bits &= mask & (1 << view) ? views[view][word] : ~views[view][word];
    }
    return bits;
  }

  /** Every match weighed, the best `k` kept. */
  private weighEach(matches: Bitset, terms: WeightTerms, k: number): number[] {
    this.top.reset(k);
    this.offerAll(matches, terms);
    return this.top.sorted();
  }

  /** Offers every set bit of `bits` to the heap with its weight, read from the views' words. */
  private offerAll(bits: Bitset, { base, views, weights }: WeightTerms): void {
    const top = this.top;
    for (let word = 0; word < bits.length; word++) {
      let left = bits[word];
      while (left !== 0) {
        const lowest = left & -left;
        left ^= lowest;
        let weight = base;
        for (let view = 0; view < views.length; view++)
          if (views[view][word] & lowest) weight += weights[view];
        if (!top.full || weight >= top.worstKey) top.offer(weight, (word << 5) | (31 - Math.clz32(lowest)));
      }
    }
  }
}
