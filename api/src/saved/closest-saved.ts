import {
  compareIdsDescending,
  cosine,
  createdAtMs,
  matchDocument,
  roundSimilarity,
  type SearchDocument,
  type SearchQuery,
} from '@skillers/domain';
import { lexicalSimilarity, textOverlap } from '@skillers/embedding';

/** A saved record close to a search that matched none of them. */
export interface ClosestHit {
  id: string;
  /** To three decimals, as `/sort` answers it; always above 0. */
  similarity: number;
}

/**
 * The same exact cosine similarity the index's kNN computes, over the given documents only. A document
 * without a vector of the query's length (not embedded yet, or by another model) is left out.
 */
export const cosineHits = (docs: readonly SearchDocument[], query: readonly number[]): ClosestHit[] =>
  docs.flatMap((doc) => {
    const similarity = doc.vector ? cosine(doc.vector, query) : undefined;
    return similarity === undefined ? [] : [{ id: doc.id, similarity }];
  });

/**
 * `/sort`'s ranking without a model, over the given documents: the share of picked options each carries
 * (80 %) and the share of the query's words in its text (20 %).
 */
export const lexicalHits = (
  docs: readonly SearchDocument[],
  query: Pick<SearchQuery, 'tags' | 'minToolLevels'>,
  queryText: string,
): ClosestHit[] => {
  const picked =
    Object.values(query.tags).reduce((sum, options) => sum + (options?.length ?? 0), 0) +
    Object.keys(query.minToolLevels ?? {}).length;
  const options = {
    restriction: 'min_1_match' as const,
    tags: query.tags,
    minToolLevels: query.minToolLevels,
  };
  return docs.map((doc) => ({
    id: doc.id,
    similarity: lexicalSimilarity(
      matchDocument(doc, options).score,
      picked,
      textOverlap(queryText, doc.text),
    ),
  }));
};

/**
 * The `limit` closest, best first, at three decimals; ties go to the newer record. A record sharing
 * nothing with the query (similarity 0 or less) is not close, so it is left out.
 */
export const closestFirst = (
  hits: readonly ClosestHit[],
  docs: readonly SearchDocument[],
  limit: number,
): ClosestHit[] => {
  const createdAt = new Map(docs.map((doc) => [doc.id, createdAtMs(doc)]));
  return hits
    .map((hit) => ({ ...hit, similarity: roundSimilarity(hit.similarity) }))
    .filter((hit) => hit.similarity > 0)
    .sort(
      (a, b) =>
        b.similarity - a.similarity ||
        (createdAt.get(b.id) ?? 0) - (createdAt.get(a.id) ?? 0) ||
        compareIdsDescending(a.id, b.id),
    )
    .slice(0, limit);
};
