import {
  type NeedField,
  type NeedWeightTable,
  type ProfilesMatchQuery,
  type ProjectsMatchQuery,
  hoursWithin,
  type MatchQuery,
  reciprocalScore,
  TAG_FACETS,
  type TagFacet,
} from '@skillers/domain';
import type { MatchesAnswer, MatchOptions } from '../../search-index.port';
import { type FacetIndex } from '../indexes/facet-index';
import { tagToken, toolAtLevelToken, workingTypeToken } from '../indexes/facet/facet-tokens';
import { type Bitset, hasBit, wordsFor } from '../structures/bitset';
import type { StoredFields } from '../structures/stored-fields';
import { TopSlots } from '../structures/top-slots';

/** The tag facet each asked list is kept in. */
const FACET_OF_FIELD: Record<Exclude<NeedField, 'tools'>, TagFacet> = {
  hardSkills: 'hardSkills',
  softSkills: 'softSkills',
  usedLanguages: 'usedLanguages',
  areaOfExpertise: 'industry',
};
/** The tag lists a project's asks are counted from, in the order `meetNeeds` counts them (after the tools). */
const ASKED_TAG_FIELDS = ['hardSkills', 'softSkills', 'usedLanguages', 'areaOfExpertise'] as const;
const facetAt = (facet: TagFacet): number => TAG_FACETS.indexOf(facet);
const OFFERED = facetAt('offeredGratification');
const BASIS = facetAt('forGratification');
const LOCATIONS = facetAt('locations');
const ASKED_TAGS = ASKED_TAG_FIELDS.map((field) => facetAt(FACET_OF_FIELD[field]));
/** Where the tools come in a slot's codes, after the tag facets. */
const TOOLS = TAG_FACETS.length;

/**
 * Where each block of a slot's codes starts (its count; see `StoredFields.codeData`): one entry per tag facet,
 * then the tools.
 */
const blockStarts = (data: Int32Array, start: number, into: Int32Array): void => {
  let at = start;
  for (let facet = 0; facet < TOOLS; facet++) {
    into[facet] = at;
    at += 1 + data[at];
  }
  into[TOOLS] = at;
};

/** Whether any code of the block starting at `at` is marked in `marked`. */
const anyMarked = (data: Int32Array, at: number, marked: Uint8Array): boolean => {
  for (let code = at + 1, end = at + 1 + data[at]; code < end; code++) if (marked[data[code]]) return true;
  return false;
};

/**
 * "Matches for you" in the embedded index: `twoSidedFit` of the query's project or profile with each record
 * of the other kind that can have any needs, the best `k` kept in a bounded heap. Needs come from the label
 * postings, wants from the postings, the stored fields' codes, flags and columns, so the shares and their
 * order equal `twoSidedFit`'s over the documents (the index compares labels as the vocabularies spell them).
 * Every candidate is counted for the total from postings; a profile's wants are read from its codes only when
 * its needs can still reach the kept `k` (the score is at most the square root of either share).
 */
export class MatchRanker {
  private readonly top: TopSlots;
  private readonly starts = new Int32Array(TOOLS + 1);
  // Per-query scratch by slot, kept from one query to the next (a query's garbage at 100 000 records costs
  // more than its work): the held weight and the slots touched (`held` is zero again after each query), and
  // bitsets of groups met. Kept between queries while the index and weights stay: each project's asked weight.
  private held = new Float64Array(0);
  private touched = new Int32Array(0);
  private asked = new Float64Array(0);
  private askedFor = '';
  private askedTable?: NeedWeightTable;
  private askedVersion = -1;
  private readonly groups: Bitset[] = [new Uint32Array(0), new Uint32Array(0), new Uint32Array(0)];
  private shares = new Map<number, { needs: number; wants: number }>();

  constructor(
    private readonly facets: FacetIndex,
    private readonly fields: StoredFields,
  ) {
    this.top = new TopSlots(facets.compareSlots);
  }

  /** `version` changes with every write to the index (it keys what is kept between queries). */
  best(query: MatchQuery, { k, excludeOwners = [] }: MatchOptions, version: number): MatchesAnswer {
    this.top.reset(Math.max(0, Math.floor(k)));
    this.shares = new Map();
    this.scratch();
    const left = new Set(excludeOwners);
    const total =
      query.kind === 'teammate' ? this.profilesFor(query, left) : this.projectsFor(query, left, version);
    const hits = this.top.sortedEntries().map(({ key, slot }) => ({
      id: this.facets.idOf(slot),
      ownerId: this.fields.ownerOf(slot),
      ...(this.shares.get(slot) as { needs: number; wants: number }),
      score: key,
    }));
    return { hits, total };
  }

  /** Whether a record whose score is at most `bound` can still be kept. */
  private reachable(bound: number): boolean {
    return !this.top.full || bound >= this.top.worstKey;
  }

  private offer(slot: number, needs: number, wants: number): void {
    const score = reciprocalScore(needs, wants);
    if (!(score > 0) || !this.reachable(score)) return;
    this.shares.set(slot, { needs, wants });
    this.top.offer(score, slot);
  }

  /** Sizes the scratch to the slots. */
  private scratch(): void {
    const slots = this.facets.slotCapacity;
    if (this.held.length >= slots) return;
    this.held = new Float64Array(slots);
    this.touched = new Int32Array(slots);
    for (let at = 0; at < this.groups.length; at++) this.groups[at] = new Uint32Array(wordsFor(slots));
  }

  /** Marks the codes of `labels` in a table by code. */
  private marks(labels: readonly string[]): Uint8Array {
    const marked = new Uint8Array(this.fields.stringCount);
    for (const label of labels) {
      const code = this.fields.stringCode(label);
      if (code >= 0) marked[code] = 1;
    }
    return marked;
  }

  /** Clears `into` and sets the slots holding any of the tokens. */
  private holdersInto(into: Bitset, tokens: readonly string[]): Bitset {
    into.fill(0);
    for (const token of tokens) this.facets.posting(token)?.orInto(into);
    return into;
  }

  /**
   * Profiles for a project: the weight of the asked labels each profile holds is summed from the labels'
   * postings in the order the project asks them (as `meetNeeds` sums); a profile meeting any want of its own
   * (a bitset of the offers' postings, or the hours) counts; its wants are read from its codes when its
   * needs can still reach the kept ones. Answers how many have a fit.
   */
  private profilesFor({ asks, offers }: ProfilesMatchQuery, left: ReadonlySet<string>): number {
    const { held, touched } = this;
    let count = 0;
    let asked = 0;
    // Weights are at least 1 (`optionWeight`); a zero one cannot make a slot a candidate.
    for (const { field, label, weight, level } of asks) {
      asked += weight;
      if (!(weight > 0)) continue;
      const token =
        field === 'tools' ? toolAtLevelToken(label, level ?? 0) : tagToken(FACET_OF_FIELD[field], label);
      this.facets.posting(token)?.forEach((slot) => {
        if (held[slot] === 0) touched[count++] = slot;
        held[slot] += weight;
      });
    }
    try {
      return asked > 0 ? this.scoreProfiles(offers, asked, count, left) : 0;
    } finally {
      for (let at = 0; at < count; at++) held[touched[at]] = 0;
    }
  }

  private scoreProfiles(
    offers: ProfilesMatchQuery['offers'],
    asked: number,
    count: number,
    left: ReadonlySet<string>,
  ): number {
    const { held, touched, fields, starts } = this;
    // A profile meets some want when it asks a reward, basis, working type or place the project offers (a
    // remote pair that skips the place meets the working type), or hours the project's lie within.
    const meetsSome = this.holdersInto(this.groups[0], [
      ...offers.offeredGratification.map((label) => tagToken('offeredGratification', label)),
      ...offers.forGratification.map((label) => tagToken('forGratification', label)),
      ...offers.locations.map((label) => tagToken('locations', label)),
      ...(offers.workingTypeRemote ? [workingTypeToken('Remote')] : []),
      ...(offers.workingTypeOffice ? [workingTypeToken('Office')] : []),
    ]);
    const offered = this.marks(offers.offeredGratification);
    const basis = this.marks(offers.forGratification);
    const places = this.marks(offers.locations);
    const data = fields.codeData;
    const { availability } = offers;
    let total = 0;
    for (let at = 0; at < count; at++) {
      const slot = touched[at];
      if (left.size > 0 && left.has(fields.ownerOf(slot))) continue;
      const hoursMet =
        availability !== undefined && fields.asksHours(slot) && fields.hoursWithinWanted(slot, availability);
      if (!hoursMet && !hasBit(meetsSome, slot)) continue;
      total++;
      const needs = held[slot] / asked;
      if (!this.reachable(Math.sqrt(needs))) continue;
      blockStarts(data, fields.codeStart(slot), starts);
      let groups = 0;
      let met = 0;
      if (data[starts[OFFERED]] > 0) {
        groups++;
        if (anyMarked(data, starts[OFFERED], offered)) met++;
      }
      if (data[starts[BASIS]] > 0) {
        groups++;
        if (anyMarked(data, starts[BASIS], basis)) met++;
      }
      const remote = fields.remote(slot);
      const office = fields.office(slot);
      if (remote || office) {
        groups++;
        if ((remote && offers.workingTypeRemote) || (office && offers.workingTypeOffice)) met++;
      }
      if (availability !== undefined && fields.asksHours(slot)) {
        groups++;
        if (hoursMet) met++;
      }
      if (data[starts[LOCATIONS]] > 0 && !(remote && offers.workingTypeRemote)) {
        groups++;
        if (anyMarked(data, starts[LOCATIONS], places)) met++;
      }
      this.offer(slot, needs, groups > 0 ? met / groups : 0);
    }
    return total;
  }

  /**
   * Each project's asked weight under the weights of `askedFor` (as JSON, with the generation's write count),
   * counted from the projects' codes in one pass and kept while neither changes.
   */
  private askedWeights(weights: NeedWeightTable, version: number): Float64Array {
    const sized = this.asked.length >= this.facets.slotCapacity;
    // The same table object (the API keeps one while the labels' counts stay) skips even the key.
    if (weights === this.askedTable && version === this.askedVersion && sized) return this.asked;
    const key = `${version}:${JSON.stringify(weights)}`;
    this.askedTable = weights;
    this.askedVersion = version;
    if (key === this.askedFor && sized) return this.asked;
    const { fields, starts } = this;
    const codes = fields.stringCount;
    const weightTable = (field: NeedField) => {
      const table = new Float64Array(codes).fill(weights.unlisted);
      for (const [label, weight] of Object.entries(weights.byField[field])) {
        const code = fields.stringCode(label);
        if (code >= 0) table[code] = weight;
      }
      return table;
    };
    const toolWeights = weightTable('tools');
    const tagWeights = ASKED_TAG_FIELDS.map(weightTable);
    const asked = new Float64Array(this.facets.slotCapacity);
    const data = fields.codeData;
    this.facets.forEachSlot((slot) => {
      blockStarts(data, fields.codeStart(slot), starts);
      let sum = 0;
      for (let at = starts[TOOLS] + 1, end = at + 2 * data[starts[TOOLS]]; at < end; at += 2)
        sum += toolWeights[data[at]];
      for (let n = 0; n < ASKED_TAGS.length; n++) {
        const fieldWeights = tagWeights[n];
        for (let at = starts[ASKED_TAGS[n]] + 1, end = at + data[starts[ASKED_TAGS[n]]]; at < end; at++)
          sum += fieldWeights[data[at]];
      }
      asked[slot] = sum;
    });
    this.asked = asked;
    this.askedFor = key;
    return asked;
  }

  /**
   * Projects for a profile: the weight of each project's asks the profile holds (tools asked at a level up
   * to the held one) summed from the postings of what it holds, over the project's asked weight
   * (`askedWeights`): weights are whole numbers (`optionWeight`), so the sums are exact in any order. The
   * profile's wants are met from the projects' postings, flags and hours. Answers how many have a fit.
   */
  private projectsFor(
    { holds, wants, weights }: ProjectsMatchQuery,
    left: ReadonlySet<string>,
    version: number,
  ): number {
    const { facets, fields, held, touched } = this;
    const asked = this.askedWeights(weights, version);
    let count = 0;
    const add = (slot: number, weight: number) => {
      if (held[slot] === 0) touched[count++] = slot;
      held[slot] += weight;
    };
    for (const [tool, level] of Object.entries(holds.tools)) {
      const weight = weights.byField.tools[tool] ?? weights.unlisted;
      const above = facets.posting(toolAtLevelToken(tool, level + 1));
      facets.posting(toolAtLevelToken(tool, 0))?.forEach((slot) => {
        if (!above?.has(slot)) add(slot, weight);
      });
    }
    for (const field of ASKED_TAG_FIELDS)
      for (const label of new Set(holds[field])) {
        const weight = weights.byField[field][label] ?? weights.unlisted;
        facets.posting(tagToken(FACET_OF_FIELD[field], label))?.forEach((slot) => add(slot, weight));
      }
    const tokens = (facet: TagFacet, labels: readonly string[]) =>
      labels.map((label) => tagToken(facet, label));
    const offersReward = this.holdersInto(
      this.groups[0],
      tokens('offeredGratification', wants.offeredGratification),
    );
    const offersBasis = this.holdersInto(this.groups[1], tokens('forGratification', wants.forGratification));
    const offersPlace = this.holdersInto(this.groups[2], tokens('locations', wants.locations));
    const wantsReward = wants.offeredGratification.length > 0;
    const wantsBasis = wants.forGratification.length > 0;
    const wantsType = wants.workingTypeRemote || wants.workingTypeOffice;
    const wantsPlace = wants.locations.length > 0;
    let total = 0;
    try {
      for (let at = 0; at < count; at++) {
        const slot = touched[at];
        if (left.size > 0 && left.has(fields.ownerOf(slot))) continue;
        const remote = fields.remote(slot);
        let groups = 0;
        let met = 0;
        if (wantsReward) {
          groups++;
          if (hasBit(offersReward, slot)) met++;
        }
        if (wantsBasis) {
          groups++;
          if (hasBit(offersBasis, slot)) met++;
        }
        if (wantsType) {
          groups++;
          if ((wants.workingTypeRemote && remote) || (wants.workingTypeOffice && fields.office(slot))) met++;
        }
        const availability = fields.availability(slot);
        if (wants.hours && !Number.isNaN(availability)) {
          groups++;
          if (hoursWithin(availability, wants.hours)) met++;
        }
        if (wantsPlace && !(wants.workingTypeRemote && remote)) {
          groups++;
          if (hasBit(offersPlace, slot)) met++;
        }
        if (met === 0) continue;
        total++;
        this.offer(slot, held[slot] / asked[slot], met / groups);
      }
    } finally {
      for (let at = 0; at < count; at++) held[touched[at]] = 0;
    }
    return total;
  }
}
