import type { SearchDocument } from '@skillers/domain';

/** What indexing needs of an embedder; the `Embedder` port of `@skillers/embedding` satisfies it. */
export interface DocumentEmbedder {
  readonly modelId: string;
  /**
   * One vector per text, in input order. A cache-only embedder (`CachingEmbedder.cacheOnly()`) answers
   * undefined for the texts it has no vector for: those documents get none this time.
   */
  embed(texts: readonly string[]): Promise<(number[] | undefined)[]>;
}

/**
 * Name or nickname, description and goal, then every label the record carries (the document's `text`, which
 * holds both): what a record is about, in words.
 */
export const embeddingText = (doc: SearchDocument): string => doc.text;

/** An existing vector is kept when the same model embedded the same text. */
const reusable = (doc: SearchDocument, previous: SearchDocument | null | undefined, modelId: string) =>
  previous?.vector !== undefined &&
  previous.vectorModel === modelId &&
  embeddingText(previous) === embeddingText(doc);

/**
 * The documents with `vector` and `vectorModel` set. Without an embedder, or when it cannot embed (no
 * model), they are returned without a vector: searches still work, `/sort` ranks them lexically, and the
 * next rebuild fills the vector in. `previous` (the indexed version of each document, when known) lets a
 * rebuild keep vectors whose text has not changed.
 */
export const withVectors = async (
  docs: readonly SearchDocument[],
  embedder: DocumentEmbedder | undefined,
  previous: readonly (SearchDocument | null | undefined)[] = [],
  onUnavailable?: (error: unknown) => void,
): Promise<SearchDocument[]> => {
  if (!embedder) return [...docs];
  const missing = docs.flatMap((doc, index) =>
    reusable(doc, previous[index], embedder.modelId) ? [] : [index],
  );
  let vectors: (number[] | undefined)[] = [];
  try {
    vectors =
      missing.length > 0 ? await embedder.embed(missing.map((index) => embeddingText(docs[index]))) : [];
  } catch (error) {
    onUnavailable?.(error);
    return docs.map((doc, index) =>
      reusable(doc, previous[index], embedder.modelId)
        ? { ...doc, vector: previous[index]?.vector, vectorModel: embedder.modelId }
        : { ...doc },
    );
  }
  const fresh = new Map(missing.map((docIndex, at) => [docIndex, vectors[at]]));
  return docs.map((doc, index) => {
    const vector = fresh.has(index) ? fresh.get(index) : previous[index]?.vector;
    return vector === undefined ? { ...doc } : { ...doc, vector, vectorModel: embedder.modelId };
  });
};

/**
 * An embedder that cannot embed, for a reindex with no embedder at hand: `withVectors` then keeps every vector
 * the live index holds for `modelId` and the same text, instead of dropping them all, and reports the rest.
 */
export const carryOverEmbedder = (modelId: string, reason: string): DocumentEmbedder => ({
  modelId,
  embed: () => Promise.reject(new Error(reason)),
});
