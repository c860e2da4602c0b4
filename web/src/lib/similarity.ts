import type { ActiveFilters, MatchExplanation, SearchKind } from '@skillers/domain';
import { api } from './api-client';
import { ApiError } from './api-error';
import type { SearchHit } from './search-clicks';

/**
 * A record found by similarity ranking carries how close it is, its `similarity`; a record
 * of a search answer carries why it was found and its `hit`, reported when it is opened.
 */
export type Ranked<T> = T & { similarity?: number; why?: MatchExplanation; hit?: SearchHit };

interface SortAnswer {
  results: { record_id: string; similarity: number; why?: MatchExplanation }[];
  eventId?: string;
}

/** Similarity is shown to 3 decimals. */
export const formatSimilarity = (similarity: number): string => similarity.toFixed(3);

export interface ClosestQuery {
  type: SearchKind;
  /** The same `activeFilters` the filtered search was sent. */
  filter: ActiveFilters;
  /** The panel's search text, which the ranking reads alongside the picked labels. */
  text: string;
}

/**
 * The records closest to a search that matched nothing exactly: `/sort` ranks the ids, then each is
 * read by id in parallel and joined in the ranking's order. A record deleted since it
 * was indexed answers 404 and is left out. A record sharing nothing with the query (similarity 0) is
 * not close, so it is left out too.
 */
export const fetchClosest = async <T>(
  { type, filter, text }: ClosestQuery,
  fetchRecord: (id: string) => Promise<T>,
): Promise<Ranked<T>[]> => {
  const trimmed = text.trim();
  const { results, eventId } = await api.post<SortAnswer>('/sort', {
    type,
    filter,
    ...(trimmed ? { text: trimmed } : {}),
  });
  const records = await Promise.all(
    results
      .map((result, index) => ({ ...result, rank: index + 1 }))
      .filter(({ similarity }) => similarity > 0)
      .map(async ({ record_id, similarity, why, rank }): Promise<Ranked<T> | null> => {
        try {
          const hit = eventId === undefined ? {} : { hit: { eventId, recordId: record_id, rank } };
          return { ...(await fetchRecord(record_id)), similarity, ...(why ? { why } : {}), ...hit };
        } catch (error) {
          if (error instanceof ApiError && error.status === 404) return null;
          throw error;
        }
      }),
  );
  return records.filter((record) => record !== null);
};
