/** The embedder port: in-process transformers.js, or the embedder service when EMBEDDER_URL is set. */
export const EMBEDDER = Symbol('EMBEDDER');
