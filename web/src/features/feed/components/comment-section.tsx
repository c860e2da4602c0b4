import { type Comment, COMMENT_MAX_LENGTH, FEED_MESSAGES } from '@skillers/domain';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, type Ref, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useAuth } from '../../../lib/auth';
import { relativeTime } from '../../../lib/relative-time';
import { addComment } from '../api/feed.api';
import { failureText } from '../utils/failures';

const COMMENT_TEXTS = { loginRequired: FEED_MESSAGES.loginToComment, failed: FEED_MESSAGES.commentFailed };

interface CommentSectionProps {
  postId: string;
  comments: readonly Comment[];
  commentCount: number;
  now: Date;
  /** The post's Comment button moves the focus here. */
  inputRef: Ref<HTMLInputElement>;
  onAdded(comment: Comment): void;
  /** The post card shows one notice for the whole post. */
  onProblem(text: string | null): void;
}

export const CommentSection = ({
  postId,
  comments,
  commentCount,
  now,
  inputRef,
  onAdded,
  onProblem,
}: CommentSectionProps) => {
  const { isSignedIn } = useAuth();
  const [text, setText] = useState('');
  const trimmed = text.trim();

  const add = useMutation({
    mutationFn: (data: string) => addComment(postId, data),
    onSuccess: (comment) => {
      onAdded(comment);
      setText('');
    },
    onError: (error) => onProblem(failureText(error, COMMENT_TEXTS)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isSignedIn) {
      onProblem(FEED_MESSAGES.loginToComment);
      return;
    }
    // A comment must not be blank.
    if (!trimmed || add.isPending) return;
    onProblem(null);
    add.mutate(trimmed);
  };

  return (
    <div className="post-comments">
      {comments.length > 0 && (
        <ul className="post-comments__list" aria-label="Comments">
          {comments.map((comment) => (
            <li key={comment._id} className="post-comment">
              <p className="post-comment__meta">
                <span className="post-comment__author">{comment.user.username}</span>
                <time dateTime={comment.createdAt}>{relativeTime(comment.createdAt, now)}</time>
              </p>
              <p className="post-comment__text">{comment.data}</p>
            </li>
          ))}
        </ul>
      )}
      {commentCount > comments.length && (
        <p className="post-comments__more">
          Showing the latest {comments.length} of {commentCount} comments.
        </p>
      )}
      <form className="post-comments__form" onSubmit={submit} aria-label="Add a comment">
        <input
          ref={inputRef}
          className="post-comments__input"
          aria-label="Write a comment"
          placeholder="Write a comment..."
          maxLength={COMMENT_MAX_LENGTH}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <Button type="submit" variant="secondary" disabled={!trimmed} busy={add.isPending}>
          Post
        </Button>
      </form>
    </div>
  );
};
