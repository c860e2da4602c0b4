import { useEffect, useState, useSyncExternalStore } from 'react';
import { createPagedList, type PagedListOptions, type PagedListState } from './paged-list';
import { isPastThreshold, SCROLL_THROTTLE_MS, throttle, windowScrollPosition } from './scroll';

export interface InfiniteList<T> extends PagedListState<T> {
  remove(id: string): void;
}

/**
 * A list that loads its first page on mount and the next one whenever the reader scrolls past the
 * threshold while more remain. The options are read once: give the screen a `key`
 * to start over with different ones.
 */
export const useInfiniteList = <T extends { _id: string }>(options: PagedListOptions<T>): InfiniteList<T> => {
  const [list] = useState(() => createPagedList(options));
  const state = useSyncExternalStore(list.subscribe, list.getState);

  useEffect(() => {
    void list.start();
    return list.stop;
  }, [list]);

  useEffect(() => {
    const check = throttle(() => {
      if (isPastThreshold(windowScrollPosition())) void list.loadMore();
    }, SCROLL_THROTTLE_MS);
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    return () => {
      check.cancel();
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
  }, [list]);

  // A page too short to fill the window leaves nothing to scroll, so each load is followed by a look.
  useEffect(() => {
    if (
      state.status === 'ready' &&
      state.hasMore &&
      !state.loadingMore &&
      isPastThreshold(windowScrollPosition())
    ) {
      void list.loadMore();
    }
  }, [list, state]);

  return { ...state, remove: list.remove };
};
