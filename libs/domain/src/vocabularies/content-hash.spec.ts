import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contentHash } from './content-hash';

describe('contentHash', () => {
  it('gives the same output for the same input', () => {
    fc.assert(fc.property(fc.string(), (text) => contentHash(text) === contentHash(`${text}`)));
    expect(contentHash('Skillers')).toBe(contentHash('Skillers'));
  });

  it('gives different outputs for different inputs', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        fc.pre(a !== b);
        return contentHash(a) !== contentHash(b);
      }),
      { numRuns: 2000 },
    );
  });

  it('tells apart inputs that differ in one character, its case or its position', () => {
    const inputs = ['', ' ', 'a', 'A', 'b', 'ab', 'ba', 'React', 'react', '["React"]', '["React","Vue"]'];
    expect(new Set(inputs.map(contentHash)).size).toBe(inputs.length);
  });

  it('is a short base-36 token', () => {
    fc.assert(fc.property(fc.string(), (text) => /^[0-9a-z]{1,11}$/.test(contentHash(text))));
  });
});
