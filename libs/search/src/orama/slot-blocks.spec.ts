import { describe, expect, it } from 'vitest';
import { SlotBlocks } from './slot-blocks';

let state = 5;
const random = () => {
  state = (state * 1664525 + 1013904223) >>> 0;
  return state / 4294967296;
};

describe('SlotBlocks', () => {
  it('keeps each slot its last run through replacements, removals, growth and compaction', () => {
    const blocks = new SlotBlocks();
    blocks.grow(500);
    const kept = new Map<number, number[]>();
    for (let step = 0; step < 20_000; step++) {
      const slot = Math.floor(random() * 500);
      if (random() < 0.2) {
        blocks.remove(slot);
        kept.delete(slot);
      } else {
        const run = Array.from({ length: Math.floor(random() * 12) }, () => Math.floor(random() * 1000));
        blocks.set(slot, Int32Array.from(run));
        kept.set(slot, run);
      }
    }
    for (let slot = 0; slot < 500; slot++) {
      const run = kept.get(slot);
      const offset = blocks.offsets[slot];
      if (run === undefined) expect(offset).toBe(-1);
      else expect([...blocks.data.subarray(offset, offset + run.length)]).toEqual(run);
    }
    // Compaction bounds the array by what is kept, not by everything ever written.
    const keptTotal = [...kept.values()].reduce((sum, run) => sum + run.length, 0);
    expect(blocks.data.length).toBeLessThanOrEqual(Math.max(1024, 4 * keptTotal + 24));
  });
});
