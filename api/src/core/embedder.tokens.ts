/** The embedder port: in-process transformers.js, or the embedder service when EMBEDDER_URL is set. */
export const EMBEDDER = Symbol('EMBEDDER');

/**
 * The embedder for record texts (indexing and rebuilds): with the embedded index, which is rebuilt at every
 * start, it keeps their vectors in `DATA_DIR/models/vector-cache.sqlite` so a restart does not embed every
 * record again; with Elasticsearch, whose documents keep their vectors, it is the embedder itself.
 */
export const DOCUMENT_EMBEDDER = Symbol('DOCUMENT_EMBEDDER');

/** The label suggester over the embedder: `/ml` and the understanding of search texts share its label vectors. */
export const LABEL_SUGGESTER = Symbol('LABEL_SUGGESTER');
