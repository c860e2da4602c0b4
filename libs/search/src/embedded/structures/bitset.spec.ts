import { describe, expect, it } from 'vitest';
import {
  andAnyIntoWords,
  andInto,
  clearBit,
  countAnd,
  countBits,
  countWords,
  forEachBit,
  hasBit,
  nonZeroWords,
  orInto,
  popcount,
  resized,
  setBit,
  wordsFor,
  writeSlots,
} from './bitset';

let state = 7;
const random = () => {
  state = (state * 1664525 + 1013904223) >>> 0;
  return state / 4294967296;
};

const bitsetOf = (slots: Iterable<number>, words: number) => {
  const bits = new Uint32Array(words);
  for (const slot of slots) setBit(bits, slot);
  return bits;
};
const slotsOf = (bits: Uint32Array) => {
  const slots: number[] = [];
  forEachBit(bits, (slot) => slots.push(slot));
  return slots;
};

describe('bitset', () => {
  it('counts the set bits of any word, the highest included', () => {
    for (const word of [0, 1, 0x80000000, 0xffffffff, 0x55555555, 0x12345678]) {
      expect(popcount(word)).toBe(
        word
          .toString(2)
          .split('')
          .filter((bit) => bit === '1').length,
      );
    }
  });

  it('agrees with sets of numbers on membership, AND, OR, non-zero words and counts', () => {
    const slots = 1000;
    const words = wordsFor(slots);
    expect(words).toBe(32);
    for (let round = 0; round < 50; round++) {
      const a = new Set(
        Array.from({ length: Math.floor(random() * 600) }, () => Math.floor(random() * slots)),
      );
      const b = new Set(
        Array.from({ length: Math.floor(random() * 600) }, () => Math.floor(random() * slots)),
      );
      const bitsA = bitsetOf(a, words);
      const bitsB = bitsetOf(b, words);
      expect(slotsOf(bitsA)).toEqual([...a].sort((x, y) => x - y));
      expect(countBits(bitsA)).toBe(a.size);
      const both = [...a].filter((slot) => b.has(slot)).sort((x, y) => x - y);
      expect(countAnd(bitsA, bitsB)).toBe(both.length);
      const and = bitsA.slice();
      expect(andInto(and, bitsB)).toBe(both.length > 0);
      expect(slotsOf(and)).toEqual(both);
      const outside = bitsA.map((word) => ~word);
      expect(andInto(outside, bitsA)).toBe(false);
      const or = bitsA.slice();
      orInto(or, bitsB);
      expect(slotsOf(or)).toEqual([...new Set([...a, ...b])].sort((x, y) => x - y));
      const nonZero = new Int32Array(words);
      const count = nonZeroWords(bitsA, nonZero);
      expect([...nonZero.subarray(0, count)]).toEqual(
        [...new Set([...a].map((slot) => slot >>> 5))].sort((x, y) => x - y),
      );
      expect(countWords(bitsA, nonZero, count)).toBe(a.size);
      for (let slot = 0; slot < slots; slot += 37) expect(hasBit(bitsA, slot)).toBe(a.has(slot));
    }
  });

  it('ANDs with the OR of any number of sets (or AND NOTs it) in one pass, listing the words left', () => {
    const slots = 1000;
    const words = wordsFor(slots);
    const someSlots = (share: number) =>
      new Set(
        Array.from({ length: Math.floor(random() * slots * share) }, () => Math.floor(random() * slots)),
      );
    for (let round = 0; round < 20; round++) {
      const target = someSlots(1.5);
      for (const setCount of [1, 2, 3, 5]) {
        const sets = Array.from({ length: setCount }, () => someSlots(0.3));
        for (const negate of [false, true]) {
          const into = bitsetOf(target, words);
          const left = new Int32Array(words);
          const count = andAnyIntoWords(
            into,
            sets.map((set) => bitsetOf(set, words)),
            negate,
            left,
          );
          const expected = [...target]
            .filter((slot) => sets.some((set) => set.has(slot)) !== negate)
            .sort((x, y) => x - y);
          expect(slotsOf(into)).toEqual(expected);
          expect([...left.subarray(0, count)]).toEqual(
            [...new Set(expected.map((slot) => slot >>> 5))].sort((x, y) => x - y),
          );
        }
      }
    }
  });

  it('clears single bits and keeps them when resized', () => {
    const bits = bitsetOf([0, 31, 32, 63, 64], 3);
    clearBit(bits, 31);
    expect(slotsOf(bits)).toEqual([0, 32, 63, 64]);
    const grown = resized(bits, 10);
    expect(grown).toHaveLength(10);
    expect(slotsOf(grown)).toEqual([0, 32, 63, 64]);
  });

  it('writes the set slots in order, only those within a mask when given, and refuses more than fit', () => {
    const bits = new Uint32Array(3);
    for (const slot of [1, 31, 32, 70, 95]) setBit(bits, slot);
    const within = new Uint32Array(2);
    for (const slot of [0, 31, 32]) setBit(within, slot);
    const slots = new Int32Array(5);
    expect(writeSlots(bits, slots)).toBe(5);
    expect(Array.from(slots)).toEqual([1, 31, 32, 70, 95]);
    // Slots 70 and 95 lie past the mask's end: left out.
    expect(writeSlots(bits, slots, within)).toBe(2);
    expect(Array.from(slots.subarray(0, 2))).toEqual([31, 32]);
    expect(() => writeSlots(bits, new Int32Array(4))).toThrow('more set bits than the 4 slots given');
  });
});
