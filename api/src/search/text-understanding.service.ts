import { Inject, Injectable } from '@nestjs/common';
import {
  type ActiveFilters,
  carriedIn,
  DEFAULT_FILTER_TOOL_LEVEL,
  keepLabels,
  type OptionPicks,
  type SearchKind,
  toActiveQuery,
  type UnderstoodLabels,
  type UnderstoodOptions,
  type UnderstoodText,
} from '@skillers/domain';
import type { LabelSuggester } from '@skillers/embedding';
import type { SearchIndex } from '@skillers/search';
import { SEARCH_INDEX } from '../core/tokens';
import { LABEL_SUGGESTER } from '../embedder/embedder.tokens';

/**
 * Understood labels (client filter keys) as `activeFilters`, so that the filters' own mapping applies; a tool
 * is asked at the filters' default level, so any level counts, as for a tool picked in the panel.
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
export const understoodOptions = (kind: SearchKind, understood: UnderstoodText): UnderstoodOptions => ({
  options: optionPicks(kind, understood.labels),
  not: optionPicks(kind, understood.not),
});

/**
 * Reads the free text of a search (`understandText`): its labels, negations, places and words, keeping only
 * labels some record of the searched kind carries, so that nothing shown as understood is a dead end. Which
 * labels records carry comes from the index's label counts, held in memory (`SearchIndex.labelCounts`), so
 * a request costs no search of the index for them.
 */
@Injectable()
export class TextUnderstandingService {
  constructor(
    @Inject(LABEL_SUGGESTER) private readonly suggester: LabelSuggester,
    @Inject(SEARCH_INDEX) private readonly index: SearchIndex,
  ) {}

  async understand(kind: SearchKind, text: string): Promise<UnderstoodText> {
    const [named, counts] = await Promise.all([
      this.suggester.understand(text),
      this.index.labelCounts(kind),
    ]);
    const carried = carriedIn(counts);
    return { ...named, labels: keepLabels(named.labels, carried), not: keepLabels(named.not, carried) };
  }
}
