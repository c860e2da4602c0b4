import { LIST_PAGE_SIZE, type SearchClick } from '@skillers/domain';
import { tokenStorage } from './token-storage';

/** Where a result came from: the search answer's event, the record, and its 1-based rank. */
export type SearchHit = SearchClick;

/** Tags each item of a page with its search event and rank (page 2 starts at 13), for click reports. */
export const withHits = <T extends { _id: string }>(
  items: readonly T[],
  eventId: string | undefined,
  page: number,
): (T & { hit?: SearchHit })[] =>
  eventId === undefined
    ? [...items]
    : items.map((item, index) => ({
        ...item,
        hit: { eventId, recordId: item._id, rank: (page - 1) * LIST_PAGE_SIZE + index + 1 },
      }));

/**
 * Tells the API a result was opened. `keepalive` lets the request finish while the page changes; the
 * token, when there is one, says the reader was signed in. A lost report only costs a count.
 */
export const recordSearchClick = (hit: SearchHit): void => {
  const token = tokenStorage.get();
  void fetch('/api/search/click', {
    method: 'POST',
    keepalive: true,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(hit),
  }).catch(() => undefined);
};
