import {
  AVAILABILITY_FILTER_MODES,
  DEFAULT_FILTER_TOOL_LEVEL,
  ROLE_SHARE_TOTAL,
  type SavedSearch,
} from '@skillers/domain';
import { type FilterState, initialFilterState, type OptionFilter } from './filter-state';

/** The API's must-have and must-not keys that are another name of one of the panel's filters. */
const MUST_HAVE_ALIASES: Partial<Record<string, OptionFilter>> = {
  product_type: 'productType',
  offeredWorkingTypeActiveOptions: 'offeredWorkingType',
};

const merged = (...lists: (readonly string[] | undefined)[]): string[] => [
  ...new Set(lists.flatMap((list) => list ?? [])),
];

/** Per-filter lists of the API as the panel's filters, aliases merged. */
const byPanelFilter = (lists: SavedSearch['mustHave']): Partial<Record<OptionFilter, string[]>> => {
  const byFilter: Partial<Record<OptionFilter, string[]>> = {};
  for (const [key, options] of Object.entries(lists ?? {})) {
    const filter = MUST_HAVE_ALIASES[key] ?? (key as OptionFilter);
    byFilter[filter] = merged(byFilter[filter], options);
  }
  return byFilter;
};

/**
 * The panel's state for a saved search, so opening it runs the search as it was saved: the inverse of
 * `toActiveFilters`, `toMustHave` and `toMustNot` (excluded options are listed, marked), with the search's
 * text in the search box.
 */
export const savedSearchFilterState = (
  search: Pick<SavedSearch, 'filters' | 'mustHave' | 'mustNot' | 'text'>,
): FilterState => {
  const { filters } = search;
  const state = initialFilterState(search.text ?? '');
  state.toolsExperience = (filters.toolsExperience ?? []).map((pick) =>
    typeof pick === 'string'
      ? { tool: pick, mep: DEFAULT_FILTER_TOOL_LEVEL }
      : { tool: pick.tool, mep: pick.mep },
  );
  state.projectType = merged(filters.projectType);
  state.productType = merged(filters.productType, filters.product_type);
  state.offeredGratification = merged(filters.offeredGratification);
  state.forGratification = merged(filters.forGratification);
  state.softSkills = merged(filters.softSkills);
  state.requiredAreaOfExpertise = merged(filters.requiredAreaOfExpertise);
  state.hardSkills = merged(filters.hardSkills);
  state.usedLanguages = merged(filters.usedLanguages);
  state.locations = merged(filters.locations);
  state.offeredWorkingType = merged(filters.offeredWorkingType, filters.offeredWorkingTypeActiveOptions);
  if (filters.requiredAvailability && filters.requiredAvailability.hours > 0) {
    state.requiredAvailabilityHours = String(filters.requiredAvailability.hours);
    state.requiredAvailabilityOption = filters.requiredAvailability.mode ?? AVAILABILITY_FILTER_MODES[0];
  }
  if (typeof filters.projectDeadline === 'string') state.projectDeadline = filters.projectDeadline;
  if (typeof filters.projectDeadline === 'number' && filters.projectDeadline > 0) {
    state.deadlineOption = String(filters.projectDeadline);
  }
  if (filters.bizOrTech) {
    state.bizOrTechLeft = String(filters.bizOrTech);
    state.bizOrTechRight = String(ROLE_SHARE_TOTAL - filters.bizOrTech);
  }
  state.mustHave = byPanelFilter(search.mustHave);
  state.mustNot = byPanelFilter(search.mustNot);
  for (const [filter, options] of Object.entries(state.mustNot) as [OptionFilter, string[]][]) {
    if (filter === 'toolsExperience') {
      const listed = new Set(state.toolsExperience.map(({ tool }) => tool));
      for (const tool of options) {
        if (!listed.has(tool)) state.toolsExperience.push({ tool, mep: DEFAULT_FILTER_TOOL_LEVEL });
      }
    } else state[filter] = merged(state[filter], options);
  }
  return state;
};
