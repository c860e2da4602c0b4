import { useState } from 'react';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { useFeed } from '../hooks/use-feed';
import { useNow } from '../hooks/use-now';
import { PostComposer } from './post-composer';
import { PostCard } from './post-card';

export const FEED_LOAD_FAILED = "We couldn't load the feed right now. Please try again in a moment.";
export const MORE_POSTS_FAILED = "We couldn't load more posts right now.";

/** The centre column: the composer on top, then the posts, newest first. */
export const PostList = () => {
  const { feed, posts, addPost, changePost } = useFeed();
  const now = useNow();
  const [notices, setNotices] = useState<Readonly<Record<string, string>>>({});
  const noticeFor = (postId: string) => (text: string | null) =>
    setNotices(({ [postId]: _previous, ...others }) => (text ? { ...others, [postId]: text } : others));
  return (
    <>
      <PostComposer onCreated={addPost} />
      {feed.isPending && <Spinner label="Loading posts..." />}
      {feed.isError && !feed.isFetchNextPageError && <Notice tone="error">{FEED_LOAD_FAILED}</Notice>}
      {feed.isSuccess && posts.length === 0 && (
        <p className="feed-card feed__empty">No posts yet. Be the first to share something!</p>
      )}
      {posts.length > 0 && (
        <ul className="feed__posts" aria-label="Posts">
          {posts.map((post) => (
            <li key={post._id}>
              <PostCard
                post={post}
                now={now}
                onChange={changePost}
                notice={notices[post._id]}
                onNotice={noticeFor(post._id)}
              />
            </li>
          ))}
        </ul>
      )}
      {feed.isFetchingNextPage && <Spinner label="Loading more posts..." />}
      {feed.isFetchNextPageError && <Notice tone="error">{MORE_POSTS_FAILED}</Notice>}
      {feed.isSuccess && !feed.hasNextPage && posts.length > 0 && (
        <p className="feed__end">You're all caught up.</p>
      )}
    </>
  );
};
