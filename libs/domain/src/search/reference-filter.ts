/**
 * The search semantics, written once as plain functions. Both search adapters are tested against them.
 *
 * Which filters are active
 * - A tag filter (tools by name, project type, product type, rewards, compensation basis, soft skills,
 *   target roles, industry, languages, locations) is active when its list has at least one option.
 *   Options are compared exactly; a list that names an option twice counts it once.
 * - The tools filter is active when at least one tool is asked for. A picked tool is present in a record
 *   that has the tool at the asked level or higher (levels are whole numbers, 0-5).
 * - The working type filter is active when Remote or Office is picked; a picked type is present when the
 *   record offers it.
 * - Number filters are active when their value is above zero (a deadline: when it is a date after
 *   1970-01-01).
 *
 * When a record matches
 * - It has the asked kind.
 * - `min_1_match`: every active option filter has at least one of its picked options present (OR inside
 *   a filter, AND across filters). `all_match`: every picked option of every active filter is present.
 * - Every must-have option is present, under either restriction (a must-have tool at its asked level, or
 *   level 1 when not asked). Must-haves add nothing to the score: they only narrow.
 * - No must-not option is present, under either restriction (a must-not tool: at level 1 or higher). A
 *   must-not only narrows, and it holds in facets and relaxations too, except the relaxation that drops it.
 * - Every active number filter holds, under either restriction:
 *   - availability "Up to N": the record's weekly hours are above 0 and at most N; "At least N": at least
 *     N. A record without availability never matches an availability filter.
 *   - collaboration duration: the record offers at least the asked number of months.
 *   - business/tech split: the record's business share is within BIZ_TECH_TOLERANCE points of the asked
 *     one, both ends included.
 *   - deadline: the record has a deadline (after 1970-01-01) on or after the asked date, comparing
 *     calendar days.
 *
 * How matches rank (hybrid-ranking.ts has the formula)
 * - Higher fused score first, then newer first (createdAt), then the greater id, so the order is total.
 *   The fused score combines the rarity-weighted share of picked options present (each option weighs more
 *   the fewer records of the kind carry it), the BM25 score of the free text and the cosine similarity of
 *   the query vector. Without free text and query vector, that is the weighted share alone.
 * - With no active filter every record of the kind matches: without free text or vector, newest first.
 * - With `rankedAt` the fusion also prefers records whose owner was active lately and that are open to
 *   collaborate (`freshnessSignal`, a small weight).
 * - `score` is still the number of picked options present plus one for each active number filter.
 *
 * Freshness ("Active within", "Open only"; see freshness.ts)
 * - `activeSince`: the record's `lastActiveAt` is at or after it. `openAt`: its `openUntil` is after it.
 *   Both hold under either restriction, each adds 1 to `score` like a number filter, and each is offered
 *   as a relaxation like any other filter.
 */
import {
  createdAtMs,
  type SearchDocument,
  type SearchKind,
  setDeadlineDay,
  TAG_FACETS,
  type TagFacet,
  timeMs,
} from './search-document';
import {
  FACET_DIMENSIONS,
  type FacetDimension,
  type FilterDimension,
  NUMBER_DIMENSIONS,
  FRESHNESS_DIMENSIONS,
} from './filter-keys';
import {
  facetShare,
  freshnessSignal,
  fuseRankSignals,
  optionWeight,
  type SignalValues,
  storedCosine,
  vectorSignal,
} from './hybrid-ranking';
import { matchedTextTerms } from './free-text';
import type { OptionPicks, SearchFilter, SearchQuery, WorkingType } from './search-query';

/** The level a tool is asked at when the tools filter does not name it (docs/web-app.md). */
const MUST_HAVE_TOOL_LEVEL = 1;

/** How far, in percentage points, a record's business share may be from the asked one. */
export const BIZ_TECH_TOLERANCE = 20;

export interface ToolPick {
  tool: string;
  level: number;
}

/** One active filter whose options are counted: OR or AND inside it, depending on the restriction. */
export type OptionGroup =
  | { type: 'tag'; facet: TagFacet; options: string[] }
  | { type: 'tool'; options: ToolPick[] }
  | { type: 'workingType'; options: WorkingType[] };

export type NumberField =
  'availability' | 'durationMonths' | 'bizRole' | 'deadlineDay' | 'lastActiveMs' | 'openUntilMs';

/** Every number a record is filtered on, as the adapters keep them. */
export const NUMBER_FIELDS: readonly NumberField[] = [
  'availability',
  'durationMonths',
  'bizRole',
  'deadlineDay',
  'lastActiveMs',
  'openUntilMs',
];

/** An active number filter as an interval on one of the record's numbers; `max` is included. */
export interface NumberRange {
  field: NumberField;
  min: number;
  minInclusive: boolean;
  max: number;
}

export interface MatchResult {
  matched: boolean;
  /** Picked options present plus satisfied number filters; counted even when the record does not match. */
  score: number;
}

/** The parts of one record's rank, as `SearchResult.signals` reports them. */
export interface ReferenceSignals extends SignalValues {
  fused: number;
  /** Words of the free text found in the record's text, when free text was given. */
  textTerms?: string[];
}

export interface ReferenceResult {
  /** The requested page of ids, best first. */
  ids: string[];
  /** The score of each id on the page. */
  scores: number[];
  /** How many records match in all. */
  total: number;
  /** The rank signals of each id on the page. */
  signals: ReferenceSignals[];
}

const unique = <T>(values: readonly T[]): T[] => [...new Set(values)];

export const activeOptionGroups = (filter: SearchFilter): OptionGroup[] => {
  const groups: OptionGroup[] = [];
  for (const facet of TAG_FACETS) {
    const options = unique(filter.tags[facet] ?? []);
    if (options.length > 0) groups.push({ type: 'tag', facet, options });
  }
  const tools = Object.entries(filter.minToolLevels ?? {}).map(([tool, level]) => ({ tool, level }));
  if (tools.length > 0) groups.push({ type: 'tool', options: tools });
  const workingTypes = unique(filter.workingTypes ?? []);
  if (workingTypes.length > 0) groups.push({ type: 'workingType', options: workingTypes });
  return groups;
};

/** The level the filter asks a tool at: its level in the tools filter, or 1 when not there. */
export const askedToolLevel = (filter: SearchFilter, tool: string): number =>
  filter.minToolLevels && Object.hasOwn(filter.minToolLevels, tool)
    ? filter.minToolLevels[tool]
    : MUST_HAVE_TOOL_LEVEL;

/** Per-filter option lists (tools by name, each at `toolLevel`) as option groups. */
const listedGroups = (
  tags: Partial<Record<TagFacet, string[]>> = {},
  workingTypeList: readonly WorkingType[] = [],
  toolLevel: (tool: string) => number,
): OptionGroup[] => {
  const groups: OptionGroup[] = [];
  for (const facet of TAG_FACETS) {
    if (facet === 'tools') continue;
    const options = unique(tags[facet] ?? []);
    if (options.length > 0) groups.push({ type: 'tag', facet, options });
  }
  const tools = unique(tags.tools ?? []).map((tool) => ({ tool, level: toolLevel(tool) }));
  if (tools.length > 0) groups.push({ type: 'tool', options: tools });
  const workingTypes = unique(workingTypeList);
  if (workingTypes.length > 0) groups.push({ type: 'workingType', options: workingTypes });
  return groups;
};

/**
 * The must-have options as groups whose options are all required; each option is also a pick, so the
 * groups narrow the matches without adding to the score.
 */
export const activeMustHaveGroups = (filter: SearchFilter): OptionGroup[] =>
  listedGroups(filter.mustHave, filter.mustHaveWorkingTypes, (tool) => askedToolLevel(filter, tool));

/** The must-not options as groups none of whose options a match may carry; a tool from level 1. */
export const activeMustNotGroups = (filter: SearchFilter): OptionGroup[] =>
  listedGroups(filter.mustNot, filter.mustNotWorkingTypes, () => MUST_HAVE_TOOL_LEVEL);

export const activeNumberRanges = (filter: SearchFilter): NumberRange[] => {
  const ranges: NumberRange[] = [];
  const { availability, durationMonths, bizRole } = filter;
  if (availability && availability.hours > 0) {
    ranges.push(
      availability.mode === 'upTo'
        ? { field: 'availability', min: 0, minInclusive: false, max: availability.hours }
        : { field: 'availability', min: availability.hours, minInclusive: true, max: Infinity },
    );
  }
  if (durationMonths !== undefined && durationMonths > 0) {
    ranges.push({ field: 'durationMonths', min: durationMonths, minInclusive: true, max: Infinity });
  }
  if (bizRole !== undefined && bizRole > 0) {
    ranges.push({
      field: 'bizRole',
      min: bizRole - BIZ_TECH_TOLERANCE,
      minInclusive: true,
      max: bizRole + BIZ_TECH_TOLERANCE,
    });
  }
  const deadlineDay = setDeadlineDay(filter.deadline);
  if (deadlineDay !== undefined) {
    ranges.push({ field: 'deadlineDay', min: deadlineDay, minInclusive: true, max: Infinity });
  }
  ranges.push(...freshnessRanges(filter));
  return ranges;
};

/**
 * "Active within" and "Open only" as ranges on the record's times in milliseconds: last active at or after
 * `activeSince`, open until after `openAt`. A record without the time never matches.
 */
export const freshnessRanges = (filter: Pick<SearchFilter, 'activeSince' | 'openAt'>): NumberRange[] => {
  const ranges: NumberRange[] = [];
  const activeSince = timeMs(filter.activeSince);
  if (activeSince !== undefined) {
    ranges.push({ field: 'lastActiveMs', min: activeSince, minInclusive: true, max: Infinity });
  }
  const openAt = timeMs(filter.openAt);
  if (openAt !== undefined)
    ranges.push({ field: 'openUntilMs', min: openAt, minInclusive: false, max: Infinity });
  return ranges;
};

/** The record's value for a number filter; the deadline as days since 1970-01-01, only when set. */
export const documentNumber = (doc: SearchDocument, field: NumberField): number | undefined => {
  switch (field) {
    case 'deadlineDay':
      return setDeadlineDay(doc.numbers.deadline);
    case 'lastActiveMs':
      return timeMs(doc.lastActiveAt);
    case 'openUntilMs':
      return timeMs(doc.openUntil);
    default:
      return doc.numbers[field];
  }
};

const inNumberRange = (value: number | undefined, range: NumberRange): boolean =>
  value !== undefined && (range.minInclusive ? value >= range.min : value > range.min) && value <= range.max;

export const hasOption = (doc: SearchDocument, group: OptionGroup, index: number): boolean => {
  switch (group.type) {
    case 'tag':
      return doc.tags[group.facet].includes(group.options[index]);
    case 'tool': {
      const { tool, level } = group.options[index];
      return Object.hasOwn(doc.toolLevels, tool) && doc.toolLevels[tool] >= level;
    }
    case 'workingType':
      return group.options[index] === 'Remote' ? doc.workingTypeRemote : doc.workingTypeOffice;
  }
};

/** Whether the record carries any option of the groups. */
const carriesAny = (doc: SearchDocument, groups: readonly OptionGroup[]): boolean =>
  groups.some((group) => group.options.some((_, index) => hasOption(doc, group, index)));

/** Compiles the filter once so that scanning many records does not re-read it for each. */
export const compileFilter = (
  filter: SearchFilter & { kind?: SearchKind },
): ((doc: SearchDocument) => MatchResult) => {
  const groups = activeOptionGroups(filter);
  const required = activeMustHaveGroups(filter);
  const excluded = activeMustNotGroups(filter);
  const ranges = activeNumberRanges(filter);
  const allMatch = filter.restriction === 'all_match';
  return (doc) => {
    let matched = (filter.kind === undefined || doc.kind === filter.kind) && !carriesAny(doc, excluded);
    let score = 0;
    for (const group of groups) {
      let present = 0;
      for (let index = 0; index < group.options.length; index++) {
        if (hasOption(doc, group, index)) present++;
      }
      score += present;
      if (allMatch ? present < group.options.length : present === 0) matched = false;
    }
    for (const group of required) {
      for (let index = 0; index < group.options.length; index++) {
        if (!hasOption(doc, group, index)) matched = false;
      }
    }
    for (const range of ranges) {
      if (inNumberRange(documentNumber(doc, range.field), range)) score++;
      else matched = false;
    }
    return { matched, score };
  };
};

/**
 * Whether a record matches, without its score: the rules of `compileFilter`, stopping at the first filter
 * the record fails. Matching one record against many filters (saved-search alerts) needs no more.
 */
export const compileMatch = (
  filter: SearchFilter & { kind?: SearchKind },
): ((doc: SearchDocument) => boolean) => {
  const groups = activeOptionGroups(filter);
  const required = activeMustHaveGroups(filter);
  const excluded = activeMustNotGroups(filter);
  const ranges = activeNumberRanges(filter);
  const allMatch = filter.restriction === 'all_match';
  return (doc) => {
    if (filter.kind !== undefined && doc.kind !== filter.kind) return false;
    if (carriesAny(doc, excluded)) return false;
    for (const group of groups) {
      let present = 0;
      for (let index = 0; index < group.options.length; index++) {
        if (hasOption(doc, group, index)) present++;
        else if (allMatch) return false;
      }
      if (present === 0) return false;
    }
    for (const group of required) {
      for (let index = 0; index < group.options.length; index++) {
        if (!hasOption(doc, group, index)) return false;
      }
    }
    return withinRanges(doc, ranges);
  };
};

/** Whether the record's value of every range's field lies in it. */
export const withinRanges = (doc: SearchDocument, ranges: readonly NumberRange[]): boolean =>
  ranges.every((range) => inNumberRange(documentNumber(doc, range.field), range));

/** Does one record match the filter (and the kind, when given), and with what score. */
export const matchDocument = (
  doc: SearchDocument,
  filter: SearchFilter & { kind?: SearchKind },
): MatchResult => compileFilter(filter)(doc);

/** Descending id order, the last tie-break. */
export const compareIdsDescending = (a: string, b: string): number => (a < b ? 1 : a > b ? -1 : 0);

interface Ranked {
  id: string;
  score: number;
  fused: number;
  time: number;
  signals: ReferenceSignals;
}

/** The tie-break order every ranking ends with: newer first, then the greater id. */
export const compareRecency = (a: { time: number; id: string }, b: { time: number; id: string }): number =>
  b.time - a.time || compareIdsDescending(a.id, b.id);

const compareRanked = (a: Ranked, b: Ranked): number => b.fused - a.fused || compareRecency(a, b);

/** Each picked option's weight (`optionWeight`) among the records of the query's kind. */
export const pickedOptionWeights = (
  docs: readonly SearchDocument[],
  filter: SearchFilter & { kind?: SearchKind },
): number[][] => {
  const ofKind = docs.filter((doc) => filter.kind === undefined || doc.kind === filter.kind);
  return activeOptionGroups(filter).map((group) =>
    group.options.map((_, index) =>
      optionWeight(ofKind.length, ofKind.filter((doc) => hasOption(doc, group, index)).length),
    ),
  );
};

/** Understood options as a filter, so that they are weighed like picks. */
export const understoodFilter = (options: OptionPicks): SearchFilter => ({
  ...options,
  restriction: 'min_1_match',
});

/**
 * The weight of the options a record carries over the weight of them all (`facetShare`), each option weighed
 * by its rarity among the records of the kind: the facet evidence of picks, and of understood labels.
 */
const optionShare = (docs: readonly SearchDocument[], kind: SearchKind, options: OptionPicks) => {
  const filter = { ...understoodFilter(options), kind };
  const groups = activeOptionGroups(filter);
  const weights = pickedOptionWeights(docs, filter);
  const total = weights.flat().reduce((sum, weight) => sum + weight, 0);
  return (doc: SearchDocument): number => {
    let carried = 0;
    groups.forEach((group, at) =>
      group.options.forEach((_, index) => {
        if (hasOption(doc, group, index)) carried += weights[at][index];
      }),
    );
    return facetShare(carried, total);
  };
};

/** Whether the query understood any option of this side from its text. */
export const hasOptions = (options: OptionPicks | undefined): options is OptionPicks =>
  options !== undefined && activeOptionGroups(understoodFilter(options)).length > 0;

/**
 * The whole search as a scan over the records: the page of ids, ranked, and the total. `textScores` are the
 * BM25 scores of the free text per record id, which the adapter computes (records it leaves out score 0).
 */
export const referenceSearch = (
  docs: readonly SearchDocument[],
  query: SearchQuery,
  textScores?: ReadonlyMap<string, number>,
): ReferenceResult => {
  const match = compileFilter(query);
  const picked = optionShare(docs, query.kind, query);
  const text = query.text?.trim() || undefined;
  const rankedAt = timeMs(query.rankedAt);
  const understood = hasOptions(query.understood?.options)
    ? optionShare(docs, query.kind, query.understood.options)
    : undefined;
  const ruledOut = hasOptions(query.understood?.not)
    ? optionShare(docs, query.kind, query.understood.not)
    : undefined;
  const ranked: Ranked[] = [];
  for (const doc of docs) {
    const { matched, score } = match(doc);
    if (!matched) continue;
    const signals: ReferenceSignals = { facet: picked(doc), fused: 0 };
    if (understood) signals.understood = understood(doc);
    if (ruledOut) signals.clean = ruledOut(doc) > 0 ? 0 : 1;
    if (text !== undefined) {
      signals.text = textScores?.get(doc.id) ?? 0;
      signals.textTerms = matchedTextTerms(text, doc.text);
    }
    if (query.queryVector) {
      const vector = storedCosine(query.queryVector, doc.vector);
      if (vector !== undefined) signals.vector = vectorSignal(vector);
    }
    if (rankedAt !== undefined) signals.fresh = freshnessSignal(doc, rankedAt);
    signals.fused = fuseRankSignals(signals);
    ranked.push({ id: doc.id, score, fused: signals.fused, time: createdAtMs(doc), signals });
  }
  ranked.sort(compareRanked);
  const start = (query.page - 1) * query.pageSize;
  const page = ranked.slice(start, start + query.pageSize);
  return {
    ids: page.map((item) => item.id),
    scores: page.map((item) => item.score),
    total: ranked.length,
    signals: page.map((item) => item.signals),
  };
};

/*
 * Facets and relaxations
 *
 * - The facet count of a label of an option filter is how many records would match if that filter's own
 *   picks (and must-haves) were replaced by that label alone: it ignores the filter's own picks and honours
 *   every other filter (disjunctive faceting). A tool label is asked at its picked level, or 1.
 * - Each option filter reports its picked labels, whatever their counts, plus the FACET_OTHERS labels with
 *   the highest non-zero counts among the rest (ties: label order).
 * - A relaxation drops one active filter (its picks, must-haves, number or freshness filter), makes one
 *   must-have option a plain pick, or drops one must-not option; its count is how many records the query
 *   then matches. Dropping a whole filter keeps its must-nots. The ones that bring back records are listed
 *   most first (ties: filter order, the whole filter before its options, must-nots last), at most RELAX_MAX.
 * - When none does, the answer is the one smallest set of filters whose removal brings records back: sets of
 *   2, then 3 (RELAX_SET_SIZE_MAX) filters, in filter order, at most RELAX_SETS_MAX sets; then, as the last
 *   resort, every filter. Fewest filters first, then most records, then the order they were tried in.
 */

/** Labels counted per option filter beside the picked ones. */
export const FACET_OTHERS = 10;
/** Relaxations named when a query matches nothing. */
export const RELAX_MAX = 5;

export type FacetCounts = Partial<Record<FacetDimension, Record<string, number>>>;

/** Sets of filters tried, at most, when no single change brings records back. */
export const RELAX_SETS_MAX = 100;
/** The most filters in a set tried before dropping every filter. */
export const RELAX_SET_SIZE_MAX = 3;

/** One change to a query: drop the filter `dimension`, make its must-have `label` a plain pick, or drop a must-not. */
export interface RelaxationStep {
  dimension: FilterDimension;
  /** Set when only this must-have option stops being a must-have, or with `mustNot`, stops being excluded. */
  label?: string;
  /** Set when `label` is a must-not option that is dropped. */
  mustNot?: true;
}

export interface Relaxation extends RelaxationStep {
  count: number;
}

/** Several filters dropped together, offered when no single change brings records back. */
export interface CombinedRelaxation {
  remove: FilterDimension[];
  count: number;
}

/** One entry of a query's relaxations: a single change, or the smallest set that helps. */
export type RelaxEntry = Relaxation | CombinedRelaxation;

type Filter = SearchFilter & { kind?: SearchKind };

const without = <K extends string, V>(record: Partial<Record<K, V>> | undefined, key: K) => {
  const copy = { ...record } as Partial<Record<K, V>>;
  delete copy[key];
  return copy;
};

/** The filter with one of its filters gone: the picks, the must-haves or the number. */
export const withoutDimension = <F extends Filter>(filter: F, dimension: FilterDimension): F => {
  const copy: F = { ...filter };
  switch (dimension) {
    case 'availability':
    case 'durationMonths':
    case 'bizRole':
    case 'deadline':
    case 'activeSince':
    case 'openAt':
      delete copy[dimension];
      return copy;
    case 'workingType':
      delete copy.workingTypes;
      delete copy.mustHaveWorkingTypes;
      return copy;
    case 'tools':
      delete copy.minToolLevels;
      break;
  }
  copy.tags = without(filter.tags, dimension);
  if (filter.mustHave) copy.mustHave = without(filter.mustHave, dimension);
  return copy;
};

/** The filter with one option filter asking for this label alone. */
export const withOnlyLabel = <F extends Filter>(filter: F, dimension: FacetDimension, label: string): F => {
  const copy = withoutDimension(filter, dimension);
  if (dimension === 'tools') {
    copy.minToolLevels = Object.fromEntries([[label, askedToolLevel(filter, label)]]);
  } else if (dimension === 'workingType') {
    copy.workingTypes = [label as WorkingType];
  } else {
    copy.tags = { ...copy.tags, [dimension]: [label] };
  }
  return copy;
};

/** The labels an option filter has picked or must have, in order, once each. */
export const pickedLabels = (filter: SearchFilter, dimension: FacetDimension): string[] => {
  if (dimension === 'workingType')
    return unique([...(filter.workingTypes ?? []), ...(filter.mustHaveWorkingTypes ?? [])]);
  const picks = dimension === 'tools' ? Object.keys(filter.minToolLevels ?? {}) : [];
  return unique([...picks, ...(filter.tags[dimension] ?? []), ...(filter.mustHave?.[dimension] ?? [])]);
};

/**
 * The filters of the query that narrow its matches, in FACET_DIMENSIONS, NUMBER_DIMENSIONS then
 * FRESHNESS_DIMENSIONS order.
 */
export const activeDimensions = (filter: SearchFilter): FilterDimension[] => {
  const numbers = new Set<string>(
    activeNumberRanges(filter).map(({ field }) => (field === 'deadlineDay' ? 'deadline' : field)),
  );
  return [
    ...FACET_DIMENSIONS.filter((dimension) => pickedLabels(filter, dimension).length > 0),
    ...NUMBER_DIMENSIONS.filter((dimension) => numbers.has(dimension)),
    ...FRESHNESS_DIMENSIONS.filter((dimension) => timeMs(filter[dimension]) !== undefined),
  ];
};

/** The options of a filter that are must-haves, in order, once each. */
const mustHaveLabels = (filter: SearchFilter, dimension: FilterDimension): string[] => {
  if (dimension === 'workingType') return unique(filter.mustHaveWorkingTypes ?? []);
  return (FACET_DIMENSIONS as readonly string[]).includes(dimension)
    ? unique(filter.mustHave?.[dimension as TagFacet] ?? [])
    : [];
};

/** The must-not labels of an option filter, in order, once each. */
const mustNotLabels = (filter: SearchFilter, dimension: FacetDimension): string[] =>
  unique(
    dimension === 'workingType' ? (filter.mustNotWorkingTypes ?? []) : (filter.mustNot?.[dimension] ?? []),
  );

/** The filter without one must-not option. */
const withoutMustNot = <F extends Filter>(filter: F, dimension: FacetDimension, label: string): F =>
  dimension === 'workingType'
    ? { ...filter, mustNotWorkingTypes: filter.mustNotWorkingTypes?.filter((type) => type !== label) }
    : {
        ...filter,
        mustNot: {
          ...filter.mustNot,
          [dimension]: filter.mustNot?.[dimension]?.filter((option) => option !== label),
        },
      };

/** The filter after one change. */
const relaxedBy = <F extends Filter>(filter: F, { dimension, label, mustNot }: RelaxationStep): F => {
  if (label === undefined) return withoutDimension(filter, dimension);
  if (mustNot) return withoutMustNot(filter, dimension as FacetDimension, label);
  const kept = mustHaveLabels(filter, dimension).filter((option) => option !== label);
  return dimension === 'workingType'
    ? { ...filter, mustHaveWorkingTypes: kept }
    : { ...filter, mustHave: { ...filter.mustHave, [dimension]: kept } };
};

/**
 * Every single change a query could make: each active filter whole, then each of its must-haves; then each
 * must-not option.
 */
const relaxationSteps = (filter: SearchFilter): RelaxationStep[] => [
  ...activeDimensions(filter).flatMap((dimension) => [
    { dimension },
    ...mustHaveLabels(filter, dimension).map((label) => ({ dimension, label })),
  ]),
  ...FACET_DIMENSIONS.flatMap((dimension) =>
    mustNotLabels(filter, dimension).map((label) => ({ dimension, label, mustNot: true as const })),
  ),
];

/** What a query could drop, each with the filter that is left; counted by whoever holds the records. */
export const relaxationCandidates = <F extends Filter>(filter: F): (RelaxationStep & { filter: F })[] =>
  relaxationSteps(filter).map((step) => ({ ...step, filter: relaxedBy(filter, step) }));

/** The sets of `size` filters, in filter order, at most `limit` of them. */
const dimensionSets = (
  dimensions: readonly FilterDimension[],
  size: number,
  limit: number,
): FilterDimension[][] => {
  const sets: FilterDimension[][] = [];
  const extend = (set: FilterDimension[], from: number): void => {
    if (set.length === size) {
      sets.push(set);
      return;
    }
    for (let at = from; at < dimensions.length && sets.length < limit; at++) {
      extend([...set, dimensions[at]], at + 1);
    }
  };
  extend([], 0);
  return sets;
};

/**
 * The sets of filters tried when no single change helps, in the order the rules above try them, each with
 * the filter that is left; the last drops every filter. Making a must-have a plain pick never brings back
 * more than dropping its filter, so the sets only drop whole filters.
 */
export const combinedCandidates = <F extends Filter>(
  filter: F,
): { remove: FilterDimension[]; filter: F }[] => {
  const dimensions = activeDimensions(filter);
  const sets: FilterDimension[][] = [];
  for (let size = 2; size <= Math.min(RELAX_SET_SIZE_MAX, dimensions.length); size++) {
    sets.push(...dimensionSets(dimensions, size, RELAX_SETS_MAX - sets.length));
  }
  const lastTried = sets.at(-1);
  if (dimensions.length > 1 && lastTried?.length !== dimensions.length) sets.push(dimensions);
  return sets.map((remove) => ({
    remove,
    filter: remove.reduce((left, dimension) => withoutDimension(left, dimension), filter),
  }));
};

const betterSet = (a: CombinedRelaxation, b: CombinedRelaxation | undefined): boolean =>
  a.count > 0 &&
  (b === undefined ||
    a.remove.length < b.remove.length ||
    (a.remove.length === b.remove.length && a.count > b.count));

/** The smallest set that brings records back, as the rules above choose it, or none. */
export const bestCombined = (counted: Iterable<CombinedRelaxation>): CombinedRelaxation[] => {
  let best: CombinedRelaxation | undefined;
  for (const set of counted) {
    // Sets come smallest first: once a smaller one helps, no larger one can win.
    if (best && set.remove.length > best.remove.length) break;
    if (betterSet(set, best)) best = set;
  }
  return best ? [best] : [];
};

/**
 * The relaxations of a query that matches nothing, counting each changed filter with `count`: the single
 * changes that help, or else the smallest set that does. Sets are counted only while they can still win.
 */
export const relaxWith = <F extends Filter>(filter: F, count: (relaxed: F) => number): RelaxEntry[] => {
  const singles = rankRelaxations(
    relaxationCandidates(filter).map(({ filter: relaxed, ...step }) => ({ ...step, count: count(relaxed) })),
  );
  return singles.length > 0 ? singles : bestCombined(countedSets(filter, count));
};

/** The combined candidates with their counts, each counted only when asked for. */
function* countedSets<F extends Filter>(
  filter: F,
  count: (relaxed: F) => number,
): Generator<CombinedRelaxation> {
  for (const { remove, filter: relaxed } of combinedCandidates(filter))
    yield { remove, count: count(relaxed) };
}

/** The best relaxations from their counts, as the rules above order and cut them. */
export const rankRelaxations = (counted: readonly Relaxation[]): Relaxation[] =>
  counted
    .filter(({ count }) => count > 0)
    .map((relaxation, order) => ({ relaxation, order }))
    .sort((a, b) => b.relaxation.count - a.relaxation.count || a.order - b.order)
    .slice(0, RELAX_MAX)
    .map(({ relaxation }) => relaxation);

const compareLabels = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The others of one option filter's facet: of the labels offered, the FACET_OTHERS most frequent (most
 * first, then by label) that are not picked, kept in one pass instead of sorting every label, since a
 * filter has hundreds of labels and every faceted search counts them all. Labels counted 0 are left out.
 */
export class FacetOthers {
  private readonly kept: [string, number][] = [];
  private readonly picked: ReadonlySet<string>;

  constructor(picked: readonly string[]) {
    this.picked = new Set(picked);
  }

  offer(label: string, count: number): void {
    if (!(count > 0)) return;
    const { kept } = this;
    if (kept.length === FACET_OTHERS && !beforeInFacet(label, count, kept[FACET_OTHERS - 1])) return;
    if (this.picked.has(label)) return;
    if (kept.length === FACET_OTHERS) kept.pop();
    let at = kept.length;
    while (at > 0 && beforeInFacet(label, count, kept[at - 1])) at--;
    kept.splice(at, 0, [label, count]);
  }

  /** The facet: the picked labels with their counts, then the others kept. */
  facet(picked: readonly string[], pickedCounts: readonly number[]): Record<string, number> {
    // Set one by one: Object.fromEntries costs more than the counting on every faceted search.
    const facet: Record<string, number> = {};
    picked.forEach((label, at) => (facet[label] = pickedCounts[at]));
    for (const [label, count] of this.kept) facet[label] = count;
    return facet;
  }
}

const beforeInFacet = (label: string, count: number, [keptLabel, keptCount]: [string, number]): boolean =>
  count > keptCount || (count === keptCount && compareLabels(label, keptLabel) < 0);

/** One option filter's facet: the picked labels' counts and the most frequent others' (`FacetOthers`). */
export const facetOf = (
  picked: readonly string[],
  pickedCounts: readonly number[],
  otherCounts: Iterable<[string, number]>,
): Record<string, number> => {
  const others = new FacetOthers(picked);
  for (const [label, count] of otherCounts) others.offer(label, count);
  return others.facet(picked, pickedCounts);
};

/** The labels a record carries for an option filter; a tool counts from level 1. */
export const documentLabels = (doc: SearchDocument, dimension: FacetDimension): string[] => {
  switch (dimension) {
    case 'tools':
      return Object.keys(doc.toolLevels).filter((tool) => doc.toolLevels[tool] >= MUST_HAVE_TOOL_LEVEL);
    case 'workingType':
      return [...(doc.workingTypeRemote ? ['Remote'] : []), ...(doc.workingTypeOffice ? ['Office'] : [])];
    default:
      return unique(doc.tags[dimension]);
  }
};

const countMatches = (docs: readonly SearchDocument[], filter: Filter): number => {
  const match = compileFilter(filter);
  let count = 0;
  for (const doc of docs) if (match(doc).matched) count++;
  return count;
};

/** The facets of every option filter, by scanning the records. */
export const referenceFacets = (docs: readonly SearchDocument[], query: SearchQuery): FacetCounts => {
  const facets: FacetCounts = {};
  for (const dimension of FACET_DIMENSIONS) {
    const match = compileFilter(withoutDimension(query, dimension));
    const counts = new Map<string, number>();
    for (const doc of docs) {
      if (!match(doc).matched) continue;
      for (const label of documentLabels(doc, dimension)) counts.set(label, (counts.get(label) ?? 0) + 1);
    }
    const picked = pickedLabels(query, dimension);
    const pickedCounts = picked.map((label) => countMatches(docs, withOnlyLabel(query, dimension, label)));
    facets[dimension] = facetOf(picked, pickedCounts, counts);
  }
  return facets;
};

/** The relaxations of a query, by scanning the records. */
export const referenceRelax = (docs: readonly SearchDocument[], query: SearchQuery): RelaxEntry[] =>
  relaxWith(query, (filter) => countMatches(docs, filter));
