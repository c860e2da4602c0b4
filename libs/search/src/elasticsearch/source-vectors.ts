import type { estypes } from '@elastic/elasticsearch';

/**
 * From Elasticsearch 9.2, `dense_vector` values are neither kept in the stored `_source` nor returned in
 * it by `_get`, `_mget` and `_search`, unless the index was created with
 * `index.mapping.exclude_source_vectors: false`. Earlier versions do not know the setting and refuse it.
 */
export const excludesSourceVectors = (version: string): boolean => {
  const [major = 0, minor = 0] = version.split('.').map((part) => Number.parseInt(part, 10));
  return major > 9 || (major === 9 && minor >= 2);
};

/** Settings of a new search index: vectors kept in `_source`, so every read returns them as before 9.2. */
export const searchIndexSettings = (version: string): estypes.IndicesIndexSettings =>
  excludesSourceVectors(version) ? { 'index.mapping.exclude_source_vectors': false } : {};

/**
 * The `_source` of each document a multi-get asks for: whole (with its vector, which the index keeps, see
 * above) or without the vector. A multi-get takes no `exclude_vectors` flag: its documents' `_source`
 * accepts `includes`/`excludes` only, and the request no `_source_exclude_vectors` parameter (which the API
 * defines for get and search alone).
 */
export const sourceFilter = (vectors: boolean): estypes.SearchSourceConfig =>
  vectors ? true : { excludes: ['vector'] };
