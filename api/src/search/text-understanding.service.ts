import { Inject, Injectable } from '@nestjs/common';
import {
  asActiveFilters,
  type FacetCounts,
  keepLabels,
  OPTION_KEY_DIMENSIONS,
  type SearchKind,
  toActiveQuery,
  type UnderstoodFilter,
  type UnderstoodLabels,
  type UnderstoodText,
} from '@skillers/domain';
import type { LabelSuggester } from '@skillers/embedding';
import type { SearchIndex } from '@skillers/search';
import { SEARCH_INDEX } from '../core/tokens';
import { LABEL_SUGGESTER } from '../embedder/embedder.tokens';

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
    const carried = (filter: UnderstoodFilter, label: string) => (counts.get(filter)?.get(label) ?? 0) > 0;
    return { ...named, labels: keepLabels(named.labels, carried), not: keepLabels(named.not, carried) };
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

/** The counts of a filter's labels, from the facet dimension the filter is counted under. */
const dimensionCounts = (facets: FacetCounts | undefined, filter: UnderstoodFilter): Record<string, number> =>
  facets?.[OPTION_KEY_DIMENSIONS[filter]] ?? {};
