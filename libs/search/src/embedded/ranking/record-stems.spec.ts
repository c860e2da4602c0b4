import { matchedTerms, matchedTextTerms, textStems } from '@skillers/domain';
import { describe, expect, it } from 'vitest';
import { RecordStems } from './record-stems';

describe('RecordStems', () => {
  const farm = 'A farmer who farms with drones';
  const texts = new Map([
    [0, farm],
    [1, `${farm} and tractors`],
    [2, 'A third text'],
  ]);
  /** The texts by slot, counting the reads. */
  const reader = () => {
    const reads: number[] = [];
    return {
      reads,
      textOf: (slot: number) => {
        reads.push(slot);
        return texts.get(slot);
      },
    };
  };

  it('gives the stems of each slot, its text read once, so the matched words stay the same', () => {
    const kept = new RecordStems();
    const { reads, textOf } = reader();
    const stems = kept.of(0, textOf);
    expect(stems).toEqual(textStems(farm));
    expect(kept.of(0, textOf)).toBe(stems);
    expect(reads).toEqual([0]);
    for (const text of ['farming drones', 'a drone for the farm', 'no match here'])
      expect(matchedTerms(text, stems ?? new Set())).toEqual(matchedTextTerms(text, farm));
  });

  it('reads a forgotten slot afresh, has nothing for a slot without text, and keeps at most its bound', () => {
    const kept = new RecordStems(2);
    const { reads, textOf } = reader();
    const first = kept.of(0, textOf);
    kept.forget(0);
    expect(kept.of(0, textOf)).not.toBe(first);
    expect(kept.of(7, textOf)).toBeUndefined();
    kept.of(1, textOf);
    // Slot 0 is now the least recently shown, the one a third slot drops.
    kept.of(2, textOf);
    expect(kept.of(0, textOf)).toEqual(first);
    expect(reads).toEqual([0, 0, 7, 1, 2, 0]);
  });
});
