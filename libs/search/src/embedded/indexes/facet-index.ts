import {
  activeMustHaveGroups,
  activeMustNotGroups,
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
  facetShare,
  type NumberField,
  NUMBER_FIELDS,
  optionWeight,
  type NumberRange,
  type OptionGroup,
  pickedLabels,
  type RelaxEntry,
  relaxWith,
  type SearchDocument,
  type SearchFilter,
  TAG_FACETS,
} from '@skillers/domain';
import { askedToolToken, documentToolTokens, toolLevelToken } from '../../tool-level-tokens';
import {
  andAnyIntoWords,
  type Bitset,
  clearBit,
  countWords,
  forEachBit,
  hasBit,
  nonZeroWords,
  resized,
  setBit,
  wordsFor,
} from '../structures/bitset';
import {
  arrayOf,
  arrayOfLength,
  arraySection,
  builtSection,
  jsonOf,
  jsonSection,
  prefixed,
  readerUnder,
  type SectionReader,
  type SectionSource,
  stringsOf,
  stringsSection,
} from '../structures/binary-sections';
import { NumberPostings } from '../structures/number-postings';
import { PostingSet } from '../structures/posting-set';
import { SlotBlocks } from '../structures/slot-blocks';
import { type WeightTerms, WeightRanker } from '../ranking/weight-ranker';

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

const groupDimension = (group: OptionGroup): FacetDimension =>
  group.type === 'tag' ? group.facet : group.type === 'tool' ? 'tools' : 'workingType';

interface Posting {
  readonly token: string;
  /** The slots holding the token. */
  readonly slots: PostingSet;
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

/**
 * One active option filter (or its must-haves, or its must-nots) as posting lists: at least `needed`
 * present, or none when `excluded`; `scoring` ones add to the score and weight.
 */
interface TokenGroup {
  dimension: FacetDimension;
  postings: (Posting | undefined)[];
  weights: number[];
  needed: number;
  scoring: boolean;
  excluded?: boolean;
}

/** A filter turned into posting lists and number ranges. */
interface QueryPlan {
  groups: TokenGroup[];
  ranges: NumberRange[];
  /** The weight of every picked option: the most a record can carry. */
  pickedWeight: number;
}

/** The documents a facet is counted over: all of them, or the set bits of `bits`. */
type Members = { type: 'all' } | { type: 'bits'; bits: Bitset; count: number };

/**
 * One step of a match: the OR of some postings (one posting: itself), at most how many slots it holds, and
 * for a number range the postings of the values outside it (records without the number among them). A
 * `negate` step (must-nots) keeps the slots outside the OR, at most `most` of them.
 */
interface MatchStep {
  slots: PostingSet[];
  most: number;
  outside?: PostingSet[];
  negate?: boolean;
}

/** What `FacetIndex.toSections` saves beside its arrays. */
interface FacetSettings {
  capacity: number;
  /** Slots ever used: `ids.length`. */
  slots: number;
  /** `labelById.length`. */
  labelIds: number;
  orderValid: boolean;
}

/** How many numbers of the per-slot posting numbers the save builds at a time. */
const SLOT_POSTINGS_BLOCK = 1 << 16;

/** The words of a posting set as bytes, where they lie. */
const bytesOfSet = (slots: PostingSet): Uint8Array => {
  const { data } = slots;
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
};

/** A bitset word with all 32 slots set. */
const FULL_WORD = 0xffffffff;

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
  private slotLabels = new SlotBlocks();
  /**
   * Per-query scratch: matches per label id, or, for the option filters flagged in `tallyMisses`, the
   * documents outside the matches.
   */
  private tally = new Int32Array(0);
  private readonly tallyMisses = FACET_DIMENSIONS.map(() => false);
  /** How many label postings each option filter's labels hold in all, to price walking them. */
  private readonly occurrences = FACET_DIMENSIONS.map(() => 0);
  private readonly freeSlots: number[] = [];
  private ids: string[] = [];
  /** Each document's posting lists, held by reference so that removal needs no token strings. */
  private postingsOf: (readonly Posting[] | undefined)[] = [];
  private capacity = 0;
  private words = 0;
  /** The slots holding a document. */
  private live: Bitset = new Uint32Array(0);
  private times = new Float64Array(0);
  private columns = this.allocateColumns(0);
  /** Slots in tie-break order; rebuilt lazily after large batches. */
  private order: number[] = [];
  private orderValid = true;
  // Per-query scratch bitsets: the matches, the members a facet is counted over, one filter's OR.
  private matched: Bitset = new Uint32Array(0);
  private members: Bitset = new Uint32Array(0);
  private either: Bitset = new Uint32Array(0);
  /** Per-query scratch: the numbers of the words of the matches that can still hold slots. */
  private candidates = new Int32Array(0);
  private numberPostings = new NumberPostings(0);
  /** Per-query scratch: sparse postings whose presence varies among the matches, as bitsets. */
  private views: Bitset[] = [];
  private readonly ranker = new WeightRanker((a, b) => this.compareSlots(a, b));

  get size(): number {
    return this.slotById.size;
  }

  /**
   * The index as binary sections: per slot its id, time, numbers and posting numbers; per posting its token,
   * label and slots (sorted slots or bitset words, all postings' in one section each, read where they lie).
   * The per-posting and per-slot numbers are built when written.
   */
  toSections(): SectionSource[] {
    const postings = [...this.postings.values()];
    let sparseLength = 0;
    let denseCount = 0;
    for (const { slots } of postings) {
      if (slots.dense) denseCount++;
      else sparseLength += slots.size;
    }
    const slotCount = this.ids.length;
    let slotPostingsLength = slotCount;
    for (let slot = 0; slot < slotCount; slot++) slotPostingsLength += this.postingsOf[slot]?.length ?? 0;
    const settings: FacetSettings = {
      capacity: this.capacity,
      slots: slotCount,
      labelIds: this.labelById.length,
      orderValid: this.orderValid,
    };
    // A search rebuilds an invalid order in a new array: the one taken here is the state saved.
    const order = this.orderValid ? this.order : [];
    const slotsOf = (dense: boolean) => () =>
      postings.flatMap(({ slots }) => (slots.dense === dense ? [bytesOfSet(slots)] : []));
    return [
      jsonSection('settings', settings),
      stringsSection(
        'ids',
        Array.from(this.ids, (id, slot) => (hasBit(this.live, slot) ? id : '')),
      ),
      arraySection('live', this.live),
      arraySection('times', this.times),
      ...NUMBER_FIELDS.map((field) => arraySection(`number.${field}`, this.columns[field])),
      builtSection('free-slots', 4 * this.freeSlots.length, () => Int32Array.from(this.freeSlots)),
      builtSection('order', 4 * order.length, () => Int32Array.from(order)),
      stringsSection(
        'posting-tokens',
        postings.map(({ token }) => token),
      ),
      stringsSection(
        'posting-labels',
        postings.map(({ label }) => label?.label ?? ''),
      ),
      // Per posting: dense (1) or not, how many slots, label id and option filter (-1 without a label).
      builtSection('posting-meta', 16 * postings.length, () => {
        const meta = new Int32Array(4 * postings.length);
        postings.forEach(({ slots, label }, at) => {
          meta.set(
            [slots.dense ? 1 : 0, slots.size, label?.id ?? -1, label ? DIMENSION_INDEX[label.dimension] : -1],
            4 * at,
          );
        });
        return meta;
      }),
      { name: 'posting-sparse', bytes: 4 * sparseLength, parts: slotsOf(false) },
      { name: 'posting-dense', bytes: 4 * denseCount * this.words, parts: slotsOf(true) },
      // Per slot below `ids.length`: how many postings, then their numbers.
      {
        name: 'slot-postings',
        bytes: 4 * slotPostingsLength,
        parts: () => this.slotPostingBlocks(postings, slotCount),
      },
      builtSection('free-label-ids', 4 * this.freeLabelIds.length, () => Int32Array.from(this.freeLabelIds)),
      ...prefixed('slot-labels', this.slotLabels.toSections()),
    ];
  }

  /** Per slot: how many postings, then their numbers in `postings`; built a block of slots at a time. */
  private *slotPostingBlocks(postings: readonly Posting[], slots: number): Generator<Uint8Array> {
    const numberOf = new Map(postings.map((posting, at) => [posting, at]));
    const block: number[] = [];
    for (let slot = 0; slot < slots; slot++) {
      const own = this.postingsOf[slot] ?? [];
      block.push(own.length);
      for (const posting of own) block.push(numberOf.get(posting) as number);
      if (block.length >= SLOT_POSTINGS_BLOCK || slot === slots - 1) {
        yield new Uint8Array(Int32Array.from(block).buffer);
        block.length = 0;
      }
    }
  }

  /** The index `toSections` saved, its arrays wrapped (not copied) where aligned. */
  static fromSections(section: SectionReader): FacetIndex {
    const index = new FacetIndex();
    const settings = jsonOf<FacetSettings>(section('settings'));
    const { capacity, slots } = settings;
    const words = wordsFor(capacity);
    index.capacity = capacity;
    index.words = words;
    index.ids = stringsOf(section('ids'));
    if (index.ids.length !== slots) throw new Error(`${index.ids.length} ids, expected ${slots}`);
    index.live = arrayOfLength(Uint32Array, section('live'), words, 'live slots');
    index.times = arrayOfLength(Float64Array, section('times'), capacity, 'times');
    for (const field of NUMBER_FIELDS)
      index.columns[field] = arrayOfLength(Float64Array, section(`number.${field}`), capacity, field);
    // One at a time: spreading a million arguments would overflow the stack.
    for (const slot of arrayOf(Int32Array, section('free-slots'))) index.freeSlots.push(slot);
    forEachBit(index.live, (slot) => index.slotById.set(index.ids[slot], slot));

    const tokens = stringsOf(section('posting-tokens'));
    const labels = stringsOf(section('posting-labels'));
    const meta = arrayOfLength(Int32Array, section('posting-meta'), 4 * tokens.length, 'posting meta');
    const sparse = arrayOf(Uint32Array, section('posting-sparse'));
    const dense = arrayOf(Uint32Array, section('posting-dense'));
    let sparseAt = 0;
    let denseAt = 0;
    index.labelById = new Array<Posting | undefined>(settings.labelIds).fill(undefined);
    const postings = tokens.map((token, at): Posting => {
      const [isDense, count, labelId, dimensionAt] = meta.subarray(4 * at, 4 * at + 4);
      const length = isDense ? words : count;
      const source = isDense ? dense : sparse;
      const from = isDense ? denseAt : sparseAt;
      if (from + length > source.length) throw new Error(`posting ${token} past its data`);
      const set = PostingSet.of(words, isDense === 1, source.subarray(from, from + length), count);
      if (isDense) denseAt += length;
      else sparseAt += length;
      const dimension = FACET_DIMENSIONS[dimensionAt];
      const posting: Posting = {
        token,
        slots: set,
        label: labelId >= 0 && dimension ? { dimension, label: labels[at], id: labelId } : undefined,
      };
      index.postings.set(token, posting);
      if (posting.label) {
        index.labelById[labelId] = posting;
        index.labelPostings.get(posting.label.dimension)?.add(posting);
        index.occurrences[dimensionAt] += count;
      }
      return posting;
    });
    for (const id of arrayOf(Int32Array, section('free-label-ids'))) index.freeLabelIds.push(id);

    const slotPostings = arrayOf(Int32Array, section('slot-postings'));
    index.postingsOf = new Array<readonly Posting[] | undefined>(slots);
    for (let slot = 0, at = 0; slot < slots; slot++) {
      const count = slotPostings[at++];
      if (!(at + count <= slotPostings.length)) throw new Error('slot postings cut short');
      if (!hasBit(index.live, slot)) {
        at += count;
        continue;
      }
      const own = new Array<Posting>(count);
      for (let n = 0; n < count; n++) {
        const posting = postings[slotPostings[at++]];
        if (!posting) throw new Error(`slot ${slot} names an unknown posting`);
        own[n] = posting;
      }
      index.postingsOf[slot] = own;
    }
    index.slotLabels = SlotBlocks.fromSections(readerUnder('slot-labels', section));
    if (index.slotLabels.offsets.length !== capacity) throw new Error('slot labels of another capacity');
    index.order = settings.orderValid ? Array.from(arrayOf(Int32Array, section('order'))) : [];
    index.orderValid = settings.orderValid;
    index.matched = new Uint32Array(words);
    index.members = new Uint32Array(words);
    index.either = new Uint32Array(words);
    index.candidates = new Int32Array(words);
    index.numberPostings = NumberPostings.fromColumns(words, index.live, index.columns);
    return index;
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

  /** Every document's id and slot. */
  entries(): IterableIterator<[string, number]> {
    return this.slotById.entries();
  }

  /** Slots run from 0 to below this. */
  get slotCapacity(): number {
    return this.capacity;
  }

  slotOf(id: string): number | undefined {
    return this.slotById.get(id);
  }

  idOf(slot: number): string {
    return this.ids[slot];
  }

  /** The final tie-break between two slots: negative when `a` is newer (or as new with the greater id). */
  readonly compareSlots = (a: number, b: number): number =>
    this.times[b] - this.times[a] || compareIdsDescending(this.ids[a], this.ids[b]);

  /**
   * One page of the documents matching the filter, ranked as `referenceSearch` ranks them when there is no
   * free text and no query vector: by the weight of the picked options they carry.
   */
  search(filter: SearchFilter, page: number, pageSize: number): RankedPage {
    this.ensureOrder();
    const plan = this.plan(filter);
    const start = (page - 1) * pageSize;
    const total = this.matchInto(this.matched, plan.groups, plan.ranges);
    const result: RankedPage = { ids: [], scores: [], weights: [], pickedWeight: plan.pickedWeight, total };
    if (total <= start || pageSize <= 0) return result;
    const slots = this.ranker
      .best(this.matched, total, this.weightTerms(plan), start + pageSize, this.order)
      .slice(start);
    for (const slot of slots) {
      result.ids.push(this.ids[slot]);
      result.scores.push(this.scoreOf(plan, slot));
      result.weights.push(this.weightOf(plan, slot));
    }
    return result;
  }

  /** The documents matching the filter; valid until the next query. */
  matches(filter: SearchFilter): MatchSet {
    const plan = this.plan(filter);
    const total = this.matchInto(this.matched, plan.groups, plan.ranges);
    return {
      bits: this.matched,
      total,
      pickedWeight: plan.pickedWeight,
      weight: (slot) => this.weightOf(plan, slot),
      score: (slot) => this.scoreOf(plan, slot),
    };
  }

  /**
   * The share of a filter's options each slot carries, weighed as picks are (`facetShare` of `optionWeight`s),
   * without matching: how understood labels rank every match.
   */
  optionShares(filter: SearchFilter): (slot: number) => number {
    const plan = this.plan(filter);
    return (slot) => facetShare(this.weightOf(plan, slot), plan.pickedWeight);
  }

  /** How many documents match the filter. */
  count(filter: SearchFilter): number {
    const plan = this.plan(filter);
    if (plan.groups.length === 0 && plan.ranges.length === 0) return this.size;
    return this.matchInto(this.members, plan.groups, plan.ranges);
  }

  /**
   * The disjunctive facets of every option filter (`referenceFacets`). The filters the query leaves
   * empty share one set of matches; each active one is counted over the matches of the other filters
   * (the AND of their bitsets). Labels are counted by ANDing their bitsets with the members or by walking
   * the members' own label ids, whichever costs less.
   */
  facets(filter: SearchFilter): FacetCounts {
    const plan = this.plan(filter);
    const facets: FacetCounts = {};
    const active = FACET_DIMENSIONS.filter((dimension) => pickedLabels(filter, dimension).length > 0);
    const idle = FACET_DIMENSIONS.filter((dimension) => !active.includes(dimension));
    const shared = this.membersOf(plan.groups, plan.ranges);
    this.countLabels(shared, idle);
    for (const dimension of idle) facets[dimension] = this.facet(filter, dimension, shared);
    for (const dimension of active) {
      // Must-nots hold in every facet, their own filter's too.
      const members = this.membersOf(
        plan.groups.filter((group) => group.excluded || group.dimension !== dimension),
        plan.ranges,
      );
      this.countLabels(members, [dimension]);
      facets[dimension] = this.facet(filter, dimension, members);
    }
    return Object.fromEntries(FACET_DIMENSIONS.map((dimension) => [dimension, facets[dimension]]));
  }

  /** The relaxations of a filter that matches nothing (`referenceRelax`). */
  relax(filter: SearchFilter): RelaxEntry[] {
    return relaxWith(filter, (relaxed) => this.count(relaxed));
  }

  private plan(filter: SearchFilter): QueryPlan {
    const allMatch = filter.restriction === 'all_match';
    const posting = (token: string) => this.postings.get(token);
    const scoring = activeOptionGroups(filter).map((group): TokenGroup => {
      const postings = groupTokens(group).map(posting);
      return {
        dimension: groupDimension(group),
        postings,
        weights: postings.map((list) => optionWeight(this.size, list?.slots.size ?? 0)),
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
  }

  /**
   * Fills `target` with the documents that pass every group and number range and returns how many
   * there are. Each group is a step (an OR of postings for a min_1_match filter, one step per posting to
   * AND otherwise), and so is each range over a field with few values (the OR of its values' postings). The
   * step that can hold the fewest documents is written whole; the others are then applied only to the words
   * still non-zero (the candidates), so that a narrow filter makes every later one cheap, and once nothing is
   * left the rest are not read. Ranges over fields with many values read the column for the candidates last.
   */
  private matchInto(target: Bitset, groups: readonly TokenGroup[], ranges: readonly NumberRange[]): number {
    const steps: MatchStep[] = [];
    const columnRanges: NumberRange[] = [];
    const none = () => {
      target.fill(0);
      return 0;
    };
    const sizes = (sets: readonly PostingSet[]) => sets.reduce((sum, { size }) => sum + size, 0);
    for (const { postings, needed, excluded } of groups) {
      const present = postings.flatMap((posting) => (posting ? [posting.slots] : []));
      if (excluded) {
        // An option no record carries excludes nothing.
        if (present.length > 0) {
          steps.push({ slots: present, most: Math.max(0, this.size - sizes(present)), negate: true });
        }
        continue;
      }
      if (present.length < needed || present.length === 0) return none();
      if (needed === 1) steps.push({ slots: present, most: sizes(present) });
      else for (const slots of present) steps.push({ slots: [slots], most: slots.size });
    }
    for (const range of ranges) {
      const values = this.numberPostings.inRange(range);
      if (!values) columnRanges.push(range);
      else if (values.inside.length === 0) return none();
      else steps.push({ slots: values.inside, most: sizes(values.inside), outside: values.outside });
    }
    // A negated step is never written whole: without another, the matches start from every live slot.
    steps.sort((a, b) => Number(a.negate ?? false) - Number(b.negate ?? false) || a.most - b.most);
    const fromLive = steps.length === 0 || steps[0].negate === true;
    const firstApplied = fromLive ? 0 : 1;
    // After the narrowest, the step that drops the most candidates per posting read goes first (the classic
    // order for independent filters: by share dropped over cost).
    const rest = steps.slice(firstApplied).sort((a, b) => this.stepValue(b) - this.stepValue(a));
    steps.splice(firstApplied, rest.length, ...rest);
    const words = this.candidates;
    if (fromLive) {
      target.set(this.live);
    } else {
      // Postings only hold live slots: the first step needs no AND with them.
      const [first, ...others] = steps[0].slots;
      first.copyInto(target);
      for (const slots of others) slots.orInto(target);
    }
    let count = nonZeroWords(target, words);
    for (let step = firstApplied; step < steps.length && count > 0; step++) {
      const { slots, outside, negate } = steps[step];
      // A wide range drops the records of the few values outside it instead.
      count = negate
        ? this.applyStep(target, slots, true, words, count)
        : outside && outside.length < slots.length
          ? this.applyStep(target, outside, true, words, count)
          : this.applyStep(target, slots, false, words, count);
    }
    // Every word outside `words[0 .. count)` of `target` is 0.
    for (let range = 0; range < columnRanges.length && count > 0; range++) {
      count = this.keepInRange(target, columnRanges[range], words, count);
    }
    return countWords(target, words, count);
  }

  /** The share of candidates a step can be expected to drop, per posting it reads. */
  private stepValue({ slots, most, outside }: MatchStep): number {
    const reads = outside && outside.length < slots.length ? outside.length : slots.length;
    return Math.max(0, 1 - most / (this.size || 1)) / reads;
  }

  /**
   * `target = target AND (OR of the sets)`, or `AND NOT` it when `negate`, on the candidate words
   * `words[0 .. count)` only; keeps in `words` the words left non-zero and returns how many. The dense sets
   * are read together, one pass over the candidates.
   */
  private applyStep(
    target: Bitset,
    sets: readonly PostingSet[],
    negate: boolean,
    words: Int32Array,
    count: number,
  ): number {
    if (sets.length === 1 && !negate) return sets[0].andIntoWords(target, words, count);
    const dense = sets.flatMap((set) => (set.dense ? [set.data] : []));
    const sparse = sets.filter((set) => !set.dense);
    const either = this.either;
    if (count * 2 > target.length) {
      // Most words are candidates: one pass over every word in order beats reading through the list. The
      // short lists' slots are first set in a copy of the first dense set (or in an empty one).
      if (sparse.length === 0) return andAnyIntoWords(target, dense, negate, words);
      if (dense.length > 0) either.set(dense[0]);
      else either.fill(0);
      for (const set of sparse) set.orInto(either);
      return andAnyIntoWords(target, [either, ...dense.slice(1)], negate, words);
    }
    let kept = 0;
    for (let at = 0; at < count; at++) {
      const word = words[at];
      let any = 0;
      for (let set = 0; set < dense.length; set++) any |= dense[set][word];
      if (sparse.length > 0) either[word] = any;
      else if ((target[word] &= negate ? ~any : any) !== 0) words[kept++] = word;
    }
    if (sparse.length === 0) return kept;
    for (const set of sparse) set.orIntoWords(either, words, count);
    for (let at = 0; at < count; at++) {
      const word = words[at];
      if ((target[word] &= negate ? ~either[word] : either[word]) !== 0) words[kept++] = word;
    }
    return kept;
  }

  /**
   * Clears the slots of the candidate words of `target` whose number is outside the range, one column read
   * per set bit; keeps in `words` the words left non-zero and returns how many. The test sets a bit instead
   * of branching (whether a value is in range follows no pattern the processor could predict), and a full
   * word reads its 32 numbers in a row.
   */
  private keepInRange(
    target: Bitset,
    { field, min, minInclusive, max }: NumberRange,
    words: Int32Array,
    count: number,
  ): number {
    const column = this.columns[field];
    let left = 0;
    // A missing number is NaN, which fails every comparison: records without it never match.
    for (let candidate = 0; candidate < count; candidate++) {
      const at = words[candidate];
      let word = target[at];
      let kept = 0;
      if (word === FULL_WORD) {
        const base = at << 5;
        for (let bit = 0; bit < 32; bit++) {
          const value = column[base + bit];
          kept |= (Number(minInclusive ? value >= min : value > min) & Number(value <= max)) << bit;
        }
      } else {
        while (word !== 0) {
          const lowest = word & -word;
          const value = column[(at << 5) | (31 - Math.clz32(lowest))];
          kept |= lowest & -(Number(minInclusive ? value >= min : value > min) & Number(value <= max));
          word ^= lowest;
        }
      }
      target[at] = kept;
      if (kept !== 0) words[left++] = at;
    }
    return left;
  }

  private membersOf(groups: readonly TokenGroup[], ranges: readonly NumberRange[]): Members {
    if (groups.length === 0 && ranges.length === 0) return { type: 'all' };
    const count = this.matchInto(this.members, groups, ranges);
    return { type: 'bits', bits: this.members, count };
  }

  /** The weight of the picked options the slot carries. */
  private weightOf(plan: QueryPlan, slot: number): number {
    let weight = 0;
    for (const { postings, weights, scoring } of plan.groups) {
      if (!scoring) continue;
      for (let at = 0; at < postings.length; at++) {
        const posting = postings[at];
        if (posting?.slots.has(slot)) weight += weights[at];
      }
    }
    return weight;
  }

  /**
   * The plan's weights split into what every match carries (an all_match filter's options, the one option
   * of a filter) and the options of min_1_match filters only some matches carry, as bitsets.
   */
  private weightTerms(plan: QueryPlan): WeightTerms {
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
        terms.views.push(posting.slots.dense ? posting.slots.data : this.viewOf(posting, terms.views.length));
        terms.weights.push(weight);
        shares.push(posting.slots.size / (this.size || 1));
      }
      terms.groups.push(group);
    }
    return terms;
  }

  /** A sparse posting copied into scratch bitset `at`. */
  private viewOf(posting: Posting, at: number): Bitset {
    if (this.views[at]?.length !== this.words) this.views[at] = new Uint32Array(this.words);
    posting.slots.copyInto(this.views[at]);
    return this.views[at];
  }

  /** Picked options present plus the number ranges (every match is in all of them). */
  private scoreOf(plan: QueryPlan, slot: number): number {
    let score = plan.ranges.length;
    for (const { postings, scoring } of plan.groups) {
      if (!scoring) continue;
      for (const posting of postings) if (posting?.slots.has(slot)) score++;
    }
    return score;
  }

  private facet(filter: SearchFilter, dimension: FacetDimension, members: Members): Record<string, number> {
    const picked = pickedLabels(filter, dimension);
    const pickedCounts = picked.map((label) => {
      const posting = this.postings.get(labelToken(filter, dimension, label));
      if (!posting) return 0;
      return members.type === 'all' ? posting.slots.size : posting.slots.countAnd(members.bits);
    });
    return facetOf(picked, pickedCounts, this.labelCounts(dimension, members));
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
    if (this.tally.length < this.labelById.length) this.tally = new Int32Array(this.labelById.length * 2);
    else this.tally.fill(0);
    const tally = this.tally;
    const misses = members.count > this.size - members.count;
    const walked = Math.min(members.count, this.size - members.count);
    const walking: number[] = [];
    for (const dimension of dimensions) {
      const at = DIMENSION_INDEX[dimension];
      const postings = this.labelPostings.get(dimension) ?? new Set<Posting>();
      let byBitsets = 0;
      for (const { slots } of postings) byBitsets += slots.dense ? this.words : slots.size;
      const byWalk = (2 * walked * this.occurrences[at]) / (this.size || 1);
      this.tallyMisses[at] = false;
      if (byBitsets <= byWalk) {
        for (const posting of postings) tally[posting.label?.id ?? 0] = posting.slots.countAnd(members.bits);
      } else {
        this.tallyMisses[at] = misses;
        walking.push(at);
      }
    }
    if (walking.length === 0) return;
    const { live, words } = this;
    const { data, offsets } = this.slotLabels;
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

  /** Each label of the filter with its count among the members, as last tallied. */
  private labelCounts(dimension: FacetDimension, members: Members): [string, number][] {
    const misses = this.tallyMisses[DIMENSION_INDEX[dimension]];
    return [...(this.labelPostings.get(dimension) ?? [])].map((posting) => [
      posting.label?.label ?? '',
      members.type === 'all'
        ? posting.slots.size
        : misses
          ? posting.slots.size - this.tally[posting.label?.id ?? 0]
          : this.tally[posting.label?.id ?? 0],
    ]);
  }

  /** Makes room for `records` slots at once, where growing as they arrive would copy every array. */
  reserve(records: number): void {
    if (records > this.capacity) this.grow(records);
  }

  private add(doc: SearchDocument): void {
    const slot = this.freeSlots.pop() ?? this.ids.length;
    if (slot >= this.capacity) this.grow(Math.max(1024, this.capacity * 2));
    this.slotById.set(doc.id, slot);
    this.ids[slot] = doc.id;
    this.times[slot] = createdAtMs(doc);
    setBit(this.live, slot);
    for (const field of NUMBER_FIELDS) this.columns[field][slot] = documentNumber(doc, field) ?? NaN;
    this.addNumbers(slot);
    const postings = documentTokens(doc).map(({ token, label }) => {
      let posting = this.postings.get(token);
      if (!posting) {
        posting = {
          token,
          slots: new PostingSet(this.words),
          label: label && { ...label, id: this.nextLabelId() },
        };
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
    this.slotLabels.set(slot, groupedLabelIds(postings));
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
    for (const field of NUMBER_FIELDS) this.numberPostings.delete(field, this.columns[field][slot], slot);
    clearBit(this.live, slot);
    this.slotLabels.remove(slot);
    this.postingsOf[slot] = undefined;
    this.slotById.delete(id);
    this.freeSlots.push(slot);
  }

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

  private addNumbers(slot: number): void {
    for (const field of NUMBER_FIELDS) this.numberPostings.add(field, this.columns[field][slot], slot);
  }

  private countOccurrences(postings: readonly Posting[], change: 1 | -1): void {
    for (const { label } of postings) if (label) this.occurrences[DIMENSION_INDEX[label.dimension]] += change;
  }

  private nextLabelId(): number {
    return this.freeLabelIds.pop() ?? this.labelById.length;
  }

  /** A record's value in a number column, by slot; NaN where it has none. */
  /** A number field's column by slot (NaN where a record has none), for reading many slots in a row. */
  numberColumn(field: NumberField): Float64Array {
    return this.columns[field];
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
    const words = wordsFor(capacity);
    for (const posting of this.postings.values()) posting.slots.resize(words);
    this.live = resized(this.live, words);
    this.slotLabels.grow(capacity);
    // Scratch space only matters within one query, so it starts afresh.
    this.matched = new Uint32Array(words);
    this.members = new Uint32Array(words);
    this.either = new Uint32Array(words);
    this.candidates = new Int32Array(words);
    this.numberPostings.resize(words);
    this.words = words;
    this.capacity = capacity;
  }
}
