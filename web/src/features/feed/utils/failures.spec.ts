import { FEED_MESSAGES } from '@skillers/domain';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { failureText } from './failures';

const texts = { loginRequired: FEED_MESSAGES.loginToPost, failed: FEED_MESSAGES.postFailed };

describe('failureText', () => {
  it('asks to log in again when the session was refused', () => {
    expect(failureText(new ApiError(401, 'Your session has expired. Please log in again.'), texts)).toBe(
      'Please log in to create a post',
    );
  });

  it('uses the spec text for every other failure', () => {
    expect(failureText(new ApiError(500, 'boom'), texts)).toBe('Failed to create post. Please try again.');
    expect(failureText(new ApiError(404, 'Post not found'), texts)).toBe(
      'Failed to create post. Please try again.',
    );
    expect(failureText(new TypeError('offline'), texts)).toBe('Failed to create post. Please try again.');
  });

  it('can pass on what the API refused instead', () => {
    const refused = new ApiError(400, FEED_MESSAGES.imageContentMismatch, 'image');
    expect(failureText(refused, texts, { reasons: true })).toBe(FEED_MESSAGES.imageContentMismatch);
    expect(failureText(new ApiError(503, 'down'), texts, { reasons: true })).toBe(texts.failed);
  });
});
