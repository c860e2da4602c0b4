export { CachingEmbedder } from './embedder/cache/caching.embedder';
export {
  SqliteVectorCache,
  VECTOR_CACHE_KEEP_DAYS,
  type VectorCacheOptions,
} from './embedder/cache/vector-cache';
export * from './embedder/embedder.port';
export { HTTP_EMBED_BATCH, HttpEmbedder, type HttpEmbedderOptions } from './embedder/http/http.embedder';
export {
  acceptsVectorBytes,
  decodeVectors,
  encodeVectors,
  VECTORS_DIMENSION_HEADER,
  VECTORS_MEDIA_TYPE,
  VECTORS_MODEL_HEADER,
} from './embedder/http/vector-encoding';
export { labelCachePath, LabelIndex, SEMANTIC_VOCABULARIES, type SemanticVocabulary } from './label-index';
export * from './lexical-fallback';
export {
  emptyLabelsDict,
  lexicalLabelMatches,
  SIMILAR_LABEL_KEYS,
  type SimilarLabelKey,
  type SimilarLabelsDict,
  textPhrases,
} from './lexical-labels';
export * from './embedder-variables';
export * from './model-settings';
export { rankingQueryText, sortQueryText } from './sort-query';
export { DEFAULT_MAX_BATCH, MicroBatcher } from './embedder/transformers/micro-batcher';
export {
  TransformersEmbedder,
  type TransformersEmbedderOptions,
} from './embedder/transformers/transformers.embedder';
export * from './label-suggester';
export {
  readSearchText,
  type SearchTextReading,
  type UnderstandOptions,
  understandReading,
  understandText,
} from './understanding/understand-text';
export {
  EmptySortQueryError,
  SimilarityRanker,
  type SortAnswer,
  type SortResult,
} from './ranking/similarity-ranker';
export { type EmbedderSettings, openEmbedder } from './embedder/open-embedder';
export { resolveVectorSpace, VECTOR_SPACE_WAIT_MS } from './embedder/resolve-vector-space';
