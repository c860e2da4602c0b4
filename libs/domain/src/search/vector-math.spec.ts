import { describe, expect, it } from 'vitest';
import { cosine, dot, roundSimilarity } from './vector-math';

describe('vector math', () => {
  it('adds the products over the shorter vector', () => {
    expect(dot([1, 2, 3], [4, 5])).toBe(14);
    expect(dot(Float32Array.from([0.5, 0.5]), [2, 2])).toBe(2);
  });

  it('gives the cosine of same-length vectors with a direction, undefined otherwise', () => {
    expect(cosine([1, 0], [2, 0])).toBe(1);
    expect(cosine([1, 0], [-3, 0])).toBe(-1);
    expect(cosine([1, 1], [1, 0])).toBeCloseTo(Math.SQRT1_2, 12);
    expect(cosine([1, 0], [1, 0, 0])).toBeUndefined();
    expect(cosine([], [])).toBeUndefined();
    expect(cosine([0, 0], [1, 0])).toBeUndefined();
    expect(cosine([1, 0], [0, 0])).toBeUndefined();
  });

  it('rounds to three decimals', () => {
    expect(roundSimilarity(0.12345)).toBe(0.123);
    expect(roundSimilarity(0.9996)).toBe(1);
  });
});
