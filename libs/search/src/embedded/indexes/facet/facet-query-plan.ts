import {
  activeMustHaveGroups,
  activeMustNotGroups,
  activeNumberRanges,
  activeOptionGroups,
  type FacetDimension,
  type NumberRange,
  optionWeight,
  type SearchFilter,
} from '@skillers/domain';
import type { WeightTerms } from '../../ranking/weight-ranker';
import { type Bitset, forEachBit, orInto, setBit } from '../../structures/bitset';
import type { FacetStore } from './facet-store';
import { groupDimension, groupTokens, type Posting } from './facet-tokens';

/**
 * One active option filter (or its must-haves, or its must-nots) as posting lists: at least `needed`
 * present, or none when `excluded`; `scoring` ones add to the score and weight.
 */
export interface TokenGroup {
  dimension: FacetDimension;
  postings: (Posting | undefined)[];
  weights: number[];
  needed: number;
  scoring: boolean;
  excluded?: boolean;
}

/** A filter turned into posting lists and number ranges. */
export interface QueryPlan {
  groups: TokenGroup[];
  ranges: NumberRange[];
  /** The weight of every picked option: the most a record can carry. */
  pickedWeight: number;
}

export const planOf = (store: FacetStore, filter: SearchFilter): QueryPlan => {
  const allMatch = filter.restriction === 'all_match';
  const posting = (token: string) => store.postings.get(token);
  const scoring = activeOptionGroups(filter).map((group): TokenGroup => {
    const postings = groupTokens(group).map(posting);
    return {
      dimension: groupDimension(group),
      postings,
      weights: postings.map((list) => optionWeight(store.size, list?.slots.size ?? 0)),
      needed: allMatch ? postings.length : 1,
      scoring: true,
    };
  });
  // Must-have groups only narrow: their options weigh nothing (each is also a pick, weighed there).
  const required = activeMustHaveGroups(filter).map((group): TokenGroup => {
    const postings = groupTokens(group).map(posting);
    return {
      dimension: groupDimension(group),
      postings,
      weights: postings.map(() => 0),
      needed: postings.length,
      scoring: false,
    };
  });
  const excluded = activeMustNotGroups(filter).map((group): TokenGroup => ({
    dimension: groupDimension(group),
    postings: groupTokens(group).map(posting),
    weights: group.options.map(() => 0),
    needed: 0,
    scoring: false,
    excluded: true,
  }));
  return {
    groups: [...scoring, ...required, ...excluded],
    ranges: activeNumberRanges(filter),
    pickedWeight: scoring.reduce((sum, group) => group.weights.reduce((a, b) => a + b, sum), 0),
  };
};

/** The weight of the picked options the slot carries. */
export const weightOf = (plan: QueryPlan, slot: number): number => {
  let weight = 0;
  for (const { postings, weights, scoring } of plan.groups) {
    if (!scoring) continue;
    for (let at = 0; at < postings.length; at++) {
      const posting = postings[at];
      if (posting?.slots.has(slot)) weight += weights[at];
    }
  }
  return weight;
};

/** Picked options present plus the number ranges (every match is in all of them). */
export const scoreOf = (plan: QueryPlan, slot: number): number => {
  let score = plan.ranges.length;
  for (const { postings, scoring } of plan.groups) {
    if (!scoring) continue;
    for (const posting of postings) if (posting?.slots.has(slot)) score++;
  }
  return score;
};

/**
 * The plan's weights split into what every match carries (an all_match filter's options, the one option
 * of a filter) and the options of min_1_match filters only some matches carry, as bitsets.
 */
export const weightTerms = (store: FacetStore, plan: QueryPlan): WeightTerms => {
  const shares: number[] = [];
  const terms: WeightTerms = { base: 0, views: [], weights: [], groups: [], shares };
  for (const { postings, weights, needed, scoring } of plan.groups) {
    if (!scoring) continue;
    const present = postings.flatMap((posting, at) => (posting ? [{ posting, weight: weights[at] }] : []));
    if (needed > 1 || present.length === 1) {
      for (const { weight } of present) terms.base += weight;
      continue;
    }
    const group: number[] = [];
    for (const { posting, weight } of present) {
      group.push(terms.views.length);
      terms.views.push(posting.slots.dense ? posting.slots.data : viewOf(store, posting, terms.views.length));
      terms.weights.push(weight);
      shares.push(posting.slots.size / (store.size || 1));
    }
    terms.groups.push(group);
  }
  return terms;
};

/** A sparse posting copied into scratch bitset `at`. */
const viewOf = (store: FacetStore, posting: Posting, at: number): Bitset => {
  const { views, words } = store;
  if (views[at]?.length !== words) views[at] = new Uint32Array(words);
  posting.slots.copyInto(views[at]);
  return views[at];
};

/**
 * Adds the weight of the plan's scoring options (`optionWeight`s, as picks are weighed) each slot carries
 * into `weights` by slot, without matching: how understood labels rank every match. Each option's posting is
 * walked once, where asking every match about every option would cost a lookup per match and option. With
 * `carried`, sets the bit of every slot that carries one. Returns the weight of all the options, what
 * `facetShare` divides by.
 */
export const addOptionWeights = (plan: QueryPlan, weights: Float64Array, carried?: Bitset): number => {
  for (const { postings, weights: optionWeights, scoring } of plan.groups) {
    if (!scoring) continue;
    postings.forEach((posting, at) => {
      if (!posting) return;
      const weight = optionWeights[at];
      if (posting.slots.dense) {
        const bits = posting.slots.data;
        forEachBit(bits, (slot) => {
          weights[slot] += weight;
        });
        if (carried) orInto(carried, bits);
      } else {
        for (const slot of posting.slots.data) {
          weights[slot] += weight;
          if (carried) setBit(carried, slot);
        }
      }
    });
  }
  return plan.pickedWeight;
};
