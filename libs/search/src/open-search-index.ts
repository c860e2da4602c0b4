import {
  ElasticsearchSearchIndex,
  type ElasticsearchSearchIndexOptions,
} from './elasticsearch/elasticsearch.search-index';
import { EmbeddedSearchIndex } from './embedded/embedded.search-index';
import type { SearchIndex } from './search-index.port';

export interface SearchIndexSettings extends ElasticsearchSearchIndexOptions {
  /** Elasticsearch's address; without it the index is the embedded one, in this process's memory. */
  elasticsearchUrl?: string;
  /**
   * The embedded index only: a folder where it keeps its vectors' 32-bit rows in files of its own (unlinked,
   * so they go with the process), instead of in memory. Only the 8-bit copies the first pass of a search
   * scans stay in memory.
   */
  vectorRowsDir?: string;
}

/**
 * Elasticsearch when a URL is configured (connected, its aliases in place), otherwise an empty embedded
 * Orama index. The Elasticsearch options apply to Elasticsearch only.
 */
export function openSearchIndex(
  settings: SearchIndexSettings & { elasticsearchUrl: string },
): Promise<ElasticsearchSearchIndex>;
export function openSearchIndex(settings?: SearchIndexSettings): Promise<SearchIndex>;
export async function openSearchIndex(settings: SearchIndexSettings = {}): Promise<SearchIndex> {
  const { elasticsearchUrl, vectorRowsDir, ...options } = settings;
  return elasticsearchUrl
    ? ElasticsearchSearchIndex.connect(elasticsearchUrl, options)
    : EmbeddedSearchIndex.create({ dir: vectorRowsDir });
}
