import { describe, expect, it } from 'vitest';
import { kthLargest } from './kth-largest';

let state = 7;
const random = () => {
  state = (state * 1664525 + 1013904223) >>> 0;
  return state / 4294967296;
};

describe('kthLargest', () => {
  it('finds what sorting finds, with many ties or none, and leaves the values as they were', () => {
    const scratch = { array: new Float64Array(0) };
    for (const [count, distinct] of [
      [1, 1],
      [10, 10],
      [1000, 3],
      [5000, 5000],
    ]) {
      const values = Float64Array.from({ length: count + 5 }, () => Math.floor(random() * distinct) / 7);
      const before = Float64Array.from(values);
      const sorted = [...values.subarray(0, count)].sort((a, b) => b - a);
      for (const k of [1, 2, Math.ceil(count / 3), count]) {
        if (k > count) continue;
        expect(kthLargest(values, count, k, scratch)).toBe(sorted[k - 1]);
      }
      expect(values).toEqual(before);
    }
  });

  it('refuses a rank outside the values', () => {
    expect(() => kthLargest(new Float64Array(3), 3, 4, { array: new Float64Array(0) })).toThrow(RangeError);
  });
});
