import { describe, expect, it } from 'vitest';
import { forEachBit, setBit, wordsFor } from './bitset';
import { PostingSet } from './posting-set';

let state = 11;
const random = () => {
  state = (state * 1664525 + 1013904223) >>> 0;
  return state / 4294967296;
};

const slotsOf = (bits: Uint32Array) => {
  const slots: number[] = [];
  forEachBit(bits, (slot) => slots.push(slot));
  return slots;
};
const bitsetOf = (slots: Iterable<number>, words: number) => {
  const bits = new Uint32Array(words);
  for (const slot of slots) setBit(bits, slot);
  return bits;
};

describe('PostingSet', () => {
  it('answers as a plain set through adds, deletes and growth, sparse while rare and dense once common', () => {
    let words = wordsFor(256);
    const posting = new PostingSet(words);
    const model = new Set<number>();
    const forms = new Set<boolean>();
    for (let step = 0; step < 4000; step++) {
      if (step === 1500 || step === 3000) {
        words *= 2;
        posting.resize(words);
      }
      const slot = Math.floor(random() * words * 32);
      // Phases of mostly adding, then mostly deleting, so the set crosses the limit both ways.
      const adding = step % 2000 < 1000 ? random() < 0.8 : random() < 0.2;
      if (adding) {
        posting.add(slot);
        model.add(slot);
      } else {
        const known = [...model];
        const gone = known.length > 0 && random() < 0.7 ? known[Math.floor(random() * known.length)] : slot;
        posting.delete(gone);
        model.delete(gone);
      }
      forms.add(posting.dense);
      expect(posting.size).toBe(model.size);
      if (step % 97 !== 0) continue;
      const sorted = [...model].sort((a, b) => a - b);
      const copy = new Uint32Array(words).fill(0xffffffff);
      posting.copyInto(copy);
      expect(slotsOf(copy)).toEqual(sorted);

      const other = new Set(Array.from({ length: words * 8 }, () => Math.floor(random() * words * 32)));
      const otherBits = bitsetOf(other, words);
      const both = sorted.filter((value) => other.has(value));
      expect(posting.countAnd(otherBits)).toBe(both.length);
      const anded = otherBits.slice();
      expect(posting.andInto(anded)).toBe(both.length > 0);
      expect(slotsOf(anded)).toEqual(both);
      // Every slot but the posting's: nothing is left.
      const outside = new Uint32Array(words).fill(0xffffffff);
      for (const held of sorted) outside[held >>> 5] &= ~(1 << (held & 31));
      expect(posting.andInto(outside)).toBe(false);
      expect(slotsOf(outside)).toEqual([]);
      const ored = otherBits.slice();
      posting.orInto(ored);
      expect(slotsOf(ored)).toEqual([...new Set([...other, ...sorted])].sort((a, b) => a - b));
      for (const probe of [...sorted.slice(0, 5), slot, slot + 1])
        expect(posting.has(probe)).toBe(model.has(probe));
    }
    expect([...forms].sort()).toEqual([false, true]);
  });

  it('ANDs and ORs into the candidate words only, in either form, as whole bitsets would', () => {
    const words = wordsFor(4096);
    const forms = new Set<boolean>();
    for (const holders of [40, 1500]) {
      for (let round = 0; round < 30; round++) {
        const posting = new PostingSet(words);
        const held = new Set(Array.from({ length: holders }, () => Math.floor(random() * words * 32)));
        for (const slot of held) posting.add(slot);
        forms.add(posting.dense);
        // A target whose set bits lie in the candidate words alone, as the facet index keeps it.
        const target = bitsetOf(
          Array.from({ length: Math.floor(random() * 3000) }, () => Math.floor(random() * words * 32)),
          words,
        );
        const candidates = Int32Array.from({ length: words }, (_, at) => at).filter((at) => target[at] !== 0);
        const expectedAnd = target.slice();
        posting.andInto(expectedAnd);
        const anded = target.slice();
        const andWords = candidates.slice();
        const left = posting.andIntoWords(anded, andWords, andWords.length);
        expect(slotsOf(anded)).toEqual(slotsOf(expectedAnd));
        expect([...andWords.subarray(0, left)]).toEqual(
          [...candidates].filter((at) => expectedAnd[at] !== 0),
        );

        const ored = new Uint32Array(words);
        posting.orIntoWords(ored, candidates, candidates.length);
        const wanted = new Set([...candidates]);
        expect(slotsOf(ored)).toEqual(
          [...held].filter((slot) => wanted.has(slot >>> 5)).sort((a, b) => a - b),
        );
      }
    }
    expect([...forms].sort()).toEqual([false, true]);
  });
});
