import { describe, expect, it } from 'vitest';
import { TopSlots } from './top-slots';

let state = 99;
const random = () => {
  state = (state * 1664525 + 1013904223) >>> 0;
  return state / 4294967296;
};

describe('TopSlots', () => {
  it('keeps the k best slots by key, ties by the comparator, as a full sort would', () => {
    // Few distinct keys, so that most decisions fall to the tie-break (here: the smaller slot first).
    const heap = new TopSlots((a, b) => a - b);
    for (const k of [1, 5, 12, 100, 2000]) {
      const keys = Array.from({ length: 1000 }, () => Math.floor(random() * 5));
      heap.reset(k);
      keys.forEach((key, slot) => heap.offer(key, slot));
      const expected = keys
        .map((key, slot) => ({ key, slot }))
        .sort((a, b) => b.key - a.key || a.slot - b.slot)
        .slice(0, k)
        .map(({ slot }) => slot);
      expect(heap.sorted()).toEqual(expected);
      expect(heap.full).toBe(k <= keys.length);
    }
  });

  it('keeps nothing for k = 0', () => {
    const heap = new TopSlots((a, b) => a - b);
    heap.reset(0);
    heap.offer(1, 1);
    expect(heap.sorted()).toEqual([]);
  });
});
