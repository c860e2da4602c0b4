import { describe, expect, it } from 'vitest';
import { arrayOf, copySections } from './binary-sections';
import { TermPostings } from './term-postings';

describe('TermPostings', () => {
  it('holds the same slots as a set per term through random adds and deletes, across moves and packing', () => {
    let state = 5;
    const random = () => {
      state = (state * 1664525 + 1013904223) >>> 0;
      return state / 4294967296;
    };
    const postings = TermPostings.create();
    const model: Set<number>[] = [];
    for (let n = 0; n < 50_000; n++) {
      if (model.length < 300 && random() < 0.01) {
        expect(postings.addTerm()).toBe(model.length);
        model.push(new Set());
        continue;
      }
      if (model.length === 0) continue;
      // A few terms take most slots, as common words do.
      const term = Math.floor(model.length * random() ** 3);
      const slot = Math.floor(random() * 2000);
      if (random() < 0.35) expect(postings.delete(term, slot)).toBe(model[term].delete(slot));
      else {
        const added = !model[term].has(slot);
        model[term].add(slot);
        expect(postings.add(term, slot)).toBe(added);
      }
    }
    const sorted = (set: Set<number>) => [...set].sort((a, b) => a - b);
    model.forEach((set, term) => {
      expect(Array.from(postings.slotsOf(term))).toEqual(sorted(set));
      expect(postings.count(term)).toBe(set.size);
    });
    // Read from the pool where the runs lie, with the room between them left out.
    const [counts, slots] = copySections(postings.packedSections('counts', 'slots'));
    const restored = TermPostings.fromPacked(
      arrayOf(Int32Array, counts.data),
      arrayOf(Int32Array, slots.data),
    );
    model.forEach((set, term) => expect(Array.from(restored.slotsOf(term))).toEqual(sorted(set)));
    // The restored runs have no room to spare: the next add moves its run and keeps the others.
    expect(restored.add(0, 5000)).toBe(true);
    expect(Array.from(restored.slotsOf(0))).toEqual([...sorted(model[0]), 5000]);
    model.forEach((set, term) => term > 0 && expect(Array.from(restored.slotsOf(term))).toEqual(sorted(set)));
  });

  it('refuses packed runs whose counts do not add up', () => {
    expect(() => TermPostings.fromPacked(Int32Array.of(2), Int32Array.of(1))).toThrow(/counts say 2/);
  });
});
