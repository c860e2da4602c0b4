import { FIRST_PAGE, type Page } from './paged-list';

export interface FilteredPagesOptions<T> {
  /** A page of the filtered search. */
  filtered(page: number): Promise<Page<T>>;
  /** The same page of the whole list. */
  unfiltered(page: number): Promise<Page<T>>;
  /** The filtered search failed: the whole list shows from page 1 on. */
  onFallback(): void;
  /**
   * The filtered search matched nothing: the records closest to it show instead, on a single page
   * ("fall back to similarity ranking and show the closest with the note").
   */
  closest?(): Promise<readonly T[]>;
}

/** The closest records are one ranked list; the scrolling stops after it. */
const NO_MORE: Page<never> = { items: [], pages: FIRST_PAGE };

/**
 * The pages of a filtered search. If its first page fails, the unfiltered list shows instead, from
 * page 1 on; a later page that fails stops the scrolling as any list's does. If its first page is
 * empty, the closest records show instead, or still nothing if the ranking fails.
 */
export const filteredPages = <T>({
  filtered,
  unfiltered,
  onFallback,
  closest,
}: FilteredPagesOptions<T>): ((page: number) => Promise<Page<T>>) => {
  let fellBack = false;
  let ranked = false;
  return async (page) => {
    if (fellBack) return unfiltered(page);
    if (ranked) return NO_MORE;
    let answer: Page<T>;
    try {
      answer = await filtered(page);
    } catch (error) {
      if (page !== FIRST_PAGE) throw error;
      fellBack = true;
      onFallback();
      return unfiltered(FIRST_PAGE);
    }
    if (page !== FIRST_PAGE || answer.items.length > 0 || !closest) return answer;
    ranked = true;
    try {
      return { items: await closest(), pages: FIRST_PAGE };
    } catch {
      // The ranking only adds to an empty answer: without it, the search still found nothing.
      return answer;
    }
  };
};
