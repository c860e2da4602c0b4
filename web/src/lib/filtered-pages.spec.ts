import { describe, expect, it, vi } from 'vitest';
import { filteredPages } from './filtered-pages';
import type { Page } from './paged-list';

const page = (...items: string[]): Page<string> => ({ items, pages: 3 });

describe('filteredPages', () => {
  it('passes the filtered pages through', async () => {
    const onFallback = vi.fn();
    const unfiltered = vi.fn(async () => page('everyone'));
    const fetchPage = filteredPages({
      filtered: async (n) => page(`match ${n}`),
      unfiltered,
      onFallback,
    });
    await expect(fetchPage(1)).resolves.toEqual(page('match 1'));
    await expect(fetchPage(2)).resolves.toEqual(page('match 2'));
    expect(onFallback).not.toHaveBeenCalled();
    expect(unfiltered).not.toHaveBeenCalled();
  });

  it('falls back to the unfiltered list from page 1 on when the first filtered page fails', async () => {
    const onFallback = vi.fn();
    const filtered = vi.fn(async (): Promise<Page<string>> => {
      throw new Error('Bad filter');
    });
    const fetchPage = filteredPages({ filtered, unfiltered: async (n) => page(`all ${n}`), onFallback });
    await expect(fetchPage(1)).resolves.toEqual(page('all 1'));
    expect(onFallback).toHaveBeenCalledTimes(1);
    await expect(fetchPage(2)).resolves.toEqual(page('all 2'));
    expect(filtered).toHaveBeenCalledTimes(1);
  });

  it('lets a later failed page stop the scrolling instead', async () => {
    const onFallback = vi.fn();
    const fetchPage = filteredPages({
      filtered: async (n) => {
        if (n === 2) throw new Error('Gone');
        return page('match');
      },
      unfiltered: async () => page('all'),
      onFallback,
    });
    await fetchPage(1);
    await expect(fetchPage(2)).rejects.toThrow('Gone');
    expect(onFallback).not.toHaveBeenCalled();
  });

  it('shows the closest records when the first page matched nothing, on a single page', async () => {
    const closest = vi.fn(async () => ['near', 'nearer']);
    const filtered = vi.fn(async () => page());
    const fetchPage = filteredPages({
      filtered,
      unfiltered: async () => page('all'),
      onFallback: vi.fn(),
      closest,
    });
    await expect(fetchPage(1)).resolves.toEqual({ items: ['near', 'nearer'], pages: 1 });
    await expect(fetchPage(2)).resolves.toEqual({ items: [], pages: 1 });
    expect(closest).toHaveBeenCalledTimes(1);
    expect(filtered).toHaveBeenCalledTimes(1);
  });

  it('ranks nothing when the first page matched, nor for an empty later page', async () => {
    const closest = vi.fn(async () => ['near']);
    const answers = [page('match'), page()];
    const fetchPage = filteredPages({
      filtered: async () => answers.shift() ?? page(),
      unfiltered: async () => page('all'),
      onFallback: vi.fn(),
      closest,
    });
    await expect(fetchPage(1)).resolves.toEqual(page('match'));
    await expect(fetchPage(2)).resolves.toEqual(page());
    expect(closest).not.toHaveBeenCalled();
  });

  it('keeps the empty answer when the ranking fails', async () => {
    const fetchPage = filteredPages({
      filtered: async () => page(),
      unfiltered: async () => page('all'),
      onFallback: vi.fn(),
      closest: async () => {
        throw new Error('Ranking down');
      },
    });
    await expect(fetchPage(1)).resolves.toEqual(page());
  });
});
