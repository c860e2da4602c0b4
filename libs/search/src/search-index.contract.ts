import type { SearchQuery } from '@skillers/domain';
import { afterAll, beforeEach, describe } from 'vitest';
import { describeFacetsContract } from './contract/facets.contract';
import { describeGenerationsContract } from './contract/generations.contract';
import { describeKnnContract } from './contract/knn.contract';
import { describeMatchesContract } from './contract/matches.contract';
import { describeNumberFiltersContract } from './contract/number-filters.contract';
import { describeOptionFiltersContract } from './contract/option-filters.contract';
import { describeRankingContract } from './contract/ranking.contract';
import { type SearchIndexContractOptions, searchQuery } from './contract/search-fixtures.contract';
import { describeStorageContract } from './contract/storage.contract';
import type { SearchIndex } from './search-index.port';

export {
  type DocumentOverrides,
  nextId,
  plain,
  searchDocument,
  searchQuery,
  type SearchIndexContractOptions,
} from './contract/search-fixtures.contract';

/**
 * Behaviour every SearchIndex adapter must show; each adapter's spec file runs it against a real index.
 * The topics are in `contract/`.
 */
export const describeSearchIndexContract = (
  adapterName: SearchIndex['adapter'],
  open: () => Promise<SearchIndex>,
  options: SearchIndexContractOptions,
) => {
  describe(`SearchIndex contract: ${adapterName}`, () => {
    let index: SearchIndex;
    const subject = {
      get index() {
        return index;
      },
      adapterName,
      options,
      ids: async (query: Partial<SearchQuery>) => (await index.search(searchQuery(query))).ids,
    };

    beforeEach(async () => {
      index ??= await open();
      await index.clear();
    });
    afterAll(async () => {
      if (index) await options.close?.(index);
    });

    describeStorageContract(subject);
    describeOptionFiltersContract(subject);
    describeNumberFiltersContract(subject);
    describeFacetsContract(subject);
    describeRankingContract(subject);
    describeKnnContract(subject);
    describeMatchesContract(subject);
    describeGenerationsContract(subject);
  });
};
