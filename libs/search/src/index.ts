export * from './search-index.port';
export {
  ElasticsearchSearchIndex,
  type ElasticsearchSearchIndexOptions,
} from './elasticsearch/elasticsearch.search-index';
export { OramaSearchIndex } from './orama/orama.search-index';
export type { OramaSnapshot } from './orama/orama-generation';
