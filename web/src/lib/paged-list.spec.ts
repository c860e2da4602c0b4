import { describe, expect, it, vi } from 'vitest';
import { createPagedList, FIRST_PAGE, type Page } from './paged-list';

interface Item {
  _id: string;
}

const items = (...ids: string[]): Item[] => ids.map((_id) => ({ _id }));

/** A fake API: the pages it answers with, in order of page number, and the pages asked for. */
const serve = (pages: Record<number, Page<Item> | Error>) => {
  const asked: number[] = [];
  const fetchPage = vi.fn(async (page: number) => {
    asked.push(page);
    const answer = pages[page] ?? { items: [], pages: Object.keys(pages).length };
    if (answer instanceof Error) throw answer;
    return answer;
  });
  return { asked, fetchPage };
};

describe('createPagedList', () => {
  it('starts at page 1 and asks for page 2 next', async () => {
    const api = serve({ 1: { items: items('a', 'b'), pages: 2 }, 2: { items: items('c'), pages: 2 } });
    const list = createPagedList({ fetchPage: api.fetchPage });
    expect(list.getState()).toMatchObject({ status: 'loading', nextPage: FIRST_PAGE });
    await list.start();
    expect(list.getState()).toMatchObject({ status: 'ready', hasMore: true, nextPage: 2 });
    await list.loadMore();
    expect(list.getState().items.map((item) => item._id)).toEqual(['a', 'b', 'c']);
    expect(list.getState().nextPage).toBe(3);
    expect(api.asked).toEqual([1, 2]);
  });

  it('keeps loading until a page returns nothing', async () => {
    const api = serve({ 1: { items: items('a'), pages: 1 } });
    const list = createPagedList({ fetchPage: api.fetchPage });
    await list.start();
    expect(list.getState().hasMore).toBe(true);
    await list.loadMore();
    expect(list.getState()).toMatchObject({ hasMore: false, nextPage: 3, loadingMore: false });
    await list.loadMore();
    expect(api.asked).toEqual([1, 2]);
  });

  it('stops a found list as soon as it has a single page', async () => {
    const api = serve({ 1: { items: items('a'), pages: 1 } });
    const list = createPagedList({ fetchPage: api.fetchPage, stopAtSinglePage: true });
    await list.start();
    expect(list.getState().hasMore).toBe(false);
    await list.loadMore();
    expect(api.asked).toEqual([1]);
  });

  it('has nothing more after an empty first page', async () => {
    const list = createPagedList({ fetchPage: serve({ 1: { items: [], pages: 1 } }).fetchPage });
    await list.start();
    expect(list.getState()).toMatchObject({ status: 'ready', items: [], hasMore: false });
  });

  it('reports a failed first page', async () => {
    const list = createPagedList({ fetchPage: serve({ 1: new Error('down') }).fetchPage });
    await list.start();
    expect(list.getState()).toMatchObject({ status: 'failed', hasMore: false });
  });

  it('stops loading for good after a failed page', async () => {
    const api = serve({
      1: { items: items('a'), pages: 3 },
      2: new Error('down'),
      3: { items: items('c'), pages: 3 },
    });
    const list = createPagedList({ fetchPage: api.fetchPage });
    await list.start();
    await list.loadMore();
    expect(list.getState()).toMatchObject({ hasMore: false, moreFailed: true, loadingMore: false });
    await list.loadMore();
    expect(api.asked).toEqual([1, 2]);
    expect(list.getState().items).toEqual(items('a'));
  });

  it('shows the loading state while a page is on its way and asks only once', async () => {
    let answer: (page: Page<Item>) => void = () => undefined;
    const fetchPage = vi.fn((page: number) =>
      page === 1
        ? Promise.resolve({ items: items('a'), pages: 2 })
        : new Promise<Page<Item>>((resolve) => (answer = resolve)),
    );
    const list = createPagedList({ fetchPage });
    await list.start();
    const loading = list.loadMore();
    void list.loadMore();
    expect(list.getState().loadingMore).toBe(true);
    answer({ items: items('b'), pages: 2 });
    await loading;
    expect(list.getState()).toMatchObject({ loadingMore: false, items: items('a', 'b') });
    expect(fetchPage).toHaveBeenCalledTimes(2);
  });

  it('shows an item once when it moved onto the next page', async () => {
    const api = serve({ 1: { items: items('a', 'b'), pages: 2 }, 2: { items: items('b', 'c'), pages: 2 } });
    const list = createPagedList({ fetchPage: api.fetchPage });
    await list.start();
    await list.loadMore();
    expect(list.getState().items).toEqual(items('a', 'b', 'c'));
  });

  it('notifies listeners and removes items', async () => {
    const list = createPagedList({ fetchPage: serve({ 1: { items: items('a', 'b'), pages: 1 } }).fetchPage });
    const listener = vi.fn();
    const unsubscribe = list.subscribe(listener);
    await list.start();
    list.remove('a');
    expect(list.getState().items).toEqual(items('b'));
    expect(listener).toHaveBeenCalled();
    unsubscribe();
    listener.mockClear();
    list.remove('b');
    expect(listener).not.toHaveBeenCalled();
  });

  it('ignores answers that arrive after the screen has gone', async () => {
    let answer: (page: Page<Item>) => void = () => undefined;
    const list = createPagedList({
      fetchPage: () => new Promise<Page<Item>>((resolve) => (answer = resolve)),
    });
    const starting = list.start();
    list.stop();
    answer({ items: items('late'), pages: 1 });
    await starting;
    expect(list.getState()).toMatchObject({ status: 'loading', items: [] });
  });
});
