import {
  activeNumberRanges,
  activeOptionGroups,
  compareIdsDescending,
  createdAtMs,
  documentNumber,
  type NumberField,
  optionWeight,
  type NumberRange,
  type OptionGroup,
  type SearchDocument,
  type SearchFilter,
  TAG_FACETS,
} from '@skillers/domain';
import { askedToolToken, documentToolTokens } from '../tool-level-tokens';

const NUMBER_FIELDS: readonly NumberField[] = ['availability', 'durationMonths', 'bizRole', 'deadlineDay'];

// One namespace per filter, separated by a character labels never contain, so equal labels of
// different filters never share a posting list.
const tagToken = (facet: string, option: string): string => `tag\u0000${facet}\u0000${option}`;
const toolToken = (levelToken: string): string => `tool\u0000${levelToken}`;
const workingTypeToken = (type: string): string => `work\u0000${type}`;

const documentTokens = (doc: SearchDocument): string[] => {
  const tokens = new Set<string>();
  for (const facet of TAG_FACETS) for (const option of doc.tags[facet]) tokens.add(tagToken(facet, option));
  for (const token of documentToolTokens(doc.toolLevels)) tokens.add(toolToken(token));
  if (doc.workingTypeRemote) tokens.add(workingTypeToken('Remote'));
  if (doc.workingTypeOffice) tokens.add(workingTypeToken('Office'));
  return [...tokens];
};

const groupTokens = (group: OptionGroup): string[] => {
  switch (group.type) {
    case 'tag':
      return group.options.map((option) => tagToken(group.facet, option));
    case 'tool':
      return group.options.map(({ tool, level }) => toolToken(askedToolToken(tool, level)));
    case 'workingType':
      return group.options.map(workingTypeToken);
  }
};

interface Posting {
  readonly token: string;
  readonly slots: Set<number>;
}

/** Above this many documents in one batch, re-sorting once beats placing each document on its own. */
const PLACE_ONE_BY_ONE_LIMIT = 64;

export interface RankedPage {
  ids: string[];
  scores: number[];
  /** The weight of the picked options each id carries (see `optionWeight`). */
  weights: number[];
  /** The weight of every picked option: the most a record can carry. */
  pickedWeight: number;
  total: number;
}

/** One matching document, for rankings that also weigh text and vectors. */
export interface ScoredMatch {
  id: string;
  /** Picked options present plus satisfied number filters. */
  score: number;
  weight: number;
  time: number;
}

/**
 * The filter side of the embedded index: posting lists per picked-option token, number columns, and
 * every document kept in the final tie-break order (newest first, then greater id).
 *
 * A query intersects the posting lists of its filters, smallest first, adding up per document the
 * weights of the matched options (rarer options weigh more: `optionWeight`, from the posting list sizes);
 * only the page asked for is then put in order. Within one weight that order comes either from walking
 * the kept order until the page is full (cheap when the weight is common) or from sorting just the
 * documents with that weight (cheap when it is rare).
 */
export class FacetIndex {
  private readonly slotById = new Map<string, number>();
  private readonly postings = new Map<string, Posting>();
  private readonly freeSlots: number[] = [];
  private ids: string[] = [];
  /** Each document's posting lists, held by reference so that removal needs no token strings. */
  private postingsOf: (readonly Posting[] | undefined)[] = [];
  private capacity = 0;
  private times = new Float64Array(0);
  private columns = this.allocateColumns(0);
  /** Slots in tie-break order; rebuilt lazily after large batches. */
  private order: number[] = [];
  private orderValid = true;
  // Per-query scratch space, reused so that a query allocates next to nothing: the first `count`
  // entries of `candidates` are the matches, and `marks[slot] === stamp` marks them.
  private candidates = new Int32Array(0);
  private marks = new Uint32Array(0);
  private stamp = 0;
  private scores = new Int32Array(0);
  private weights = new Int32Array(0);
  private groupHits = new Int32Array(0);
  private groupWeights = new Int32Array(0);

  get size(): number {
    return this.slotById.size;
  }

  upsertMany(docs: readonly SearchDocument[]): void {
    if (docs.length > PLACE_ONE_BY_ONE_LIMIT) this.orderValid = false;
    for (const doc of docs) {
      this.delete(doc.id);
      this.add(doc);
    }
  }

  deleteMany(ids: readonly string[]): void {
    if (ids.length > PLACE_ONE_BY_ONE_LIMIT) this.orderValid = false;
    for (const id of ids) this.delete(id);
  }

  /**
   * One page of the documents matching the filter, ranked as `referenceSearch` ranks them when there is no
   * free text and no query vector: by the weight of the picked options they carry.
   */
  search(filter: SearchFilter, page: number, pageSize: number): RankedPage {
    this.ensureOrder();
    const ranges = activeNumberRanges(filter);
    const start = (page - 1) * pageSize;
    const result: RankedPage = { ids: [], scores: [], weights: [], pickedWeight: 0, total: 0 };
    const take = (slots: Iterable<number>, matched: boolean) => {
      for (const slot of slots) {
        result.ids.push(this.ids[slot]);
        result.scores.push((matched ? this.scores[slot] : 0) + ranges.length);
        result.weights.push(matched ? this.weights[slot] : 0);
      }
    };
    const matched = this.match(filter, ranges);
    if (matched === undefined) {
      // No option filter: every document in the number ranges matches, with the same score.
      result.total = this.size;
      if (ranges.length > 0) for (const slot of this.order) if (!this.inRanges(slot, ranges)) result.total--;
      take(
        this.walkOrder(start, pageSize, (slot) => this.inRanges(slot, ranges)),
        false,
      );
      return result;
    }
    const { count, pickedWeight } = matched;
    result.total = count;
    result.pickedWeight = pickedWeight;
    const perWeight = new Map<number, number>();
    for (let index = 0; index < count; index++) {
      const weight = this.weights[this.candidates[index]];
      perWeight.set(weight, (perWeight.get(weight) ?? 0) + 1);
    }
    let before = 0;
    for (const [weight, size] of [...perWeight].sort((a, b) => b[0] - a[0])) {
      const from = Math.max(start - before, 0);
      const to = Math.min(start + pageSize - before, size);
      if (from < to) take(this.slotsWithWeight(weight, size, count, from, to - from), true);
      before += size;
      if (before >= start + pageSize) break;
    }
    return result;
  }

  /** Every document matching the filter with its score, weight and time, in no particular order. */
  scoredMatches(filter: SearchFilter): { matches: ScoredMatch[]; pickedWeight: number } {
    const ranges = activeNumberRanges(filter);
    const matched = this.match(filter, ranges);
    const matches: ScoredMatch[] = [];
    const add = (slot: number, score: number, weight: number) =>
      matches.push({ id: this.ids[slot], score: score + ranges.length, weight, time: this.times[slot] });
    if (matched === undefined) {
      for (const slot of this.slotById.values()) if (this.inRanges(slot, ranges)) add(slot, 0, 0);
      return { matches, pickedWeight: 0 };
    }
    for (let index = 0; index < matched.count; index++) {
      const slot = this.candidates[index];
      add(slot, this.scores[slot], this.weights[slot]);
    }
    return { matches, pickedWeight: matched.pickedWeight };
  }

  /** Every document matching the filter, in no particular order. */
  matchingIds(filter: SearchFilter): string[] {
    const ranges = activeNumberRanges(filter);
    const matched = this.match(filter, ranges);
    if (matched === undefined) {
      return [...this.slotById].filter(([, slot]) => this.inRanges(slot, ranges)).map(([id]) => id);
    }
    return Array.from(this.candidates.subarray(0, matched.count), (slot) => this.ids[slot]);
  }

  /**
   * Fills `candidates` with the documents that pass the option filters and the number ranges and
   * returns how many there are, with the weight of all picked options; undefined when the filter has no
   * option filter at all.
   */
  private match(
    filter: SearchFilter,
    ranges: readonly NumberRange[],
  ): { count: number; pickedWeight: number } | undefined {
    const groups = activeOptionGroups(filter).map(groupTokens);
    if (groups.length === 0) return undefined;
    const stamp = this.nextStamp();
    const lists = groups.map((tokens) => tokens.map((token) => this.postings.get(token)?.slots));
    const weights = lists.map((group) => group.map((list) => optionWeight(this.size, list?.size ?? 0)));
    const pickedWeight = weights.flat().reduce((sum, weight) => sum + weight, 0);
    let count = this.intersect(lists, weights, filter.restriction === 'all_match', stamp);
    if (ranges.length > 0) {
      let kept = 0;
      for (let index = 0; index < count; index++) {
        const slot = this.candidates[index];
        if (this.inRanges(slot, ranges)) this.candidates[kept++] = slot;
        else this.marks[slot] = 0;
      }
      count = kept;
    }
    return { count, pickedWeight };
  }

  /**
   * Candidates that satisfy every option group, with their matched-option count in `scores` and the sum
   * of the matched options' weights in `weights`. Groups go from the cheapest; each later group either
   * walks its posting lists or probes them per candidate, whichever is shorter.
   */
  private intersect(
    groups: (Set<number> | undefined)[][],
    groupWeights: number[][],
    allMatch: boolean,
    stamp: number,
  ): number {
    const withPostings = groups
      .map((lists, at) => ({
        lists,
        weights: groupWeights[at],
        cost: lists.reduce((sum, list) => sum + (list?.size ?? 0), 0),
      }))
      .sort((a, b) => a.cost - b.cost);
    let count = 0;
    for (const [index, { lists, weights }] of withPostings.entries()) {
      if (allMatch && lists.some((list) => list === undefined)) return 0;
      const needed = allMatch ? lists.length : 1;
      if (index === 0) {
        for (const [at, list] of lists.entries()) {
          const weight = weights[at];
          for (const slot of list ?? []) {
            if (this.marks[slot] !== stamp) {
              this.marks[slot] = stamp;
              this.groupHits[slot] = 0;
              this.groupWeights[slot] = 0;
              this.scores[slot] = 0;
              this.weights[slot] = 0;
              this.candidates[count++] = slot;
            }
            this.groupHits[slot]++;
            this.groupWeights[slot] += weight;
          }
        }
      } else {
        for (let at = 0; at < count; at++) {
          this.groupHits[this.candidates[at]] = 0;
          this.groupWeights[this.candidates[at]] = 0;
        }
        for (const [listAt, list] of lists.entries()) {
          if (!list) continue;
          const weight = weights[listAt];
          if (list.size <= count) {
            for (const slot of list) {
              if (this.marks[slot] === stamp) {
                this.groupHits[slot]++;
                this.groupWeights[slot] += weight;
              }
            }
          } else {
            for (let at = 0; at < count; at++) {
              const slot = this.candidates[at];
              if (list.has(slot)) {
                this.groupHits[slot]++;
                this.groupWeights[slot] += weight;
              }
            }
          }
        }
      }
      let kept = 0;
      for (let at = 0; at < count; at++) {
        const slot = this.candidates[at];
        if (this.groupHits[slot] >= needed) {
          this.scores[slot] += this.groupHits[slot];
          this.weights[slot] += this.groupWeights[slot];
          this.candidates[kept++] = slot;
        } else {
          this.marks[slot] = 0;
        }
      }
      count = kept;
      if (count === 0) break;
    }
    return count;
  }

  /** Items `skip` to `skip + take` of the `size` candidates with this weight, in tie-break order. */
  private slotsWithWeight(weight: number, size: number, count: number, skip: number, take: number): number[] {
    const stamp = this.stamp;
    const hasWeight = (slot: number) => this.marks[slot] === stamp && this.weights[slot] === weight;
    // Walking the order meets one of these documents every n/size steps and stops once the page is
    // full; sorting them costs size·log(size) whatever the page.
    const walkCost = (this.size * (skip + take)) / size;
    if (walkCost <= size * Math.log2(size + 1)) return this.walkOrder(skip, take, hasWeight);
    const slots: number[] = [];
    for (let index = 0; index < count; index++) {
      if (this.weights[this.candidates[index]] === weight) slots.push(this.candidates[index]);
    }
    return slots.sort(this.compareSlots).slice(skip, skip + take);
  }

  /** Items `skip` to `skip + take` of the documents that pass `keep`, in tie-break order. */
  private walkOrder(skip: number, take: number, keep: (slot: number) => boolean): number[] {
    const slots: number[] = [];
    if (take <= 0) return slots;
    let seen = 0;
    for (const slot of this.order) {
      if (!keep(slot)) continue;
      if (seen++ >= skip) slots.push(slot);
      if (slots.length === take) break;
    }
    return slots;
  }

  private inRanges(slot: number, ranges: readonly NumberRange[]): boolean {
    for (const { field, min, minInclusive, max } of ranges) {
      // A missing number is NaN, which fails every comparison: records without it never match.
      const value = this.columns[field][slot];
      if (!(minInclusive ? value >= min : value > min) || !(value <= max)) return false;
    }
    return true;
  }

  private add(doc: SearchDocument): void {
    const slot = this.freeSlots.pop() ?? this.ids.length;
    if (slot >= this.capacity) this.grow(Math.max(1024, this.capacity * 2));
    this.slotById.set(doc.id, slot);
    this.ids[slot] = doc.id;
    this.times[slot] = createdAtMs(doc);
    for (const field of NUMBER_FIELDS) this.columns[field][slot] = documentNumber(doc, field) ?? NaN;
    const postings = documentTokens(doc).map((token) => {
      let posting = this.postings.get(token);
      if (!posting) this.postings.set(token, (posting = { token, slots: new Set() }));
      posting.slots.add(slot);
      return posting;
    });
    this.postingsOf[slot] = postings;
    if (this.orderValid) this.order.splice(this.orderPosition(slot), 0, slot);
  }

  private delete(id: string): void {
    const slot = this.slotById.get(id);
    if (slot === undefined) return;
    if (this.orderValid) this.order.splice(this.orderPosition(slot), 1);
    for (const posting of this.postingsOf[slot] ?? []) {
      posting.slots.delete(slot);
      if (posting.slots.size === 0) this.postings.delete(posting.token);
    }
    this.postingsOf[slot] = undefined;
    this.slotById.delete(id);
    this.freeSlots.push(slot);
  }

  private readonly compareSlots = (a: number, b: number): number =>
    this.times[b] - this.times[a] || compareIdsDescending(this.ids[a], this.ids[b]);

  /** Where the slot is, or belongs, in the tie-break order (binary search). */
  private orderPosition(slot: number): number {
    let low = 0;
    let high = this.order.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.compareSlots(this.order[middle], slot) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  private ensureOrder(): void {
    if (this.orderValid) return;
    this.order = [...this.slotById.values()].sort(this.compareSlots);
    this.orderValid = true;
  }

  private nextStamp(): number {
    if (this.stamp === 0xffffffff) {
      this.marks.fill(0);
      this.stamp = 0;
    }
    return ++this.stamp;
  }

  private allocateColumns(capacity: number): Record<NumberField, Float64Array> {
    return {
      availability: new Float64Array(capacity),
      durationMonths: new Float64Array(capacity),
      bizRole: new Float64Array(capacity),
      deadlineDay: new Float64Array(capacity),
    };
  }

  private grow(capacity: number): void {
    const times = new Float64Array(capacity);
    times.set(this.times);
    this.times = times;
    const columns = this.allocateColumns(capacity);
    for (const field of NUMBER_FIELDS) columns[field].set(this.columns[field]);
    this.columns = columns;
    // Scratch space only matters within one query, so it starts afresh.
    this.candidates = new Int32Array(capacity);
    this.marks = new Uint32Array(capacity);
    this.scores = new Int32Array(capacity);
    this.weights = new Int32Array(capacity);
    this.groupHits = new Int32Array(capacity);
    this.groupWeights = new Int32Array(capacity);
    this.capacity = capacity;
  }
}
