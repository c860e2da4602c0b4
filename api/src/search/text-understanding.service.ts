import { Inject, Injectable } from '@nestjs/common';
import {
  type ActiveFilters,
  type FacetCounts,
  type OptionPicks,
  type SearchKind,
  toActiveQuery,
  type UnderstoodFilter,
  type UnderstoodLabels,
  type UnderstoodOptions,
  type UnderstoodText,
} from '@skillers/domain';
import type { LabelSuggester } from '@skillers/embedding';
import type { SearchIndex } from '@skillers/search';
import { SEARCH_INDEX } from '../core/tokens';
import { LABEL_SUGGESTER } from '../embedder/embedder.tokens';

/** The level an understood tool is asked at: any level counts, as a tool picked in the panel. */
const UNDERSTOOD_TOOL_LEVEL = 1;

/** Understood labels (client filter keys) as `activeFilters`, so that the filters' own mapping applies. */
export const asActiveFilters = (labels: UnderstoodLabels): ActiveFilters => {
  const { toolsExperience, offeredWorkingType, ...lists } = labels;
  return {
    ...lists,
    ...(toolsExperience && {
      toolsExperience: toolsExperience.map((tool) => ({ tool, mep: UNDERSTOOD_TOOL_LEVEL })),
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
 * labels some record of the searched kind carries, so that nothing shown as understood is a dead end.
 */
@Injectable()
export class TextUnderstandingService {
  constructor(
    @Inject(LABEL_SUGGESTER) private readonly suggester: LabelSuggester,
    @Inject(SEARCH_INDEX) private readonly index: SearchIndex,
  ) {}

  async understand(kind: SearchKind, text: string): Promise<UnderstoodText> {
    const named = await this.suggester.understand(text);
    const counts = await this.labelCounts(kind, mergeLists(named.labels, named.not));
    const carried = (key: UnderstoodFilter, label: string) => (counts.get(key)?.get(label) ?? 0) > 0;
    const keep = (labels: UnderstoodLabels): UnderstoodLabels =>
      Object.fromEntries(
        Object.entries(labels)
          .map(([key, list]) => [key, list.filter((label) => carried(key as UnderstoodFilter, label))])
          .filter(([, list]) => list.length > 0),
      );
    return { ...named, labels: keep(named.labels), not: keep(named.not) };
  }

  /**
   * How many records of the kind carry each label, per filter: one faceted search per filter that names
   * labels, each picking only that filter's labels, so that its facet counts are counts over the whole kind.
   */
  private async labelCounts(
    kind: SearchKind,
    labels: UnderstoodLabels,
  ): Promise<Map<string, Map<string, number>>> {
    const counts = new Map<string, Map<string, number>>();
    await Promise.all(
      Object.entries(labels).map(async ([key, list]) => {
        if (list.length === 0) return;
        const query = {
          ...toActiveQuery(kind, asActiveFilters({ [key]: list }), 'min_1_match', 1),
          facets: true,
          pageSize: 1,
        };
        const { facets } = await this.index.search(query);
        counts.set(key, new Map(Object.entries(dimensionCounts(facets, key as UnderstoodFilter))));
      }),
    );
    return counts;
  }
}

const mergeLists = (a: UnderstoodLabels, b: UnderstoodLabels): UnderstoodLabels => {
  const merged: UnderstoodLabels = { ...a };
  for (const [key, list] of Object.entries(b) as [UnderstoodFilter, string[]][])
    merged[key] = [...new Set([...(merged[key] ?? []), ...list])];
  return merged;
};

/** The facet dimension each understood key is counted under. */
const DIMENSION: Record<UnderstoodFilter, keyof FacetCounts> = {
  toolsExperience: 'tools',
  projectType: 'projectType',
  hardSkills: 'hardSkills',
  softSkills: 'softSkills',
  requiredAreaOfExpertise: 'industry',
  offeredGratification: 'offeredGratification',
  forGratification: 'forGratification',
  usedLanguages: 'usedLanguages',
  locations: 'locations',
  productType: 'productType',
  offeredWorkingType: 'workingType',
};

const dimensionCounts = (facets: FacetCounts | undefined, key: UnderstoodFilter): Record<string, number> =>
  facets?.[DIMENSION[key]] ?? {};
