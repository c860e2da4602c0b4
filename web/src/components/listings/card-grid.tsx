import type { ReactNode } from 'react';
import type { InfiniteList } from '../../lib/use-infinite-list';
import { Notice } from '../ui/notice';
import { Spinner } from '../ui/spinner';
import { LoadingCard } from './listing-card';
import './listings.css';

interface CardGridProps<T> {
  label: string;
  items: readonly T[];
  itemKey(item: T): string;
  renderItem(item: T): ReactNode;
  /** Adds a "Loading..." card at the end while the next page is on its way. */
  loadingMore?: boolean;
}

/** Cards in columns at least 270 px wide, as many as fit. */
export const CardGrid = <T,>({
  label,
  items,
  itemKey,
  renderItem,
  loadingMore = false,
}: CardGridProps<T>) => (
  <ul className="card-grid" aria-label={label}>
    {items.map((item) => (
      <li key={itemKey(item)}>{renderItem(item)}</li>
    ))}
    {loadingMore && (
      <li>
        <LoadingCard />
      </li>
    )}
  </ul>
);

/** The spec's text for a search or list with no results, in Polish as written there. */
export const NoResults = () => (
  <p className="no-results" lang="pl">
    Brak wyszukań
  </p>
);

export const LOAD_MORE_FAILED = "We couldn't load more items right now. Please try again later.";

interface InfiniteCardGridProps<T extends { _id: string }> {
  label: string;
  list: InfiniteList<T>;
  renderItem(item: T): ReactNode;
  /** What an empty list shows. */
  empty: ReactNode;
  /** What a failed first page shows (or where it sends the user). */
  failed: ReactNode;
}

/** An infinite-scroll list: spinner, then the grid growing page by page, or its empty or failed state. */
export const InfiniteCardGrid = <T extends { _id: string }>({
  label,
  list,
  renderItem,
  empty,
  failed,
}: InfiniteCardGridProps<T>) => {
  if (list.status === 'loading') return <Spinner />;
  if (list.status === 'failed') return failed;
  if (list.items.length === 0 && !list.loadingMore) return empty;
  return (
    <>
      <CardGrid
        label={label}
        items={list.items}
        itemKey={(item) => item._id}
        renderItem={renderItem}
        loadingMore={list.loadingMore}
      />
      {list.moreFailed && <Notice tone="error">{LOAD_MORE_FAILED}</Notice>}
    </>
  );
};
