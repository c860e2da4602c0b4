import { FIRST_PAGE, type Page } from './paged-list';

export interface FilteredPagesOptions<T> {
  /** A page of the filtered search. */
  filtered(page: number): Promise<Page<T>>;
  /** The same page of the whole list. */
  unfiltered(page: number): Promise<Page<T>>;
  /** The filtered search failed: the whole list shows from page 1 on (spec section 8). */
  onFallback(): void;
  /**
   * The filtered search matched nothing. This is where the similarity ranking of spec section 4
   * ("No exact matches found, showing closest teammates:") plugs in.
   */
  onNoExactMatch?(): void;
}

/**
 * The pages of a filtered search. If its first page fails, the unfiltered list shows instead, from
 * page 1 on; a later page that fails stops the scrolling as any list's does.
 */
export const filteredPages = <T>({
  filtered,
  unfiltered,
  onFallback,
  onNoExactMatch,
}: FilteredPagesOptions<T>): ((page: number) => Promise<Page<T>>) => {
  let fellBack = false;
  return async (page) => {
    if (fellBack) return unfiltered(page);
    let answer: Page<T>;
    try {
      answer = await filtered(page);
    } catch (error) {
      if (page !== FIRST_PAGE) throw error;
      fellBack = true;
      onFallback();
      return unfiltered(FIRST_PAGE);
    }
    if (page === FIRST_PAGE && answer.items.length === 0) onNoExactMatch?.();
    return answer;
  };
};
