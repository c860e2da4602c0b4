export * from './search-index.port';
export * from './batching-index-writer';
export * from './vector-space';
export {
  ElasticsearchSearchIndex,
  type ElasticsearchSearchIndexOptions,
} from './elasticsearch/elasticsearch.search-index';
export {
  DEFAULT_REQUEST_TIMEOUT_MS,
  type ElasticsearchClientOptions,
  elasticsearchClient,
  elasticsearchPackage,
  isResponseError,
} from './elasticsearch/elasticsearch-client';
export { generationIndexName, recordedVectorSpace } from './elasticsearch/index-naming';
export { EmbeddedSearchIndex } from './embedded/embedded.search-index';
export { warmQueryPath, WARM_UP_QUERIES_PER_KIND } from './query-path-warm-up';
export { openSearchIndex, type SearchIndexSettings } from './open-search-index';
export type { EmbeddedSnapshot, EmbeddedSnapshotSource } from './embedded/snapshot/snapshot-sections';
export type { VectorRowsOptions } from './embedded/structures/vector-rows';
export {
  readSnapshotFile,
  snapshotSourceOf,
  writeSnapshotFile,
  type SnapshotLabels,
  type SnapshotReadResult,
  type SnapshotWriteResult,
} from './embedded/snapshot/snapshot-file';
export * from './saved-searches/saved-search-matcher.port';
export { InMemorySavedSearchMatcher } from './saved-searches/in-memory.saved-search-matcher';
export { ElasticsearchSavedSearchMatcher } from './saved-searches/elasticsearch.saved-search-matcher';
export {
  percolateRequest,
  percolatorDocument,
  percolatorMappings,
} from './saved-searches/percolator-requests';
