import type { Post } from '@skillers/domain';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { isPastThreshold, SCROLL_THROTTLE_MS, throttle, windowScrollPosition } from '../../../lib/scroll';
import { feedQuery } from '../api/feed.api';
import { type FeedData, feedPosts, withNewPost, withPostChange } from '../utils/feed-data';

/**
 * The feed's posts with infinite scroll: the next page loads once the reader is
 * near the end while the API says more remain. A page that fails stops the loading.
 */
export const useFeed = () => {
  const queryClient = useQueryClient();
  const feed = useInfiniteQuery(feedQuery);
  const { hasNextPage, isFetching, isFetchNextPageError, fetchNextPage } = feed;
  const canLoadMore = feed.isSuccess && hasNextPage && !isFetching && !isFetchNextPageError;

  useEffect(() => {
    if (!canLoadMore) return;
    const check = throttle(() => {
      if (isPastThreshold(windowScrollPosition())) void fetchNextPage();
    }, SCROLL_THROTTLE_MS);
    // A page too short to fill the window leaves nothing to scroll, so look once right away too.
    check();
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    return () => {
      check.cancel();
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
  }, [canLoadMore, fetchNextPage]);

  const addPost = useCallback(
    (post: Post) => queryClient.setQueryData<FeedData>(feedQuery.queryKey, (data) => withNewPost(data, post)),
    [queryClient],
  );
  const changePost = useCallback(
    (postId: string, change: (post: Post) => Post) =>
      queryClient.setQueryData<FeedData>(feedQuery.queryKey, (data) => withPostChange(data, postId, change)),
    [queryClient],
  );

  return { feed, posts: feedPosts(feed.data), addPost, changePost };
};
