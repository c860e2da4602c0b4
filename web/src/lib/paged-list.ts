/** One page of a list as the API answers it: the items and how many pages the list has. */
export interface Page<T> {
  items: readonly T[];
  pages: number;
}

export interface PagedListOptions<T> {
  fetchPage(page: number): Promise<Page<T>>;
  /**
   * Found lists (saved items) also stop when the API says the list has a single page; the other lists stop only at a page that returns nothing.
   */
  stopAtSinglePage?: boolean;
}

export interface PagedListState<T> {
  items: readonly T[];
  /** The first page: loading, shown, or failed. */
  status: 'loading' | 'ready' | 'failed';
  hasMore: boolean;
  /** The page the next load asks for; pages start at 1, so after the first load this is 2. */
  nextPage: number;
  /** A later page is on its way; the grid shows a loading card meanwhile. */
  loadingMore: boolean;
  /** A later page failed, which stops the loading for good. */
  moreFailed: boolean;
}

export const FIRST_PAGE = 1;

const initialState = <T>(): PagedListState<T> => ({
  items: [],
  status: 'loading',
  hasMore: false,
  nextPage: FIRST_PAGE,
  loadingMore: false,
  moreFailed: false,
});

/** Appends a page; an item that shifted onto the next page while someone added one shows once. */
const append = <T extends { _id: string }>(items: readonly T[], page: readonly T[]): readonly T[] => {
  const known = new Set(items.map((item) => item._id));
  return [...items, ...page.filter((item) => !known.has(item._id))];
};

/**
 * The state behind an infinite-scroll list, kept apart from React so its rules can be tested alone.
 * Results that arrive after `stop` (the screen has gone) are ignored.
 */
export const createPagedList = <T extends { _id: string }>({
  fetchPage,
  stopAtSinglePage = false,
}: PagedListOptions<T>) => {
  let state = initialState<T>();
  let generation = 0;
  const listeners = new Set<() => void>();

  const update = (patch: Partial<PagedListState<T>>) => {
    state = { ...state, ...patch };
    listeners.forEach((listener) => listener());
  };
  const hasMoreAfter = (page: Page<T>) => page.items.length > 0 && !(stopAtSinglePage && page.pages === 1);

  return {
    getState: (): PagedListState<T> => state,

    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Loads the first page, forgetting whatever was loaded before. */
    async start(): Promise<void> {
      const run = ++generation;
      update(initialState<T>());
      try {
        const page = await fetchPage(FIRST_PAGE);
        if (run !== generation) return;
        update({ items: page.items, status: 'ready', hasMore: hasMoreAfter(page), nextPage: FIRST_PAGE + 1 });
      } catch {
        if (run === generation) update({ status: 'failed' });
      }
    },

    /** Loads the next page, unless one is already loading or nothing more remains. */
    async loadMore(): Promise<void> {
      if (state.status !== 'ready' || !state.hasMore || state.loadingMore) return;
      const run = generation;
      update({ loadingMore: true });
      try {
        const page = await fetchPage(state.nextPage);
        if (run !== generation) return;
        update({
          items: append(state.items, page.items),
          hasMore: hasMoreAfter(page),
          nextPage: state.nextPage + 1,
          loadingMore: false,
        });
      } catch {
        if (run === generation) update({ loadingMore: false, hasMore: false, moreFailed: true });
      }
    },

    /** Takes an item off the list, e.g. a project its owner deleted. */
    remove(id: string): void {
      update({ items: state.items.filter((item) => item._id !== id) });
    },

    /** The screen has gone: answers still on their way are dropped. */
    stop(): void {
      generation += 1;
    },
  };
};

export type PagedList<T extends { _id: string }> = ReturnType<typeof createPagedList<T>>;
