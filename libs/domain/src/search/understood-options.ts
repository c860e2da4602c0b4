/**
 * Understood labels (the web app's filter keys, docs/search-understanding.md) as the options the index and
 * the saved-search matchers read, through the filters' own mapping.
 */
import { type ActiveFilters, DEFAULT_FILTER_TOOL_LEVEL, toActiveQuery } from './active-filters.schema';
import type { SearchKind } from './search-document';
import type { OptionPicks, UnderstoodOptions } from './search-query';
import type { UnderstoodLabels, UnderstoodText } from './understood-text';

/**
 * Understood labels as `activeFilters`, so that the filters' own mapping applies; a tool is asked at the
 * filters' default level, so any level counts, as for a tool picked in the panel.
 */
export const asActiveFilters = (labels: UnderstoodLabels): ActiveFilters => {
  const { toolsExperience, offeredWorkingType, ...lists } = labels;
  return {
    ...lists,
    ...(toolsExperience && {
      toolsExperience: toolsExperience.map((tool) => ({ tool, mep: DEFAULT_FILTER_TOOL_LEVEL })),
    }),
    ...(offeredWorkingType && { offeredWorkingType: offeredWorkingType as ('Remote' | 'Office')[] }),
  } as ActiveFilters;
};

const optionPicks = (kind: SearchKind, labels: UnderstoodLabels): OptionPicks => {
  const { tags, minToolLevels, workingTypes } = toActiveQuery(
    kind,
    asActiveFilters(labels),
    'min_1_match',
    1,
  );
  return { tags, ...(minToolLevels && { minToolLevels }), ...(workingTypes && { workingTypes }) };
};

/** Understood labels as the options the index ranks by (`SearchQuery.understood`). */
export const understoodOptions = (
  kind: SearchKind,
  understood: Pick<UnderstoodText, 'labels' | 'not'>,
): UnderstoodOptions => ({
  options: optionPicks(kind, understood.labels),
  not: optionPicks(kind, understood.not),
});
