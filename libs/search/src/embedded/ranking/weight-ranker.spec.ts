import { describe, expect, it } from 'vitest';
import { type Bitset, countBits, hasBit, setBit, wordsFor } from '../structures/bitset';
import { WeightRanker, type WeightTerms } from './weight-ranker';

let state = 7;
const random = () => {
  state = (state * 1664525 + 1013904223) >>> 0;
  return state / 4294967296;
};

/** Slots in a shuffled tie-break order: `rank[slot]` is its place. */
const shuffledOrder = (size: number) => {
  const order = Array.from({ length: size }, (_, slot) => slot);
  for (let i = size - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  const rank = new Int32Array(size);
  order.forEach((slot, at) => (rank[slot] = at));
  return { order, compare: (a: number, b: number) => rank[a] - rank[b] };
};

const bitsetOf = (size: number, holds: (slot: number) => boolean): Bitset => {
  const bits = new Uint32Array(wordsFor(size));
  for (let slot = 0; slot < size; slot++) if (holds(slot)) setBit(bits, slot);
  return bits;
};

/**
 * Random option bitsets in groups and the matches they imply (at least one option of each group, of the
 * slots `kept` lets through), as a min_1_match query's varying options.
 */
const query = (size: number, groupSizes: number[], share: number, weights: () => number, kept = 1) => {
  const terms: WeightTerms = { base: Math.floor(random() * 50), views: [], weights: [], groups: [] };
  for (const length of groupSizes) {
    const group: number[] = [];
    for (let at = 0; at < length; at++) {
      group.push(terms.views.length);
      terms.views.push(bitsetOf(size, () => random() < share));
      terms.weights.push(weights());
    }
    terms.groups.push(group);
  }
  const matches = bitsetOf(
    size,
    (slot) =>
      random() < kept && terms.groups.every((group) => group.some((view) => hasBit(terms.views[view], slot))),
  );
  return { terms, matches };
};

/** Every match weighed and sorted: what the ranker must return. */
const expected = (
  matches: Bitset,
  terms: WeightTerms,
  k: number,
  compare: (a: number, b: number) => number,
) => {
  const weighed: { slot: number; weight: number }[] = [];
  for (let slot = 0; slot < matches.length * 32; slot++) {
    if (!hasBit(matches, slot)) continue;
    const weight = terms.views.reduce(
      (sum, view, at) => (hasBit(view, slot) ? sum + terms.weights[at] : sum),
      terms.base,
    );
    weighed.push({ slot, weight });
  }
  weighed.sort((a, b) => b.weight - a.weight || compare(a.slot, b.slot));
  return weighed.slice(0, k).map(({ slot }) => slot);
};

describe('WeightRanker', () => {
  const size = 5000;
  const { order, compare } = shuffledOrder(size);
  const ranker = new WeightRanker(compare);
  const rank = (matches: Bitset, terms: WeightTerms, k: number) =>
    ranker.best(matches, countBits(matches), terms, k, order);

  // Shapes: no varying option; one filter of 2-3 options, common or rare; several filters; more
  // combinations than are worth listing; few distinct weights (many ties) and many; matches too thinly
  // spread over the order to walk to.
  const shapes: [string, number[], number, () => number, number?][] = [
    ['no varying option', [], 0.5, () => 1],
    ['one filter of two common options', [2], 0.6, () => 1 + Math.floor(random() * 3)],
    ['one filter of three options', [3], 0.2, () => 1 + Math.floor(random() * 400)],
    ['one filter of three rare options', [3], 0.01, () => 1 + Math.floor(random() * 400)],
    ['three filters', [3, 2, 1], 0.4, () => 1 + Math.floor(random() * 5)],
    ['too many combinations to list', [3, 3, 3], 0.5, () => 1 + Math.floor(random() * 400)],
    ['equal weights', [3], 0.3, () => 7],
    ['few matches left by other filters', [2], 0.5, () => 1 + Math.floor(random() * 3), 0.01],
    ['a page spread thin over the order', [2], 0.5, () => 1 + Math.floor(random() * 400), 0.03],
  ];
  it.each(shapes)('ranks as weighing every match would: %s', (_, groups, share, weights, kept) => {
    for (let round = 0; round < 10; round++) {
      const { terms, matches } = query(size, groups, share, weights, kept);
      for (const k of [1, 12, 24, 300, 6000]) {
        expect(rank(matches, terms, k)).toEqual(expected(matches, terms, k, compare));
      }
    }
  });

  it('ranks as weighing every match would when a few rare options outweigh the common ones', () => {
    // Too many combinations to list, so every match is weighed: the page fills from the rarest option's
    // matches, and then only matches holding one of the next rarest, or none at all, can reach it.
    for (const rareViews of [1, 2, 3]) {
      for (let round = 0; round < 5; round++) {
        const terms: WeightTerms = { base: Math.floor(random() * 50), views: [], weights: [], groups: [] };
        for (let group = 0; group < 3; group++) {
          const views: number[] = [];
          for (let at = 0; at < 3; at++) {
            const rare = group * 3 + at < rareViews;
            views.push(terms.views.length);
            terms.views.push(bitsetOf(size, () => random() < (rare ? 0.03 : 0.6)));
            terms.weights.push(rare ? 300 + Math.floor(random() * 100) : 1 + Math.floor(random() * 20));
          }
          terms.groups.push(views);
        }
        const matches = bitsetOf(size, (slot) =>
          terms.groups.every((group) => group.some((view) => hasBit(terms.views[view], slot))),
        );
        for (const k of [1, 12, 24, 300]) {
          expect(rank(matches, terms, k)).toEqual(expected(matches, terms, k, compare));
        }
      }
    }
  });

  it('ranks as weighing every match would when the order holds the matches last', () => {
    // Walking the order to the matches takes more steps than their number promises: the ranker must give up
    // the walk and use the heap.
    for (const groups of [[], [2]]) {
      const { terms, matches } = query(size, groups, 0.5, () => 1 + Math.floor(random() * 3), 0.5);
      const last = Array.from({ length: size }, (_, slot) => slot).sort(
        (a, b) => Number(hasBit(matches, a)) - Number(hasBit(matches, b)) || a - b,
      );
      const rank = new Int32Array(size);
      last.forEach((slot, at) => (rank[slot] = at));
      const compareLast = (a: number, b: number) => rank[a] - rank[b];
      const lastRanker = new WeightRanker(compareLast);
      for (const k of [1, 12, 300]) {
        expect(lastRanker.best(matches, countBits(matches), terms, k, last)).toEqual(
          expected(matches, terms, k, compareLast),
        );
      }
    }
  });

  it('returns nothing for k = 0 or no matches', () => {
    const { terms, matches } = query(size, [2], 0.5, () => 3);
    expect(rank(matches, terms, 0)).toEqual([]);
    expect(rank(new Uint32Array(matches.length), terms, 12)).toEqual([]);
  });
});
