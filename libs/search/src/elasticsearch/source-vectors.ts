import type { estypes } from '@elastic/elasticsearch';

/**
 * From Elasticsearch 9.2, `dense_vector` values are neither kept in the stored `_source` nor returned in
 * it by `_get`, `_mget` and `_search`, unless the index was created with
 * `index.mapping.exclude_source_vectors: false` or the request asks with `_source.exclude_vectors: false`.
 * Earlier versions know neither name and refuse them, so both depend on the server's version.
 */
export const excludesSourceVectors = (version: string): boolean => {
  const [major = 0, minor = 0] = version.split('.').map((part) => Number.parseInt(part, 10));
  return major > 9 || (major === 9 && minor >= 2);
};

/** Settings of a new search index: vectors kept in `_source`, so every read returns them as before 9.2. */
export const searchIndexSettings = (version: string): estypes.IndicesIndexSettings =>
  excludesSourceVectors(version) ? { 'index.mapping.exclude_source_vectors': false } : {};

/**
 * The `_source` filter of a document read. With vectors, it asks for them explicitly, so indices created
 * without the setting above (by an earlier version of this adapter, or by hand) still return them; without,
 * it leaves them out, whatever the version.
 */
export const sourceFilter = (version: string, vectors: boolean): estypes.SearchSourceConfig => {
  if (!vectors) return { excludes: ['vector'] };
  return excludesSourceVectors(version) ? { exclude_vectors: false } : true;
};
