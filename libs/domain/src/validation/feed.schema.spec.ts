import { describe, expect, it } from 'vitest';
import { POST_IMAGE_MAX_BYTES, POST_MAX_LENGTH } from '../feed';
import { FEED_MESSAGES } from '../messages';
import { commentSchema, imageDataUrlSchema, postSchema } from './feed.schema';
import { base64DecodedLength, base64Head, parseImageDataUrl, sniffImageType } from './image';

const bytes = (...parts: (number[] | string)[]) =>
  Uint8Array.from(
    parts.flatMap((part) => (typeof part === 'string' ? [...Buffer.from(part, 'latin1')] : part)),
  );

const SIGNATURES = {
  'image/png': bytes([0x89], 'PNG\r\n\x1a\n', [0, 0, 0, 13]),
  'image/jpeg': bytes([0xff, 0xd8, 0xff, 0xe0, 0, 16], 'JFIF'),
  'image/gif': bytes('GIF89a', [1, 0, 1, 0]),
  'image/webp': bytes('RIFF', [36, 0, 0, 0], 'WEBPVP8 '),
} as const;

const dataUrl = (type: string, content: Uint8Array) =>
  `data:${type};base64,${Buffer.from(content).toString('base64')}`;

describe('sniffImageType', () => {
  it.each(Object.entries(SIGNATURES))('recognises %s by its magic number', (type, signature) => {
    expect(sniffImageType(signature)).toBe(type);
  });

  it.each([
    ['text', bytes('just text')],
    ['an SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['a RIFF that is not WebP', bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt ')],
    ['GIF with a bad version', bytes('GIF88a')],
    ['a truncated PNG header', bytes([0x89], 'PNG')],
    ['nothing', bytes()],
  ])('recognises no image in %s', (_label, content) => {
    expect(sniffImageType(content)).toBeUndefined();
  });
});

describe('base64 helpers', () => {
  it.each([0, 1, 2, 3, 4, 5, 100])('computes the decoded length of %i bytes without decoding', (length) => {
    expect(base64DecodedLength(Buffer.alloc(length, 7).toString('base64'))).toBe(length);
  });

  it('decodes only the head', () => {
    expect([...base64Head(Buffer.from('abcdefghijklmnop').toString('base64'))]).toEqual([
      ...Buffer.from('abcdefghijkl'),
    ]);
  });

  it('parses data URLs and refuses anything else', () => {
    expect(parseImageDataUrl('data:Image/PNG;base64,AAAA')).toEqual({
      contentType: 'image/png',
      base64: 'AAAA',
    });
    for (const value of [
      'AAAA',
      'data:image/png,AAAA',
      'data:image/png;base64,AAA',
      'data:image/png;base64,A A=',
    ]) {
      expect(parseImageDataUrl(value)).toBeUndefined();
    }
  });
});

describe('imageDataUrlSchema', () => {
  it.each(Object.entries(SIGNATURES))('accepts %s whose bytes match', (type, signature) => {
    expect(imageDataUrlSchema.parse(dataUrl(type, signature))).toEqual({
      contentType: type,
      base64: Buffer.from(signature).toString('base64'),
    });
  });

  it('refuses bytes of another type than declared', () => {
    const result = imageDataUrlSchema.safeParse(dataUrl('image/gif', SIGNATURES['image/png']));
    expect(result.error?.issues[0]?.message).toBe(FEED_MESSAGES.imageContentMismatch);
  });

  it('refuses types that are not allowed images', () => {
    for (const type of ['image/svg+xml', 'text/plain', 'application/pdf']) {
      const result = imageDataUrlSchema.safeParse(dataUrl(type, SIGNATURES['image/png']));
      expect(result.error?.issues[0]?.message).toBe(FEED_MESSAGES.imageTypeNotAllowed);
    }
  });

  it('refuses images over the size limit', () => {
    const big = new Uint8Array(POST_IMAGE_MAX_BYTES + 1);
    big.set(SIGNATURES['image/png']);
    const result = imageDataUrlSchema.safeParse(dataUrl('image/png', big));
    expect(result.error?.issues[0]?.message).toBe('The image must be at most 2 MB.');
  });
});

describe('post and comment schemas', () => {
  it('trims and bounds the text', () => {
    expect(postSchema.parse({ data: '  hi  ' })).toEqual({ data: 'hi' });
    expect(postSchema.safeParse({ data: 'x'.repeat(POST_MAX_LENGTH + 1) }).success).toBe(false);
    expect(postSchema.safeParse({ data: ' \n ' }).error?.issues[0]?.message).toBe(FEED_MESSAGES.postRequired);
    expect(commentSchema.safeParse({ data: '\t' }).error?.issues[0]?.message).toBe(
      FEED_MESSAGES.commentRequired,
    );
  });
});
