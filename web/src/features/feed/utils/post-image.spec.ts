import { FEED_MESSAGES, POST_IMAGE_MAX_BYTES } from '@skillers/domain';
import { describe, expect, it } from 'vitest';
import { IMAGE_TOO_LARGE, imageProblem } from './post-image';

describe('imageProblem', () => {
  it('accepts PNG, JPEG, GIF and WebP images up to 2 MB', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/gif', 'image/webp']) {
      expect(imageProblem({ type, size: POST_IMAGE_MAX_BYTES })).toBeNull();
    }
  });

  it('refuses other files, SVG images included', () => {
    for (const type of ['text/plain', 'application/pdf', 'image/svg+xml', '']) {
      expect(imageProblem({ type, size: 10 })).toBe(FEED_MESSAGES.imageTypeNotAllowed);
    }
  });

  it('refuses an image over 2 MB', () => {
    expect(imageProblem({ type: 'image/png', size: POST_IMAGE_MAX_BYTES + 1 })).toBe(IMAGE_TOO_LARGE);
    expect(IMAGE_TOO_LARGE).toBe('The image must be at most 2 MB.');
  });
});
