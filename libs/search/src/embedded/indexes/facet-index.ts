import {
  type FacetCounts,
  type NumberField,
  picksLabels,
  type RelaxEntry,
  relaxWith,
  type SearchDocument,
  type SearchFilter,
} from '@skillers/domain';
import { WeightRanker } from '../ranking/weight-ranker';
import { type Bitset, forEachBit } from '../structures/bitset';
import type { PostingSet } from '../structures/posting-set';
import type { SectionReader, SectionSource } from '../structures/binary-sections';
import { FacetCounter } from './facet/facet-counts';
import { matchInto } from './facet/facet-matching';
import {
  addOptionWeights,
  planOf,
  type QueryPlan,
  scoreOf,
  weightOf,
  weightTerms,
} from './facet/facet-query-plan';
import { facetSections, facetStoreFromSections } from './facet/facet-sections';
import { FacetStore } from './facet/facet-store';

export interface RankedPage {
  ids: string[];
  scores: number[];
  /** The weight of the picked options each id carries (see `optionWeight`). */
  weights: number[];
  /** The weight of every picked option: the most a record can carry. */
  pickedWeight: number;
  total: number;
}

/**
 * The matches of one query, for rankings that also weigh text and vectors: the set bits of `bits`, valid
 * until the index answers another query.
 */
export interface MatchSet {
  bits: Bitset;
  total: number;
  pickedWeight: number;
  /** The weight of the picked options a matching slot carries. */
  weight(slot: number): number;
  /** Picked options present plus satisfied number filters. */
  score(slot: number): number;
}

/**
 * The filter side of the embedded index: a posting set per picked-option token (a bitset with one bit per
 * document slot, or the sorted slots of a rare option: `PostingSet`),
 * number columns, and every document kept in the final tie-break order (newest first, then greater id).
 *
 * A query ANDs, across filters, the OR (min_1_match) or AND (all_match, must-haves) of each filter's
 * posting bitsets, then drops the documents outside the number ranges. The matches are then ranked by weight
 * (rarer options weigh more: `optionWeight`, from the posting sizes), and only the page asked for is put
 * in order (`WeightRanker`: only the matches that can reach the page are weighed).
 */
export class FacetIndex {
  private readonly counter: FacetCounter;
  private readonly ranker: WeightRanker;
  /**
   * The filter the last `search` or `matches` matched, with its plan and match count (the set bits of the
   * store's `matched`): the facets of that same filter object start from them instead of matching again.
   * A write forgets it.
   */
  private lastMatch?: { filter: SearchFilter; plan: QueryPlan; total: number; bits: Bitset };
  /**
   * The facets of a filter that picks nothing and matches every document (the home search's, whatever its
   * text): the same for every such query until a write, which forgets them. Shared: callers only read them.
   */
  private wholeFacets?: FacetCounts;

  constructor(private readonly store: FacetStore = new FacetStore()) {
    this.counter = new FacetCounter(store);
    this.ranker = new WeightRanker((a, b) => store.compareSlots(a, b));
  }

  get size(): number {
    return this.store.size;
  }

  /** The index as binary sections (see `facetSections`). */
  toSections(): SectionSource[] {
    return facetSections(this.store);
  }

  /** The index `toSections` saved, its arrays wrapped (not copied) where aligned. */
  static fromSections(section: SectionReader): FacetIndex {
    return new FacetIndex(facetStoreFromSections(section));
  }

  upsertMany(docs: readonly SearchDocument[]): void {
    this.forgetMatches();
    this.store.upsertMany(docs);
  }

  deleteMany(ids: readonly string[]): void {
    this.forgetMatches();
    this.store.deleteMany(ids);
  }

  /** A write changes what any filter matches: the last match and the whole kind's facets are stale. */
  private forgetMatches(): void {
    this.lastMatch = undefined;
    this.wholeFacets = undefined;
  }

  /** Makes room for `records` slots at once, where growing as they arrive would copy every array. */
  reserve(records: number): void {
    this.forgetMatches();
    this.store.reserve(records);
  }

  /** The slots holding a token (`tagToken`, `toolAtLevelToken`), or undefined when none does. */
  posting(token: string): PostingSet | undefined {
    return this.store.postings.get(token)?.slots;
  }

  /** Calls `visit` with each document's slot, in slot order (no id is decoded). */
  forEachSlot(visit: (slot: number) => void): void {
    forEachBit(this.store.live, visit);
  }

  /** Slots run from 0 to below this. */
  get slotCapacity(): number {
    return this.store.capacity;
  }

  slotOf(id: string): number | undefined {
    return this.store.slotById.get(id);
  }

  idOf(slot: number): string {
    return this.store.idAt(slot);
  }

  /** The final tie-break between two slots: negative when `a` is newer (or as new with the greater id). */
  get compareSlots(): (a: number, b: number) => number {
    return this.store.compareSlots;
  }

  /** A number field's column by slot (NaN where a record has none), for reading many slots in a row. */
  numberColumn(field: NumberField): Float64Array {
    return this.store.columns[field];
  }

  /**
   * One page of the documents matching the filter, ranked as `referenceSearch` ranks them when there is no
   * free text and no query vector: by the weight of the picked options they carry.
   */
  search(filter: SearchFilter, page: number, pageSize: number): RankedPage {
    const { store } = this;
    store.ensureOrder();
    const plan = planOf(store, filter);
    const start = (page - 1) * pageSize;
    const total = matchInto(store, store.matched, plan.groups, plan.ranges);
    this.lastMatch = { filter, plan, total, bits: store.matched };
    const result: RankedPage = { ids: [], scores: [], weights: [], pickedWeight: plan.pickedWeight, total };
    if (total <= start || pageSize <= 0) return result;
    const slots = this.ranker
      .best(store.matched, total, weightTerms(store, plan), start + pageSize, store.order)
      .slice(start);
    for (const slot of slots) {
      result.ids.push(store.idAt(slot));
      result.scores.push(scoreOf(plan, slot));
      result.weights.push(weightOf(plan, slot));
    }
    return result;
  }

  /** The documents matching the filter; valid until the next query. */
  matches(filter: SearchFilter): MatchSet {
    const { store } = this;
    const plan = planOf(store, filter);
    const total = matchInto(store, store.matched, plan.groups, plan.ranges);
    this.lastMatch = { filter, plan, total, bits: store.matched };
    return {
      bits: store.matched,
      total,
      pickedWeight: plan.pickedWeight,
      weight: (slot) => weightOf(plan, slot),
      score: (slot) => scoreOf(plan, slot),
    };
  }

  /**
   * Adds the weight of a filter's options each slot carries into `weights` by slot (`addOptionWeights`),
   * marking the slots that carry one in `carried` when given, and returns the weight of all of them.
   */
  addOptionWeights(filter: SearchFilter, weights: Float64Array, carried?: Bitset): number {
    return addOptionWeights(planOf(this.store, filter), weights, carried);
  }

  /** How many documents carry each label of every option filter. */
  carriedLabelCounts(): FacetCounts {
    return this.counter.carried();
  }

  /** How many documents match the filter. */
  count(filter: SearchFilter): number {
    const plan = planOf(this.store, filter);
    if (plan.groups.length === 0 && plan.ranges.length === 0) return this.size;
    return matchInto(this.store, this.store.members, plan.groups, plan.ranges);
  }

  /** The disjunctive facets of every option filter (`referenceFacets`; see `FacetCounter.facets`). */
  facets(filter: SearchFilter): FacetCounts {
    const last = this.lastMatch;
    const inHand = last?.filter === filter && last.bits === this.store.matched;
    const plan = inHand ? last.plan : planOf(this.store, filter);
    const filtered = plan.groups.length > 0 || plan.ranges.length > 0;
    if (!filtered && !picksLabels(filter)) return (this.wholeFacets ??= this.counter.facets(filter, plan));
    return this.counter.facets(
      filter,
      plan,
      inHand && filtered ? { type: 'bits', bits: last.bits, count: last.total } : undefined,
    );
  }

  /** The relaxations of a filter that matches nothing (`referenceRelax`). */
  relax(filter: SearchFilter): RelaxEntry[] {
    return relaxWith(filter, (relaxed) => this.count(relaxed));
  }
}
