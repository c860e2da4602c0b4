import { FEED_MESSAGES, POST_IMAGE_TYPES, POST_MAX_LENGTH, type Post } from '@skillers/domain';
import { useMutation } from '@tanstack/react-query';
import { type ChangeEvent, type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { useAuth } from '../../../lib/auth';
import { createPost } from '../api/feed.api';
import { failureText } from '../utils/failures';
import { imageProblem, readAsDataUrl } from '../utils/post-image';

const POST_TEXTS = { loginRequired: FEED_MESSAGES.loginToPost, failed: FEED_MESSAGES.postFailed };

export const IMAGE_UNREADABLE = 'The image could not be read. Please pick it again.';

interface AttachedImage {
  name: string;
  dataUrl: string;
}

/** 3 rows, at most 500 characters with a counter, text required, images only. */
export const PostComposer = ({ onCreated }: { onCreated(post: Post): void }) => {
  const { isSignedIn } = useAuth();
  const [text, setText] = useState('');
  const [image, setImage] = useState<AttachedImage | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const counterId = useId();
  const trimmed = text.trim();

  const create = useMutation({
    mutationFn: createPost,
    onSuccess: (post) => {
      onCreated(post);
      setText('');
      setImage(null);
    },
    onError: (error) => setProblem(failureText(error, POST_TEXTS, { reasons: true })),
  });

  const attach = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file can be picked again after it was removed.
    event.target.value = '';
    if (!file) return;
    const refusal = imageProblem(file);
    setProblem(refusal);
    if (refusal) return;
    try {
      setImage({ name: file.name, dataUrl: await readAsDataUrl(file) });
    } catch {
      setProblem(IMAGE_UNREADABLE);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isSignedIn) {
      setProblem(FEED_MESSAGES.loginToPost);
      return;
    }
    if (!trimmed || create.isPending) return;
    setProblem(null);
    create.mutate({ data: trimmed, ...(image && { image: image.dataUrl }) });
  };

  return (
    <form className="feed-card post-composer" onSubmit={submit} aria-label="Create a post">
      {!isSignedIn && (
        // Said before anyone types: the spec's alert on Publish alone comes after the effort.
        <p className="post-composer__visitor">
          <Link to="/login">Log in</Link> to share a post with the community.
        </p>
      )}
      <textarea
        className="post-composer__text"
        aria-label="Write a post"
        aria-describedby={counterId}
        placeholder="Share an update, a question or an idea with the community..."
        rows={3}
        maxLength={POST_MAX_LENGTH}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      {image && (
        <figure className="post-composer__preview">
          <img src={image.dataUrl} alt={`Attached image ${image.name}`} />
          <figcaption>
            <span>{image.name}</span>
            <button type="button" className="post-composer__remove" onClick={() => setImage(null)}>
              Remove image
            </button>
          </figcaption>
        </figure>
      )}
      {problem && <Notice tone="error">{problem}</Notice>}
      <div className="post-composer__footer">
        <label className="post-composer__attach">
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <rect x="3.5" y="4.5" width="17" height="15" rx="2" />
            <circle cx="9" cy="10" r="1.8" />
            <path d="M20.5 16l-5-5-8.5 8.5" />
          </svg>
          <span className="post-composer__attach-text">Add an image</span>
          <input
            type="file"
            className="visually-hidden"
            accept={POST_IMAGE_TYPES.join(',')}
            onChange={(event) => void attach(event)}
          />
        </label>
        <span id={counterId} className="post-composer__counter">
          {text.length}/{POST_MAX_LENGTH}
        </span>
        <Button type="submit" disabled={!trimmed} busy={create.isPending}>
          Publish
        </Button>
      </div>
    </form>
  );
};
