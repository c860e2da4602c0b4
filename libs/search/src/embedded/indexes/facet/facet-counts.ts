import {
  FACET_DIMENSIONS,
  FACET_OTHERS,
  type FacetCounts,
  type FacetDimension,
  pickedLabels,
  type SearchFilter,
} from '@skillers/domain';
import { membersOf, type Members } from './facet-matching';
import type { QueryPlan } from './facet-query-plan';
import type { FacetStore } from './facet-store';
import { DIMENSION_INDEX, labelToken, type Posting } from './facet-tokens';

/** One option filter's label postings in label order, with their label ids, as of `edits`. */
interface LabelOrder {
  edits: number;
  postings: Posting[];
  ids: Int32Array;
}

const byLabel = (a: Posting, b: Posting): number => {
  const [left, right] = [a.label?.label ?? '', b.label?.label ?? ''];
  return left < right ? -1 : left > right ? 1 : 0;
};

/** The facet counts of a store's matches, with the tallies one count reuses. */
export class FacetCounter {
  /**
   * Per-query scratch: matches per label id, or, for the option filters flagged in `tallyMisses`, the
   * documents outside the matches.
   */
  private tally = new Int32Array(0);
  private readonly tallyMisses = FACET_DIMENSIONS.map(() => false);
  /** Each option filter's labels in order, sorted again only after labels came or went. */
  private readonly orders: LabelOrder[] = FACET_DIMENSIONS.map(() => ({
    edits: -1,
    postings: [],
    ids: new Int32Array(0),
  }));
  /** Per-facet scratch: the others kept so far, most first, as counts and places in the label order. */
  private readonly keptCounts = new Int32Array(FACET_OTHERS);
  private readonly keptPlaces = new Int32Array(FACET_OTHERS);

  constructor(private readonly store: FacetStore) {}

  /**
   * The disjunctive facets of every option filter (`referenceFacets`). The filters the query leaves
   * empty share one set of matches; each active one is counted over the matches of the other filters
   * (the AND of their bitsets). Labels are counted by ANDing their bitsets with the members or by walking
   * the members' own label ids, whichever costs less. `matches`, when given, are the plan's matches
   * already in hand: the shared set.
   */
  facets(filter: SearchFilter, plan: QueryPlan, matches?: Members): FacetCounts {
    const facets: FacetCounts = {};
    // Each filter's picks, read once for the split below and its own facet.
    const picks = FACET_DIMENSIONS.map((dimension) => pickedLabels(filter, dimension));
    const active = FACET_DIMENSIONS.filter((_, at) => picks[at].length > 0);
    const idle = FACET_DIMENSIONS.filter((_, at) => picks[at].length === 0);
    const shared = matches ?? membersOf(this.store, plan.groups, plan.ranges);
    this.countLabels(shared, idle);
    for (const dimension of idle) facets[dimension] = this.facet(filter, dimension, shared, []);
    for (const dimension of active) {
      // Must-nots hold in every facet, their own filter's too.
      const members = membersOf(
        this.store,
        plan.groups.filter((group) => group.excluded || group.dimension !== dimension),
        plan.ranges,
      );
      this.countLabels(members, [dimension]);
      facets[dimension] = this.facet(filter, dimension, members, picks[DIMENSION_INDEX[dimension]]);
    }
    // In the dimensions' order, whichever were counted first.
    const ordered: FacetCounts = {};
    for (const dimension of FACET_DIMENSIONS) ordered[dimension] = facets[dimension];
    return ordered;
  }

  /**
   * The picked labels' counts, then the others' (`FacetOthers`): the FACET_OTHERS most frequent, most
   * first. The labels come in label order, so a label only passes a kept one with a greater count, and the
   * ties stay in label order as `FacetOthers` leaves them, with no string compared. `picked` are the
   * filter's picks of this dimension.
   */
  private facet(
    filter: SearchFilter,
    dimension: FacetDimension,
    members: Members,
    picked: readonly string[],
  ): Record<string, number> {
    // Without a prototype the object is a dictionary from the start: its keys are labels, different in
    // every facet, and a plain object takes each as a new shape, about ten times the cost of the counting.
    const facet: Record<string, number> = Object.create(null);
    for (const label of picked) {
      const posting = this.store.postings.get(labelToken(filter, dimension, label));
      facet[label] = !posting
        ? 0
        : members.type === 'all'
          ? posting.slots.size
          : posting.slots.countAnd(members.bits);
    }
    const { postings, ids } = this.labelOrder(dimension);
    const all = members.type === 'all';
    const misses = this.tallyMisses[DIMENSION_INDEX[dimension]];
    const { tally, keptCounts, keptPlaces } = this;
    const most = keptCounts.length;
    let kept = 0;
    for (let place = 0; place < ids.length; place++) {
      const count = all
        ? postings[place].slots.size
        : misses
          ? postings[place].slots.size - tally[ids[place]]
          : tally[ids[place]];
      if (count <= 0 || (kept === most && count <= keptCounts[most - 1])) continue;
      if (picked.length > 0 && picked.includes(postings[place].label?.label ?? '')) continue;
      let at = kept < most ? kept++ : most - 1;
      for (; at > 0 && keptCounts[at - 1] < count; at--) {
        keptCounts[at] = keptCounts[at - 1];
        keptPlaces[at] = keptPlaces[at - 1];
      }
      keptCounts[at] = count;
      keptPlaces[at] = place;
    }
    for (let at = 0; at < kept; at++) facet[postings[keptPlaces[at]].label?.label ?? ''] = keptCounts[at];
    return facet;
  }

  /** The option filter's label postings in label order, sorted again after labels came or went. */
  private labelOrder(dimension: FacetDimension): LabelOrder {
    const at = DIMENSION_INDEX[dimension];
    const order = this.orders[at];
    if (order.edits !== this.store.labelEdits[at]) {
      order.postings = [...(this.store.labelPostings.get(dimension) ?? [])].sort(byLabel);
      order.ids = Int32Array.from(order.postings, (posting) => posting.label?.id ?? 0);
      order.edits = this.store.labelEdits[at];
    }
    return order;
  }

  /**
   * Fills `tally` with how many members carry each label of these option filters, for each filter the
   * cheaper of: AND each label's posting with the members and count (a word per 32 documents per dense
   * label, a lookup per holder of a sparse one), or
   * walk the members' own label ids (a few per member, but scattered in memory, so priced double); the
   * walk goes over the documents outside the members instead when they are fewer (then a label's count is
   * its posting size less its tally). The filters that walk share one walk. All documents need none of
   * this: the posting sizes are the counts.
   */
  private countLabels(members: Members, dimensions: readonly FacetDimension[]): void {
    if (members.type === 'all') return;
    if (this.tally.length < this.store.labelById.length)
      this.tally = new Int32Array(this.store.labelById.length * 2);
    else this.tally.fill(0);
    const tally = this.tally;
    const misses = members.count > this.store.size - members.count;
    const walked = Math.min(members.count, this.store.size - members.count);
    const walking: number[] = [];
    for (const dimension of dimensions) {
      const at = DIMENSION_INDEX[dimension];
      const { postings } = this.labelOrder(dimension);
      let byBitsets = 0;
      for (const { slots } of postings) byBitsets += slots.dense ? this.store.words : slots.size;
      const byWalk = (2 * walked * this.store.occurrences[at]) / (this.store.size || 1);
      this.tallyMisses[at] = false;
      if (byBitsets <= byWalk) {
        for (const posting of postings) tally[posting.label?.id ?? 0] = posting.slots.countAnd(members.bits);
      } else {
        this.tallyMisses[at] = misses;
        walking.push(at);
      }
    }
    if (walking.length === 0) return;
    const { live, words } = this.store;
    const { data, offsets } = this.store.slotLabels;
    const bits = members.bits;
    const one = walking.length === 1 ? walking[0] : -1;
    for (let word = 0; word < words; word++) {
      let left = misses ? live[word] & ~bits[word] : bits[word];
      while (left !== 0) {
        const lowest = left & -left;
        // The slot's run: where each filter's ids start (relative to the run), then the ids.
        const base = offsets[(word << 5) | (31 - Math.clz32(lowest))];
        left ^= lowest;
        if (one >= 0) {
          for (let at = base + data[base + one], end = base + data[base + one + 1]; at < end; at++) {
            tally[data[at]]++;
          }
        } else {
          for (const dimension of walking) {
            const end = base + data[base + dimension + 1];
            for (let at = base + data[base + dimension]; at < end; at++) tally[data[at]]++;
          }
        }
      }
    }
  }

  /** How many documents carry each label of every option filter; a label no document carries has no posting. */
  carried(): FacetCounts {
    return Object.fromEntries(
      FACET_DIMENSIONS.map((dimension) => [
        dimension,
        Object.fromEntries(
          [...(this.store.labelPostings.get(dimension) ?? [])].map((posting) => [
            posting.label?.label ?? '',
            posting.slots.size,
          ]),
        ),
      ]),
    );
  }
}
