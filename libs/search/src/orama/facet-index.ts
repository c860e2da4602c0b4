import {
  activeMustHaveGroups,
  activeNumberRanges,
  activeOptionGroups,
  askedToolLevel,
  compareIdsDescending,
  createdAtMs,
  documentNumber,
  FACET_DIMENSIONS,
  type FacetCounts,
  type FacetDimension,
  facetOf,
  type NumberField,
  NUMBER_FIELDS,
  optionWeight,
  type NumberRange,
  type OptionGroup,
  pickedLabels,
  rankRelaxations,
  type Relaxation,
  relaxationCandidates,
  type SearchDocument,
  type SearchFilter,
  TAG_FACETS,
  withoutDimension,
} from '@skillers/domain';
import { askedToolToken, documentToolTokens, toolLevelToken } from '../tool-level-tokens';

// One namespace per filter, separated by a character labels never contain, so equal labels of
// different filters never share a posting list.
const tagToken = (facet: string, option: string): string => `tag\u0000${facet}\u0000${option}`;
const toolToken = (levelToken: string): string => `tool\u0000${levelToken}`;
const workingTypeToken = (type: string): string => `work\u0000${type}`;

/** The level from which a tool counts as a facet label (a tool in a filter asks for level 1 at least). */
const TOOL_LABEL_LEVEL = 1;

/** A token and, when it stands for a facet label, that label. */
interface DocumentToken {
  token: string;
  label?: { dimension: FacetDimension; label: string };
}

const documentTokens = (doc: SearchDocument): DocumentToken[] => {
  const tokens = new Map<string, DocumentToken>();
  const add = (token: string, label?: DocumentToken['label']) => tokens.set(token, { token, label });
  for (const facet of TAG_FACETS) {
    // Tool names are counted through their levels below.
    const dimension = facet === 'tools' ? undefined : facet;
    for (const option of doc.tags[facet]) {
      add(tagToken(facet, option), dimension && { dimension, label: option });
    }
  }
  for (const token of documentToolTokens(doc.toolLevels)) add(toolToken(token));
  for (const tool of Object.keys(doc.toolLevels)) {
    const token = toolToken(toolLevelToken(tool, TOOL_LABEL_LEVEL));
    if (tokens.has(token)) add(token, { dimension: 'tools', label: tool });
  }
  if (doc.workingTypeRemote) add(workingTypeToken('Remote'), { dimension: 'workingType', label: 'Remote' });
  if (doc.workingTypeOffice) add(workingTypeToken('Office'), { dimension: 'workingType', label: 'Office' });
  return [...tokens.values()];
};

/** The token of one label of an option filter, a tool at the level the filter asks it at. */
const labelToken = (filter: SearchFilter, dimension: FacetDimension, label: string): string => {
  switch (dimension) {
    case 'tools':
      return toolToken(askedToolToken(label, askedToolLevel(filter, label)));
    case 'workingType':
      return workingTypeToken(label);
    default:
      return tagToken(dimension, label);
  }
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
  /** Set on the postings of facet labels, with the label's number in the facet tallies. */
  readonly label?: DocumentToken['label'] & { id: number };
}

const DIMENSION_INDEX = Object.fromEntries(
  FACET_DIMENSIONS.map((dimension, at) => [dimension, at]),
) as Record<FacetDimension, number>;

/** A document's label ids behind a header of where each option filter's ids start (see `slotLabels`). */
const groupedLabelIds = (postings: readonly Posting[]): Int32Array => {
  const byDimension = FACET_DIMENSIONS.map(() => [] as number[]);
  for (const { label } of postings) if (label) byDimension[DIMENSION_INDEX[label.dimension]].push(label.id);
  const header = FACET_DIMENSIONS.length + 1;
  const grouped = new Int32Array(header + byDimension.reduce((sum, ids) => sum + ids.length, 0));
  let next = header;
  byDimension.forEach((ids, dimension) => {
    grouped[dimension] = next;
    grouped.set(ids, next);
    next += ids.length;
  });
  grouped[FACET_DIMENSIONS.length] = next;
  return grouped;
};

/** Option groups as posting lists: at least `needed` present; `scoring` ones add to the score and weight. */
interface TokenGroup {
  lists: (Set<number> | undefined)[];
  needed: number;
  scoring: boolean;
}

/** Which documents a facet is counted over: the candidates, those in number ranges, or all. */
type Members =
  | { type: 'candidates'; count: number; stamp: number }
  | { type: 'ranges'; ranges: NumberRange[] }
  | { type: 'all' };

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
  /** The postings of each option filter's labels, for facet counts. */
  private readonly labelPostings = new Map<FacetDimension, Set<Posting>>(
    FACET_DIMENSIONS.map((dimension) => [dimension, new Set()]),
  );
  /** Facet label postings by label id; ids of emptied postings are reused. */
  private labelById: (Posting | undefined)[] = [];
  private readonly freeLabelIds: number[] = [];
  /**
   * Each document's facet label ids grouped by option filter, so a tally over matches reads a few
   * numbers per document and filter: entries 0..DIMENSION_COUNT hold where each filter's ids start
   * (and the last one where they end), the ids follow.
   */
  private slotLabels: (Int32Array | undefined)[] = [];
  /** Per-query scratch: matches per label id, or with `tallyMisses` the documents outside the matches. */
  private tally = new Int32Array(0);
  private tallyMisses = false;
  /** How many label postings each option filter's labels hold in all, to price walking them. */
  private readonly occurrences = FACET_DIMENSIONS.map(() => 0);
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

  /** How many documents match the filter. */
  count(filter: SearchFilter): number {
    const members = this.members(filter);
    switch (members.type) {
      case 'candidates':
        return members.count;
      case 'all':
        return this.size;
      case 'ranges':
        return this.countWhere((slot) => this.inRanges(slot, members.ranges));
    }
  }

  /**
   * The disjunctive facets of every option filter (`referenceFacets`). The filters the query leaves
   * empty share one set of matches; each active one is matched again without its own picks. Labels are
   * counted by walking their posting lists or the matches' own postings, whichever is shorter.
   */
  facets(filter: SearchFilter): FacetCounts {
    const facets: FacetCounts = {};
    const active = FACET_DIMENSIONS.filter((dimension) => pickedLabels(filter, dimension).length > 0);
    const idle = FACET_DIMENSIONS.filter((dimension) => !active.includes(dimension));
    const shared = this.members(filter);
    this.countLabels(shared, idle);
    for (const dimension of idle) facets[dimension] = this.facet(filter, dimension, shared);
    for (const dimension of active) {
      const members = this.members(withoutDimension(filter, dimension));
      this.countLabels(members, [dimension]);
      facets[dimension] = this.facet(filter, dimension, members);
    }
    return Object.fromEntries(FACET_DIMENSIONS.map((dimension) => [dimension, facets[dimension]]));
  }

  /** The relaxations of a filter that matches nothing (`referenceRelax`). */
  relax(filter: SearchFilter): Relaxation[] {
    return rankRelaxations(
      relaxationCandidates(filter).map(({ dimension, label, filter: relaxed }) => ({
        dimension,
        ...(label === undefined ? {} : { label }),
        count: this.count(relaxed),
      })),
    );
  }

  /** Matches the filter; the candidates stay valid until the next match. */
  private members(filter: SearchFilter): Members {
    const ranges = activeNumberRanges(filter);
    const matched = this.match(filter, ranges);
    if (matched !== undefined) return { type: 'candidates', count: matched.count, stamp: this.stamp };
    return ranges.length > 0 ? { type: 'ranges', ranges } : { type: 'all' };
  }

  private isMember(members: Members, slot: number): boolean {
    switch (members.type) {
      case 'candidates':
        return this.marks[slot] === members.stamp;
      case 'ranges':
        return this.inRanges(slot, members.ranges);
      case 'all':
        return true;
    }
  }

  private facet(filter: SearchFilter, dimension: FacetDimension, members: Members): Record<string, number> {
    const picked = pickedLabels(filter, dimension);
    const pickedCounts = picked.map((label) => {
      const posting = this.postings.get(labelToken(filter, dimension, label));
      return posting ? this.membersIn(posting, members) : 0;
    });
    return facetOf(picked, pickedCounts, this.labelCounts(dimension, members));
  }

  private membersIn(posting: Posting, members: Members): number {
    if (members.type === 'all') return posting.slots.size;
    let count = 0;
    if (members.type === 'candidates' && members.count < posting.slots.size) {
      for (let at = 0; at < members.count; at++) if (posting.slots.has(this.candidates[at])) count++;
      return count;
    }
    for (const slot of posting.slots) if (this.isMember(members, slot)) count++;
    return count;
  }

  /**
   * Fills `tally` with how many members carry each label of these option filters, walking whichever is
   * shorter: the members' own label ids (a few per member, but scattered in memory, so priced double), or
   * the filters' posting lists, checking each document's mark. All documents need neither: the posting
   * sizes are the counts.
   */
  private countLabels(members: Members, dimensions: readonly FacetDimension[]): void {
    if (members.type === 'all') return;
    if (this.tally.length < this.labelById.length) this.tally = new Int32Array(this.labelById.length * 2);
    else this.tally.fill(0);
    const tally = this.tally;
    const wanted = dimensions.map((dimension) => DIMENSION_INDEX[dimension]);
    const postingWalk = wanted.reduce((sum, dimension) => sum + this.occurrences[dimension], 0);
    if (members.type === 'candidates' && postingWalk < 2 * members.count) {
      this.tallyMisses = false;
      for (const dimension of dimensions) {
        for (const posting of this.labelPostings.get(dimension) ?? []) {
          let count = 0;
          for (const slot of posting.slots) if (this.marks[slot] === members.stamp) count++;
          tally[posting.label?.id ?? 0] = count;
        }
      }
      return;
    }
    // One filter reads its own slice of each document's ids; several read them all in one run (labels of
    // filters not asked for are tallied too, and ignored).
    const [from, to] = wanted.length === 1 ? [wanted[0], wanted[0] + 1] : [0, FACET_DIMENSIONS.length];
    const add = (slot: number) => {
      const ids = this.slotLabels[slot];
      if (!ids) return;
      for (let at = ids[from], end = ids[to]; at < end; at++) tally[ids[at]]++;
    };
    // Whichever side is smaller is tallied: the matches, or the documents outside them (then a label's
    // count is its posting size less its tally).
    const matches =
      members.type === 'candidates' ? members.count : this.countWhere((slot) => this.isMember(members, slot));
    this.tallyMisses = matches > this.size / 2;
    if (this.tallyMisses) {
      for (let slot = 0; slot < this.ids.length; slot++) {
        if (this.slotLabels[slot] && !this.isMember(members, slot)) add(slot);
      }
    } else if (members.type === 'candidates') {
      for (let at = 0; at < members.count; at++) add(this.candidates[at]);
    } else {
      for (let slot = 0; slot < this.ids.length; slot++) {
        if (this.slotLabels[slot] && this.isMember(members, slot)) add(slot);
      }
    }
  }

  /** How many live documents pass `keep`. */
  private countWhere(keep: (slot: number) => boolean): number {
    let count = 0;
    for (let slot = 0; slot < this.ids.length; slot++) if (this.slotLabels[slot] && keep(slot)) count++;
    return count;
  }

  /** Each label of the filter with its count among the members, as last tallied. */
  private labelCounts(dimension: FacetDimension, members: Members): [string, number][] {
    return [...(this.labelPostings.get(dimension) ?? [])].map((posting) => [
      posting.label?.label ?? '',
      members.type === 'all'
        ? posting.slots.size
        : this.tallyMisses
          ? posting.slots.size - this.tally[posting.label?.id ?? 0]
          : this.tally[posting.label?.id ?? 0],
    ]);
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
    const allMatch = filter.restriction === 'all_match';
    const groups: TokenGroup[] = [
      ...activeOptionGroups(filter)
        .map(groupTokens)
        .map((tokens) => ({
          lists: tokens.map((token) => this.postings.get(token)?.slots),
          needed: allMatch ? tokens.length : 1,
          scoring: true,
        })),
      ...activeMustHaveGroups(filter)
        .map(groupTokens)
        .map((tokens) => ({
          lists: tokens.map((token) => this.postings.get(token)?.slots),
          needed: tokens.length,
          scoring: false,
        })),
    ];
    if (groups.length === 0) return undefined;
    const stamp = this.nextStamp();
    // Must-have groups only narrow: their options weigh nothing (each is also a pick, weighed there).
    const weights = groups.map(({ lists, scoring }) =>
      lists.map((list) => (scoring ? optionWeight(this.size, list?.size ?? 0) : 0)),
    );
    const pickedWeight = weights.flat().reduce((sum, weight) => sum + weight, 0);
    let count = this.intersect(groups, weights, stamp);
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
  private intersect(groups: readonly TokenGroup[], groupWeights: number[][], stamp: number): number {
    const withPostings = groups
      .map((group, at) => ({
        ...group,
        weights: groupWeights[at],
        cost: group.lists.reduce((sum, list) => sum + (list?.size ?? 0), 0),
      }))
      .sort((a, b) => a.cost - b.cost);
    let count = 0;
    for (const [index, { lists, weights, needed, scoring }] of withPostings.entries()) {
      if (lists.filter((list) => list !== undefined).length < needed) return 0;
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
          if (scoring) {
            this.scores[slot] += this.groupHits[slot];
            this.weights[slot] += this.groupWeights[slot];
          }
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
    const postings = documentTokens(doc).map(({ token, label }) => {
      let posting = this.postings.get(token);
      if (!posting) {
        posting = { token, slots: new Set(), label: label && { ...label, id: this.nextLabelId() } };
        this.postings.set(token, posting);
        if (posting.label) {
          this.labelById[posting.label.id] = posting;
          this.labelPostings.get(posting.label.dimension)?.add(posting);
        }
      }
      posting.slots.add(slot);
      return posting;
    });
    this.postingsOf[slot] = postings;
    this.slotLabels[slot] = groupedLabelIds(postings);
    this.countOccurrences(postings, 1);
    if (this.orderValid) this.order.splice(this.orderPosition(slot), 0, slot);
  }

  private delete(id: string): void {
    const slot = this.slotById.get(id);
    if (slot === undefined) return;
    if (this.orderValid) this.order.splice(this.orderPosition(slot), 1);
    this.countOccurrences(this.postingsOf[slot] ?? [], -1);
    for (const posting of this.postingsOf[slot] ?? []) {
      posting.slots.delete(slot);
      if (posting.slots.size === 0) {
        this.postings.delete(posting.token);
        if (posting.label) {
          this.labelPostings.get(posting.label.dimension)?.delete(posting);
          this.labelById[posting.label.id] = undefined;
          this.freeLabelIds.push(posting.label.id);
        }
      }
    }
    this.slotLabels[slot] = undefined;
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

  private countOccurrences(postings: readonly Posting[], change: 1 | -1): void {
    for (const { label } of postings) if (label) this.occurrences[DIMENSION_INDEX[label.dimension]] += change;
  }

  private nextLabelId(): number {
    return this.freeLabelIds.pop() ?? this.labelById.length;
  }

  private nextStamp(): number {
    if (this.stamp === 0xffffffff) {
      this.marks.fill(0);
      this.stamp = 0;
    }
    return ++this.stamp;
  }

  private allocateColumns(capacity: number): Record<NumberField, Float64Array> {
    return Object.fromEntries(NUMBER_FIELDS.map((field) => [field, new Float64Array(capacity)])) as Record<
      NumberField,
      Float64Array
    >;
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
