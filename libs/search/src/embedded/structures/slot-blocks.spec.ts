import { describe, expect, it } from 'vitest';
import { copySections, sectionReader } from './binary-sections';
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
      expect(blocks.run(slot) && [...(blocks.run(slot) as Int32Array)]).toEqual(run);
    }
    // Compaction bounds the array by what is kept, not by everything ever written.
    const keptTotal = [...kept.values()].reduce((sum, run) => sum + run.length, 0);
    expect(blocks.data.length).toBeLessThanOrEqual(Math.max(1024, 4 * keptTotal + 24));
  });

  it('loads what its binary sections saved and keeps taking runs', () => {
    const blocks = new SlotBlocks();
    blocks.grow(100);
    const kept = new Map<number, number[]>();
    for (let slot = 0; slot < 100; slot++) {
      const run = Array.from({ length: slot % 5 }, (_, n) => slot * 10 + n);
      blocks.set(slot, Int32Array.from(run));
      kept.set(slot, run);
    }
    for (let slot = 0; slot < 100; slot += 3) {
      blocks.remove(slot);
      kept.delete(slot);
    }
    // Runs written again go to the end of the data, out of slot order; the file puts them back in it.
    for (const slot of [4, 1]) {
      const run = [slot, slot, slot];
      blocks.set(slot, Int32Array.from(run));
      kept.set(slot, run);
    }
    const read = sectionReader(copySections(blocks.toSections()));
    const keptNumbers = [...kept.values()].reduce((sum, run) => sum + run.length, 0);
    expect(read('data').length).toBe(4 * keptNumbers);
    const restored = SlotBlocks.fromSections(read);
    expect(Array.from(restored.data.subarray(restored.offsets[1], restored.offsets[1] + 3))).toEqual([
      1, 1, 1,
    ]);
    expect(restored.offsets[1]).toBeLessThan(restored.offsets[2]);
    const runOf = (from: SlotBlocks, slot: number) => {
      const offset = from.offsets[slot];
      const run = kept.get(slot);
      return offset < 0 || !run ? undefined : [...from.data.subarray(offset, offset + run.length)];
    };
    for (let slot = 0; slot < 100; slot++) expect(runOf(restored, slot)).toEqual(kept.get(slot));
    restored.grow(200);
    for (let slot = 1; slot < 200; slot += 2) {
      const run = [slot, -slot];
      restored.set(slot, Int32Array.from(run));
      kept.set(slot, run);
    }
    for (let slot = 0; slot < 200; slot++) expect(runOf(restored, slot)).toEqual(kept.get(slot));
  });
});
