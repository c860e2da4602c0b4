import type { Client } from '@elastic/elasticsearch';
import type { SearchDocument } from '@skillers/domain';
import {
  type ElasticsearchClientOptions,
  elasticsearchClient,
  isResponseError,
} from '../elasticsearch/elasticsearch-client';
import { percolateRequest, percolatorDocument, percolatorMappings } from './percolator-requests';
import type { MatchableSearch, SavedSearchMatcher, SearchMatch } from './saved-search-matcher.port';

export interface ElasticsearchSavedSearchMatcherOptions extends ElasticsearchClientOptions {
  /** Starts the index name, as the search indexes' prefix does. */
  indexPrefix?: string;
}

const isAlreadyExists = (error: unknown): boolean =>
  isResponseError(error) && error.body?.error?.type === 'resource_already_exists_exception';

const isNotFound = (error: unknown): boolean => isResponseError(error) && error.statusCode === 404;

/**
 * Saved searches as Elasticsearch percolator queries, one document per search in `<prefix>-saved-searches`;
 * the index worker percolates each record it indexes. Writes refresh at once (`wait_for`), so a search
 * alerts from the next record on.
 */
export class ElasticsearchSavedSearchMatcher implements SavedSearchMatcher {
  readonly adapter = 'elasticsearch';
  readonly index: string;

  private constructor(
    private readonly client: Client,
    indexPrefix: string,
  ) {
    this.index = `${indexPrefix}-saved-searches`;
  }

  /** Connects and creates the index unless it exists. */
  static async connect(
    url: string,
    options: ElasticsearchSavedSearchMatcherOptions = {},
  ): Promise<ElasticsearchSavedSearchMatcher> {
    const matcher = new ElasticsearchSavedSearchMatcher(
      elasticsearchClient(url, options),
      options.indexPrefix ?? 'skillers',
    );
    await matcher.ensureIndex();
    return matcher;
  }

  async put(search: MatchableSearch): Promise<void> {
    await this.client.index({
      index: this.index,
      id: search._id,
      document: percolatorDocument(search),
      refresh: 'wait_for',
    });
  }

  async remove(searchId: string): Promise<void> {
    try {
      await this.client.delete({ index: this.index, id: searchId, refresh: 'wait_for' });
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  }

  async match(doc: SearchDocument): Promise<SearchMatch[]> {
    const response = await this.client.search<{ ownerId: string }>(percolateRequest(this.index, doc));
    return response.hits.hits.flatMap((hit) =>
      hit._id && hit._source ? [{ searchId: hit._id, ownerId: hit._source.ownerId }] : [],
    );
  }

  async close(): Promise<void> {
    await this.client.close();
  }

  /**
   * Creates the index, or puts the current mapping on the one there: a percolated record is parsed against
   * it, and a field added to search documents since the index was created would be refused by the strict
   * mapping (`putMapping` may add fields; it leaves those already mapped alike).
   */
  private async ensureIndex(): Promise<void> {
    if (await this.client.indices.exists({ index: this.index })) {
      await this.client.indices.putMapping({ index: this.index, ...percolatorMappings() });
      return;
    }
    try {
      await this.client.indices.create({ index: this.index, mappings: percolatorMappings() });
    } catch (error) {
      if (!isAlreadyExists(error)) throw error;
    }
  }
}
