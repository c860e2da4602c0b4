import { type Bitset, popcount } from '../structures/bitset';
import { TopSlots } from '../structures/top-slots';

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
  /**
   * The share of all records holding each of `views`, when known: to foresee how many counting passes the
   * page takes, assuming options held independently.
   */
  shares?: number[];
}

/**
 * Past this many combinations of varying options, listing them in weight order costs more than it saves:
 * every match is weighed instead.
 */
const COMBINATION_LIMIT = 64;

/** Relative slack for comparing sums of weights added in different orders. */
const ROUNDING_MARGIN = 1e-9;

/** One combination of varying options (bit `i` for `views[i]`) and the weight of a match carrying exactly it. */
interface Combination {
  mask: number;
  weight: number;
  /** How many matches carry it, once counted. */
  count?: number;
}

/**
 * The `k` best matches by weight, ties broken by the kept order, as weighing every match and sorting would
 * give, while weighing as few matches as the page needs.
 *
 * A match's weight depends only on which varying options it carries (its combination), so the combinations
 * are listed heaviest first and counted among the matches, a word-wide pass each (stopping once the page is
 * full), until they hold `k` matches: the weight `w` of the last one counted bounds the page. The matches
 * heavier than `w` (fewer than `k`) all make the page, found by one more pass; the rest of it comes from the
 * matches weighing exactly `w`, first in the kept order: found by walking that order while that stays
 * cheaper than a pass, else by a bounded heap over them. When the passes would cost more than weighing each
 * match (many combinations, or few matches), each match is weighed from the option bitsets' words and
 * offered to the bounded heap.
 */
export class WeightRanker {
  private readonly top: TopSlots;
  /** Per-query scratch: the matches of some combinations. */
  private chosen: Bitset = new Uint32Array(0);
  /** Words the last `countCombination` read. */
  private scanned = 0;
  /** Per-query scratch: one word of each view. */
  private viewWords = new Int32Array(0);

  /** `compare`: the tie-break (negative when the first slot ranks first), the order `order` walks in. */
  constructor(compare: (a: number, b: number) => number) {
    this.top = new TopSlots(compare);
  }

  /**
   * The best `k` slots of `matches` (`total` set bits) best first; `order` holds every live slot in
   * tie-break order.
   */
  best(matches: Bitset, total: number, terms: WeightTerms, k: number, order: readonly number[]): number[] {
    if (k <= 0 || total === 0) return [];
    const words = matches.length;
    const n = terms.views.length;
    // Weighing every match: a test per varying option per match, on top of visiting every word.
    const weighAll = total * (n + 2) + words;
    const combinations = total > k ? this.combinations(terms) : undefined;
    if (!combinations) return this.weighEach(matches, terms, k);
    const passCost = words * (n + 1);
    // Skipped when the passes would foreseeably cost more than weighing every match, not only once they did.
    if (
      terms.shares &&
      this.expectedPasses(terms, terms.shares, combinations, total, k) * passCost > weighAll
    )
      return this.weighEach(matches, terms, k);
    let spent = 0;
    let counted = 0;
    let last = -1;
    while (counted < k) {
      last++;
      spent += passCost;
      if (last >= combinations.length || spent > weighAll) return this.weighEach(matches, terms, k);
      const { mask } = combinations[last];
      this.scanned = words;
      const count = n === 0 ? total : this.countCombination(matches, terms, mask, k - counted);
      combinations[last].count = count;
      counted += count;
    }
    // The matches weighing `bound`, at least: the last combination's, extrapolated from the words its
    // pass read, and those of the others weighing as much.
    const bound = combinations[last].weight;
    let equalCount = (combinations[last].count ?? 0) * (words / Math.max(1, this.scanned));
    for (let at = 0; at < last; at++)
      if (combinations[at].weight === bound) equalCount += combinations[at].count ?? 0;
    // Counted in full: only the last pass stopped early, and it weighs `bound`.
    const heavier = combinations.slice(0, last).filter(({ weight }) => weight > bound);
    const heavierCount = heavier.reduce((sum, { count }) => sum + (count ?? 0), 0);
    // Walking the order meets a match weighing `bound` about every order.length / equalCount steps.
    if (((k - heavierCount) * order.length) / equalCount <= passCost) {
      let page: number[] = [];
      if (heavierCount > 0) {
        this.fill(matches, terms.views, heavier);
        this.top.reset(heavierCount);
        this.offerAll(this.chosen, terms);
        page = this.top.sorted();
      }
      if (this.walk(matches, terms, bound, order, k, page, passCost)) return page;
    }
    // Too few of the matches weigh `bound` to walk to them: a heap over them and the heavier ones, the
    // lighter ones passed over as the heap would once full (at least `k` matches weigh `bound` or more).
    this.top.reset(k);
    this.offerAll(matches, terms, bound);
    return this.top.sorted();
  }

  /**
   * Adds to `page` the matches weighing `bound`, in the kept order, until it holds `k`; false (and `page`
   * not to be used) when that takes more than `budget` steps.
   */
  private walk(
    matches: Bitset,
    { base, views, weights }: WeightTerms,
    bound: number,
    order: readonly number[],
    k: number,
    page: number[],
    budget: number,
  ): boolean {
    for (let step = 0; step < order.length && page.length < k; step++) {
      if (step === budget) return false;
      const slot = order[step];
      const word = slot >>> 5;
      const bit = 1 << (slot & 31);
      if ((matches[word] & bit) === 0) continue;
      let weight = base;
      for (let view = 0; view < views.length; view++) if (views[view][word] & bit) weight += weights[view];
      if (weight === bound) page.push(slot);
    }
    return true;
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

  /**
   * How many combinations, heaviest first, hold `k` of the `total` matches if each option is held
   * independently with its share: a match carries exactly a subset of a group's options with the product of
   * their shares and of the others' complements, over the chance of carrying any of them.
   */
  private expectedPasses(
    terms: WeightTerms,
    shares: readonly number[],
    combinations: readonly Combination[],
    total: number,
    k: number,
  ): number {
    let any = 1;
    for (const group of terms.groups) any *= 1 - group.reduce((none, view) => none * (1 - shares[view]), 1);
    let expected = 0;
    for (let at = 0; at < combinations.length; at++) {
      let chance = 1;
      for (const group of terms.groups)
        for (const view of group)
          chance *= combinations[at].mask & (1 << view) ? shares[view] : 1 - shares[view];
      expected += (total * chance) / any;
      if (expected >= k) return at + 1;
    }
    return combinations.length + 1;
  }

  /**
   * How many matches carry exactly the options of `mask` among the views, counting no further than `need`
   * (`scanned` says how many words were read).
   */
  private countCombination(
    matches: Bitset,
    { views, weights }: WeightTerms,
    mask: number,
    need: number,
  ): number {
    // The options of the combination first, heaviest (rarest) first, so that most words are ruled out by the
    // first view read; a view outside it is read inverted (XOR with all ones).
    const checks = views.map((_, view) => view);
    checks.sort(
      (a, b) => Number((mask & (1 << b)) !== 0) - Number((mask & (1 << a)) !== 0) || weights[b] - weights[a],
    );
    const ordered = checks.map((view) => views[view]);
    const flips = checks.map((view) => (mask & (1 << view) ? 0 : -1));
    let count = 0;
    let word = 0;
    for (; word < matches.length && count < need; word++) {
      let bits = matches[word];
      for (let at = 0; bits !== 0 && at < ordered.length; at++) bits &= ordered[at][word] ^ flips[at];
      if (bits !== 0) count += popcount(bits);
    }
    this.scanned = word;
    return count;
  }

  /** Fills `chosen` with the matches carrying one of the combinations. */
  private fill(matches: Bitset, views: readonly Bitset[], combinations: readonly Combination[]): void {
    if (this.chosen.length !== matches.length) this.chosen = new Uint32Array(matches.length);
    const chosen = this.chosen;
    for (let word = 0; word < matches.length; word++) {
      const bits = matches[word];
      let kept = 0;
      if (bits !== 0) for (const { mask } of combinations) kept |= this.carrying(bits, views, mask, word);
      chosen[word] = kept;
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

  /**
   * Offers every set bit of `bits` that could make the page to the heap with its weight, read from the views'
   * words (each read once per word). Once the heap is full, a word whose bits together carry too little to
   * reach it is passed over. The bits holding the heaviest (rarest) option go first: they fill the page with
   * heavy matches, so its worst weight is high from the start. Then, if the lighter options together weigh
   * less than that, a bit must hold one of the next heaviest to make the page: only those bits are read, a
   * word at a time from those views alone, and the rest is never visited.
   */
  private offerAll(bits: Bitset, terms: WeightTerms, floor = -Infinity): void {
    const { base, views, weights } = terms;
    if (this.viewWords.length < views.length) this.viewWords = new Int32Array(views.length);
    // Heaviest first, with what the views after each could still add: once the page is full, a word whose
    // bits cannot reach its worst weight is left after reading a few views.
    const order = views.map((_, view) => view).sort((a, b) => weights[b] - weights[a]);
    const after = order.map((_, at) => order.slice(at + 1).reduce((sum, view) => sum + weights[view], 0));
    if (views.length === 0) {
      this.offerWords(bits, terms, order, after, undefined, undefined, [], floor);
      return;
    }
    const heaviest = views[order[0]];
    this.offerWords(bits, terms, order, after, heaviest, undefined, [], floor);
    // The fewest next heaviest views one of which a bit must hold to reach the page's worst weight.
    let needed = order.length;
    const short = this.leastKept(floor);
    if (short > -Infinity) {
      for (let at = 0; at < order.length; at++) {
        if (base + after[at] < short) {
          needed = at + 1;
          break;
        }
      }
    }
    const anyOf = needed < order.length ? order.slice(1, needed).map((view) => views[view]) : [];
    // Every bit lacking the heaviest view, unless the lighter views cannot lift one to the page.
    if (needed === order.length || anyOf.length > 0)
      this.offerWords(bits, terms, order, after, undefined, heaviest, anyOf, floor);
  }

  /**
   * What a bit must weigh to be kept, less the margin for sums added in another order: the worst kept once
   * the heap is full, and at least `floor`; -Infinity while neither bounds it.
   */
  private leastKept(floor: number): number {
    const worst = this.top.full ? Math.max(this.top.worstKey, floor) : floor;
    return worst - ROUNDING_MARGIN * (1 + Math.abs(worst));
  }

  /**
   * `offerAll` over the bits of `bits` that `holds` holds, `lacks` lacks and one of `anyOf` holds (each
   * condition left out when undefined or empty).
   */
  private offerWords(
    bits: Bitset,
    { base, views, weights }: WeightTerms,
    order: readonly number[],
    after: readonly number[],
    holds: Bitset | undefined,
    lacks: Bitset | undefined,
    anyOf: readonly Bitset[],
    floor: number,
  ): void {
    const top = this.top;
    const viewWords = this.viewWords;
    for (let word = 0; word < bits.length; word++) {
      let left = bits[word];
      if (left === 0) continue;
      if (holds) left &= holds[word];
      if (lacks) left &= ~lacks[word];
      if (anyOf.length > 0) {
        let any = 0;
        for (let at = 0; at < anyOf.length; at++) any |= anyOf[at][word];
        left &= any;
      }
      if (left === 0) continue;
      const short = this.leastKept(floor);
      const bounded = short > -Infinity;
      let ceiling = base;
      let beyond = false;
      for (let at = 0; at < order.length; at++) {
        const view = order[at];
        const held = views[view][word] & left;
        viewWords[view] = held;
        if (held !== 0) ceiling += weights[view];
        else if (bounded && ceiling + after[at] < short) {
          beyond = true;
          break;
        }
      }
      if (beyond) continue;
      if (bounded) {
        // Summed in another order than each bit's weight: compared with the margin.
        if (ceiling < short) continue;
        // A bit lacking an option the word's ceiling cannot spare weighs less than the worst kept: only the
        // bits holding all of those are weighed (with a margin for the sums' rounding).
        for (let view = 0; view < views.length; view++) {
          if (viewWords[view] !== 0 && ceiling - weights[view] < short) left &= viewWords[view];
        }
      }
      while (left !== 0) {
        const lowest = left & -left;
        left ^= lowest;
        let weight = base;
        for (let view = 0; view < views.length; view++) if (viewWords[view] & lowest) weight += weights[view];
        if (weight >= short && (!top.full || weight >= top.worstKey))
          top.offer(weight, (word << 5) | (31 - Math.clz32(lowest)));
      }
    }
  }
}
