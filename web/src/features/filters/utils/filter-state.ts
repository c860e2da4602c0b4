import {
  type ActiveFilters,
  type ActiveWithinDays,
  type ClientFacets,
  type ClientRelaxation,
  type ClientRelaxEntry,
  AVAILABILITY_FILTER_MODES,
  DEFAULT_FILTER_TOOL_LEVEL,
  type PropositionInput,
  type SearchKind,
  SIMILAR_LABEL_KEYS,
  TOOL_LEVEL_MAX,
  type ToolExperience,
  type UnderstoodLabels,
  type UnderstoodText,
  type WorkingType,
} from '@skillers/domain';
import { calendarDay } from '../../../lib/dates';
import { capCollabMonths, capWeeklyHours, type RoleSplit, splitRoles } from '../../../lib/listing-form';

/** The label filters, named by their client keys: the ones `/ml` suggests labels for, but the tools. */
const LABEL_FILTERS = SIMILAR_LABEL_KEYS.filter(
  (key): key is Exclude<(typeof SIMILAR_LABEL_KEYS)[number], 'toolsExperience'> => key !== 'toolsExperience',
);

/** Every filter picked from a list of options: the label filters and the working type. */
export type TagFilter = (typeof LABEL_FILTERS)[number] | 'offeredWorkingType';

/** Exactly these two. */
const isWorkingType = (option: string): option is WorkingType => option === 'Remote' || option === 'Office';

export type AvailabilityMode = (typeof AVAILABILITY_FILTER_MODES)[number];

/** The filters whose picked options can be marked must-have or excluded. */
export type OptionFilter = TagFilter | 'toolsExperience';

/** Every box of the filter panel: the tag filters, tools and the four number filters. */
export type FilterBox =
  TagFilter | 'toolsExperience' | 'requiredAvailability' | 'projectDeadline' | 'bizOrTech';

/**
 * The project filter state (docs/web-app.md). Numbers stay text while they are typed. The spec's
 * availability start and end collapse into one bound, `requiredAvailabilityHours`, compared in the
 * chosen `requiredAvailabilityOption`, because the filter compares a record's hours with one number.
 * The open/closed flags are a single `openBox`, which keeps at most one box open by construction.
 */
export type FilterState = Record<TagFilter, string[]> & {
  textSearch: string;
  toolsExperience: ToolExperience[];
  /** Projects: the earliest deadline asked, yyyy-MM-dd, or empty. */
  projectDeadline: string;
  /** Profiles: the fewest months of collaboration asked, or empty. */
  deadlineOption: string;
  bizOrTechLeft: string;
  bizOrTechRight: string;
  requiredAvailabilityHours: string;
  requiredAvailabilityOption: AvailabilityMode;
  /** Picked options that every result must have; the other picks only rank. */
  mustHave: Partial<Record<OptionFilter, string[]>>;
  /** Options in a filter's list that no result may have ("not: X"): sent as must-nots, never as picks. */
  mustNot: Partial<Record<OptionFilter, string[]>>;
  /** "Active within": 0 is any time, else the owner was active within this many days. */
  activeWithinDays: ActiveWithinChoice;
  /** "Open only": just records open to collaborate. */
  openOnly: boolean;
  /** Labels removed from what the server understood of the text (a chip's Remove); a new text clears them. */
  dismissed: UnderstoodLabels;
  openBox: FilterBox | null;
};

/** The "Active within" choices: any, then the API's day counts. */
export type ActiveWithinChoice = 0 | ActiveWithinDays;

export const initialFilterState = (textSearch = ''): FilterState => ({
  textSearch,
  toolsExperience: [],
  projectType: [],
  productType: [],
  offeredGratification: [],
  forGratification: [],
  softSkills: [],
  requiredAreaOfExpertise: [],
  hardSkills: [],
  offeredWorkingType: [],
  usedLanguages: [],
  locations: [],
  projectDeadline: '',
  deadlineOption: '',
  bizOrTechLeft: '',
  bizOrTechRight: '',
  requiredAvailabilityHours: '',
  requiredAvailabilityOption: AVAILABILITY_FILTER_MODES[0],
  mustHave: {},
  mustNot: {},
  activeWithinDays: 0,
  openOnly: false,
  dismissed: {},
  openBox: null,
});

/** The filters a search was run with; a new `run` loads page 1 again, even with the same filters. */
export interface AppliedFilters {
  run: number;
  /** Null lists everything, unfiltered. */
  filters: FilterState | null;
}

export interface FilterPanelState {
  filters: FilterState;
  applied: AppliedFilters;
  /** The last search failed and the unfiltered list shows instead (docs/web-app.md). */
  filteringFailed: boolean;
  /** The kinds the last search matched nothing of, whose closest records show instead (docs/web-app.md). */
  closest: readonly SearchKind[];
  /** Per kind, the facet counts and relaxations the last applied search answered with. */
  answers: Partial<Record<SearchKind, SearchExtras>>;
}

/** What a filtered search answers beside its first page. */
export interface SearchExtras {
  total: number;
  facets?: ClientFacets;
  relax?: ClientRelaxEntry[];
  /** What the server understood of the search text, when there was one. */
  understood?: UnderstoodText;
}

export type FilterAction =
  | { type: 'setText'; text: string }
  | { type: 'setTags'; filter: TagFilter; picked: string[] }
  | { type: 'setTools'; tools: ToolExperience[] }
  | { type: 'setAvailabilityHours'; typed: string }
  | { type: 'setAvailabilityOption'; option: AvailabilityMode }
  | { type: 'setProjectDeadline'; day: string }
  | { type: 'setDeadlineOption'; typed: string }
  | { type: 'setBizOrTech'; split: RoleSplit }
  | { type: 'setActiveWithin'; days: ActiveWithinChoice }
  | { type: 'setOpenOnly'; openOnly: boolean }
  | { type: 'toggleBox'; box: FilterBox }
  | { type: 'apply' }
  | { type: 'clear' }
  | { type: 'filteringFailed' }
  | { type: 'closestShown'; kind: SearchKind; run: number }
  | { type: 'toggleMustHave'; filter: OptionFilter; option: string }
  /** A listed option becomes a must-not ("Exclude"), or a plain pick again. */
  | { type: 'toggleMustNot'; filter: OptionFilter; option: string }
  | { type: 'answered'; kind: SearchKind; run: number; extras: SearchExtras }
  | { type: 'relax'; relaxation: ClientRelaxEntry }
  /** An understood label becomes a pick ("Make it a filter"), and the search runs again. */
  | { type: 'pickUnderstood'; filter: OptionFilter; label: string }
  /** A ruled-out understood label becomes a must-not ("Make it a filter"), and the search runs again. */
  | { type: 'excludeUnderstood'; filter: OptionFilter; label: string }
  /** An understood label stops counting ("Remove"), and the search runs again. */
  | { type: 'dismissUnderstood'; filter: OptionFilter; label: string }
  /** Puts a whole saved search in the panel and runs it. */
  | { type: 'load'; filters: FilterState };

export const initialPanelState = (textSearch = ''): FilterPanelState => ({
  filters: initialFilterState(textSearch),
  applied: { run: 0, filters: null },
  filteringFailed: false,
  closest: [],
  answers: {},
});

const clampToolLevel = (level: number) =>
  Math.min(
    TOOL_LEVEL_MAX,
    Math.max(DEFAULT_FILTER_TOOL_LEVEL, Math.round(level) || DEFAULT_FILTER_TOOL_LEVEL),
  );

/** The marks (must-have or must-not) of the options a filter's list still holds. */
const keptMarks = (
  filters: FilterState,
  marks: Partial<Record<OptionFilter, string[]>>,
  keep: (filter: OptionFilter, option: string) => boolean,
): Partial<Record<OptionFilter, string[]>> => {
  const kept: Partial<Record<OptionFilter, string[]>> = {};
  for (const [filter, options] of Object.entries(marks) as [OptionFilter, string[]][]) {
    const listed = new Set(pickedOptions(filters, filter));
    const left = options.filter((option) => listed.has(option) && keep(filter, option));
    if (left.length > 0) kept[filter] = left;
  }
  return kept;
};

/** Options the lists no longer hold stop being must-haves or must-nots; an excluded option is no must-have. */
const keepPickedMustHaves = (filters: FilterState): FilterState => ({
  ...filters,
  mustNot: keptMarks(filters, filters.mustNot, () => true),
  mustHave: keptMarks(
    filters,
    filters.mustHave,
    (filter, option) => !excludedOptions(filters, filter).includes(option),
  ),
});

const updateFilters = (state: FilterPanelState, patch: Partial<FilterState>): FilterPanelState => ({
  ...state,
  filters: keepPickedMustHaves({ ...state.filters, ...patch }),
});

/** The options listed in an option filter (picks and excluded ones), tools by name. */
export const pickedOptions = (filters: FilterState, filter: OptionFilter): string[] =>
  filter === 'toolsExperience' ? filters.toolsExperience.map(({ tool }) => tool) : filters[filter];

/** The options of a filter's list marked must-not. */
export const excludedOptions = (filters: FilterState, filter: OptionFilter): string[] =>
  filters.mustNot[filter] ?? [];

/** The options of a filter's list that are picks: the listed ones less the excluded. */
export const includedOptions = (filters: FilterState, filter: OptionFilter): string[] =>
  pickedOptions(filters, filter).filter((option) => !excludedOptions(filters, filter).includes(option));

/** Drops one filter's picks (and must-haves), as a relaxation asks; its must-nots stay, as the server counted. */
const withoutFilter = (filters: FilterState, key: ClientRelaxation['key']): Partial<FilterState> => {
  const excluded = (filter: OptionFilter) => excludedOptions(filters, filter);
  switch (key) {
    case 'requiredAvailability':
      return { requiredAvailabilityHours: '' };
    case 'projectDeadline':
      return { projectDeadline: '', deadlineOption: '' };
    case 'bizOrTech':
      return { bizOrTechLeft: '', bizOrTechRight: '' };
    case 'toolsExperience':
      return {
        toolsExperience: filters.toolsExperience.filter(({ tool }) =>
          excluded('toolsExperience').includes(tool),
        ),
      };
    case 'offeredWorkingType':
    case 'offeredWorkingTypeActiveOptions':
      return { offeredWorkingType: excluded('offeredWorkingType') };
    case 'product_type':
      return { productType: excluded('productType') };
    case 'activeWithinDays':
      return { activeWithinDays: 0 };
    case 'openOnly':
      return { openOnly: false };
    default:
      return { [key]: excluded(key) };
  }
};

/** Applies the filters as they now are: page 1 of a new search. */
const applied = (state: FilterPanelState): FilterPanelState => ({
  ...state,
  applied: { run: state.applied.run + 1, filters: state.filters },
  filteringFailed: false,
  closest: [],
  answers: {},
});

/** The picks with one more option; a tool asks for the lowest level. */
const withPick = (filters: FilterState, filter: OptionFilter, label: string): Partial<FilterState> => {
  if (pickedOptions(filters, filter).includes(label)) return {};
  return filter === 'toolsExperience'
    ? { toolsExperience: [...filters.toolsExperience, { tool: label, mep: DEFAULT_FILTER_TOOL_LEVEL }] }
    : { [filter]: [...filters[filter], label] };
};

/** The options without one; a tool by its name. */
const withoutPick = (filters: FilterState, filter: OptionFilter, label: string): Partial<FilterState> =>
  filter === 'toolsExperience'
    ? { toolsExperience: filters.toolsExperience.filter(({ tool }) => tool !== label) }
    : { [filter]: filters[filter].filter((option) => option !== label) };

/** The marks with one option of a filter marked or not. */
const marked = (
  marks: Partial<Record<OptionFilter, string[]>>,
  filter: OptionFilter,
  option: string,
  on: boolean,
): Partial<Record<OptionFilter, string[]>> => {
  const others = (marks[filter] ?? []).filter((other) => other !== option);
  return { ...marks, [filter]: on ? [...others, option] : others };
};

export const filterReducer = (state: FilterPanelState, action: FilterAction): FilterPanelState => {
  switch (action.type) {
    case 'setText':
      return updateFilters(state, { textSearch: action.text, dismissed: {} });
    case 'setTags':
      return updateFilters(state, { [action.filter]: [...new Set(action.picked)] });
    case 'setTools':
      // A tool in a filter asks for level 1 at least.
      return updateFilters(state, {
        toolsExperience: action.tools.map(({ tool, mep }) => ({ tool, mep: clampToolLevel(mep) })),
      });
    case 'setAvailabilityHours':
      return updateFilters(state, { requiredAvailabilityHours: capWeeklyHours(action.typed) });
    case 'setAvailabilityOption':
      return updateFilters(state, { requiredAvailabilityOption: action.option });
    case 'setProjectDeadline':
      return updateFilters(state, { projectDeadline: action.day });
    case 'setDeadlineOption':
      return updateFilters(state, { deadlineOption: capCollabMonths(action.typed) });
    case 'setBizOrTech': {
      // Derived again from the business side, so the two values add up to 100 whatever is passed.
      const split = splitRoles(action.split.bizRole, 'bizRole');
      return updateFilters(state, { bizOrTechLeft: split.bizRole, bizOrTechRight: split.techRole });
    }
    case 'setActiveWithin':
      return updateFilters(state, { activeWithinDays: action.days });
    case 'setOpenOnly':
      return updateFilters(state, { openOnly: action.openOnly });
    case 'toggleBox':
      return updateFilters(state, { openBox: state.filters.openBox === action.box ? null : action.box });
    case 'apply':
      return applied(state);
    case 'clear':
      // Every filter goes back to empty; the open box stays open, since the reader is working in it.
      return {
        filters: { ...initialFilterState(), openBox: state.filters.openBox },
        applied: { run: state.applied.run + 1, filters: null },
        filteringFailed: false,
        closest: [],
        answers: {},
      };
    case 'toggleMustHave': {
      if (!pickedOptions(state.filters, action.filter).includes(action.option)) return state;
      const current = state.filters.mustHave[action.filter] ?? [];
      const next = current.includes(action.option)
        ? current.filter((option) => option !== action.option)
        : [...current, action.option];
      // A must-have is a pick, so it stops being excluded.
      return updateFilters(state, {
        mustHave: { ...state.filters.mustHave, [action.filter]: next },
        mustNot: marked(state.filters.mustNot, action.filter, action.option, false),
      });
    }
    case 'toggleMustNot': {
      if (!pickedOptions(state.filters, action.filter).includes(action.option)) return state;
      const excluded = excludedOptions(state.filters, action.filter).includes(action.option);
      return updateFilters(state, {
        mustNot: marked(state.filters.mustNot, action.filter, action.option, !excluded),
      });
    }
    case 'answered':
      if (action.run !== state.applied.run) return state;
      return { ...state, answers: { ...state.answers, [action.kind]: action.extras } };
    case 'relax': {
      if ('remove' in action.relaxation) {
        const patches = action.relaxation.remove.map(({ key }) => withoutFilter(state.filters, key));
        return applied(updateFilters(state, Object.assign({}, ...patches)));
      }
      const { key, label, mustNot } = action.relaxation;
      if (label === undefined) return applied(updateFilters(state, withoutFilter(state.filters, key)));
      const filter = (key === 'product_type' ? 'productType' : key) as OptionFilter;
      // An option no longer excluded leaves the list (it was never a pick).
      if (mustNot) return applied(updateFilters(state, withoutPick(state.filters, filter, label)));
      const mustHave = (state.filters.mustHave[filter] ?? []).filter((option) => option !== label);
      return applied(updateFilters(state, { mustHave: { ...state.filters.mustHave, [filter]: mustHave } }));
    }
    case 'filteringFailed':
      return { ...state, filteringFailed: true };
    case 'closestShown':
      // A ranking that arrives after a newer Apply or Clear belongs to a search no longer shown.
      if (action.run !== state.applied.run || state.closest.includes(action.kind)) return state;
      return { ...state, closest: [...state.closest, action.kind] };
    case 'pickUnderstood':
      // A label the user excluded before becomes a pick again.
      return applied(
        updateFilters(state, {
          ...withPick(state.filters, action.filter, action.label),
          mustNot: marked(state.filters.mustNot, action.filter, action.label, false),
        }),
      );
    case 'excludeUnderstood':
      return applied(
        updateFilters(state, {
          ...withPick(state.filters, action.filter, action.label),
          mustNot: marked(state.filters.mustNot, action.filter, action.label, true),
        }),
      );
    case 'dismissUnderstood': {
      const { dismissed } = state.filters;
      const list = dismissed[action.filter] ?? [];
      if (list.includes(action.label)) return state;
      return applied(
        updateFilters(state, { dismissed: { ...dismissed, [action.filter]: [...list, action.label] } }),
      );
    }
    case 'load':
      return applied(updateFilters(state, { ...action.filters, openBox: state.filters.openBox }));
  }
};

const wholeNumber = (typed: string): number => (typed.trim() === '' ? 0 : Number(typed));

/** The availability asked, or undefined while the hours are empty or 0 (docs/web-app.md). */
const requiredAvailability = (filters: FilterState): ActiveFilters['requiredAvailability'] => {
  const hours = wholeNumber(filters.requiredAvailabilityHours);
  return hours > 0 ? { hours, mode: filters.requiredAvailabilityOption } : undefined;
};

/** Projects are asked for a deadline on or after a day, profiles for a collaboration of at least N months. */
const projectDeadline = (filters: FilterState, kind: SearchKind): ActiveFilters['projectDeadline'] => {
  if (kind === 'project') return calendarDay(filters.projectDeadline) ? filters.projectDeadline : undefined;
  const months = wholeNumber(filters.deadlineOption);
  return months > 0 ? months : undefined;
};

/**
 * The `activeFilters` of a filtering call (docs/api.md): exactly the API's keys, with empty lists
 * and zero values left out. The business share is the left value of the biz/tech split; empty (or 0)
 * is no filter (docs/web-app.md).
 */
export const toActiveFilters = (filters: FilterState, kind: SearchKind): ActiveFilters => {
  const active: ActiveFilters = {};
  const excludedTools = excludedOptions(filters, 'toolsExperience');
  const tools = filters.toolsExperience.filter(({ tool }) => !excludedTools.includes(tool));
  if (tools.length > 0) active.toolsExperience = tools.map(({ tool, mep }) => ({ tool, mep }));
  for (const filter of LABEL_FILTERS) {
    const picks = includedOptions(filters, filter);
    if (picks.length > 0) active[filter] = picks;
  }
  const workingTypes = includedOptions(filters, 'offeredWorkingType').filter(isWorkingType);
  if (workingTypes.length > 0) active.offeredWorkingType = workingTypes;
  const availability = requiredAvailability(filters);
  if (availability) active.requiredAvailability = availability;
  const deadline = projectDeadline(filters, kind);
  if (deadline !== undefined) active.projectDeadline = deadline;
  const business = wholeNumber(filters.bizOrTechLeft);
  if (business > 0) active.bizOrTech = business;
  if (filters.activeWithinDays > 0) active.activeWithinDays = filters.activeWithinDays;
  if (filters.openOnly) active.openOnly = true;
  return active;
};

/** The count a box's title shows: its picked options, or 1 for a number filter that is set. */
export const pickedCount = (filters: FilterState, box: FilterBox, kind: SearchKind): number => {
  switch (box) {
    case 'toolsExperience':
      return filters.toolsExperience.length;
    case 'requiredAvailability':
      return requiredAvailability(filters) ? 1 : 0;
    case 'projectDeadline':
      return projectDeadline(filters, kind) === undefined ? 0 : 1;
    case 'bizOrTech':
      return wholeNumber(filters.bizOrTechLeft) > 0 ? 1 : 0;
    default:
      return filters[box].length;
  }
};

/** The boxes whose search may propose a new option (docs/api.md), with the type the API takes. */
export const PROPOSAL_TYPES: Partial<Record<FilterBox, PropositionInput['filterType']>> = {
  toolsExperience: 'toolsExperience',
  projectType: 'projectType',
  offeredGratification: 'offeredGratification',
  forGratification: 'forGratification',
  requiredAreaOfExpertise: 'areaOfExpertise',
  productType: 'productType',
};

/** Marks as a filtering call takes them, under the keys of `activeFilters`; undefined when none is. */
const requestMarks = (
  marks: Partial<Record<OptionFilter, string[]>>,
): Partial<Record<OptionFilter, string[]>> | undefined => {
  const kept: Partial<Record<OptionFilter, string[]>> = {};
  for (const [filter, options] of Object.entries(marks) as [OptionFilter, string[]][]) {
    const valid = filter === 'offeredWorkingType' ? options.filter(isWorkingType) : options;
    if (valid.length > 0) kept[filter] = valid;
  }
  return Object.keys(kept).length > 0 ? kept : undefined;
};

/** The `mustHave` of a filtering call: per option filter, the picked options marked must-have. */
export const toMustHave = (filters: FilterState): Partial<Record<OptionFilter, string[]>> | undefined =>
  requestMarks(keepPickedMustHaves(filters).mustHave);

/** The `mustNot` of a filtering call: per option filter, the listed options marked excluded. */
export const toMustNot = (filters: FilterState): Partial<Record<OptionFilter, string[]>> | undefined =>
  requestMarks(keepPickedMustHaves(filters).mustNot);
