import { FEED_MESSAGES, type Post } from '@skillers/domain';
import { useMutation } from '@tanstack/react-query';
import { useRef } from 'react';
import { Notice } from '../../../components/ui/notice';
import { useAuth } from '../../../lib/auth';
import { relativeTime } from '../../../lib/relative-time';
import { likePost, unlikePost } from '../api/feed.api';
import { failureText } from '../utils/failures';
import { CommentSection } from './comment-section';
import { ReportButton } from '../../../components/report/report-button';

const LIKE_TEXTS = { loginRequired: FEED_MESSAGES.loginToLike, failed: FEED_MESSAGES.likeFailed };
const UNLIKE_TEXTS = { loginRequired: FEED_MESSAGES.loginToUnlike, failed: FEED_MESSAGES.unlikeFailed };

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

interface PostCardProps {
  post: Post;
  now: Date;
  onChange(postId: string, change: (post: Post) => Post): void;
  /**
   * The post's latest problem. The feed keeps it: an ended session clears every cached answer and
   * redraws the posts, and the notice saying so must outlive that.
   */
  notice: string | undefined;
  onNotice(text: string | null): void;
}

/** Author, time, text, image, counts, Like / Comment / Share, and the comments. */
export const PostCard = ({ post, now, onChange, notice, onNotice }: PostCardProps) => {
  const { isSignedIn, user } = useAuth();
  const liked = user !== null && post.likes.includes(user.id);
  const commentInput = useRef<HTMLInputElement>(null);

  const toggleLike = useMutation({
    mutationFn: (like: boolean) => (like ? likePost(post._id) : unlikePost(post._id)),
    onSuccess: (likes) => onChange(post._id, (current) => ({ ...current, likes })),
    onError: (error, like) => onNotice(failureText(error, like ? LIKE_TEXTS : UNLIKE_TEXTS)),
  });

  const like = () => {
    if (toggleLike.isPending) return;
    if (!isSignedIn) {
      onNotice((liked ? UNLIKE_TEXTS : LIKE_TEXTS).loginRequired);
      return;
    }
    onNotice(null);
    toggleLike.mutate(!liked);
  };

  return (
    <article className="feed-card post-card" aria-label={`Post by ${post.user.username}`}>
      <header className="post-card__header">
        <span className="post-card__avatar" aria-hidden="true">
          {post.user.username.charAt(0).toUpperCase()}
        </span>
        <div className="post-card__byline">
          <span className="post-card__author">{post.user.username}</span>
          <time className="post-card__time" dateTime={post.createdAt}>
            {relativeTime(post.createdAt, now)}
          </time>
        </div>
      </header>
      <p className="post-card__text">{post.data}</p>
      {post.image && (
        <img
          className="post-card__image"
          src={post.image}
          alt={`Image shared by ${post.user.username}`}
          loading="lazy"
        />
      )}
      <p className="post-card__counts">
        <span>{count(post.likes.length, 'like', 'likes')}</span>
        <span>{count(post.commentCount, 'comment', 'comments')}</span>
        <span>0 shares</span>
      </p>
      <div className="post-card__actions">
        <button
          type="button"
          className="post-card__action"
          aria-pressed={liked}
          aria-busy={toggleLike.isPending || undefined}
          onClick={like}
        >
          Like
        </button>
        <button type="button" className="post-card__action" onClick={() => commentInput.current?.focus()}>
          Comment
        </button>
        <button
          type="button"
          className="post-card__action"
          aria-disabled="true"
          title="Sharing is not available yet"
        >
          Share
        </button>
        {user !== null && user.id !== post.user._id && <ReportButton targetKind="post" targetId={post._id} />}
      </div>
      <CommentSection
        postId={post._id}
        comments={post.comments}
        commentCount={post.commentCount}
        now={now}
        inputRef={commentInput}
        onProblem={onNotice}
        onAdded={(comment) =>
          onChange(post._id, (current) => ({
            ...current,
            comments: [...current.comments, comment],
            commentCount: current.commentCount + 1,
          }))
        }
      />
      {notice && <Notice tone="error">{notice}</Notice>}
    </article>
  );
};
