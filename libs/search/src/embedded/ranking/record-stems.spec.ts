import { matchedTerms, matchedTextTerms, textStems } from '@skillers/domain';
import { describe, expect, it } from 'vitest';
import { RecordStems } from './record-stems';

describe('RecordStems', () => {
  const farm = 'A farmer who farms with drones';

  it('gives the stems of each text, worked out once per text, so the matched words stay the same', () => {
    const kept = new RecordStems();
    const stems = kept.of(farm);
    expect(stems).toEqual(textStems(farm));
    expect(kept.of(farm)).toBe(stems);
    for (const text of ['farming drones', 'a drone for the farm', 'no match here'])
      expect(matchedTerms(text, kept.of(farm))).toEqual(matchedTextTerms(text, farm));
  });

  it('reads an edited text afresh and keeps at most its bound', () => {
    const kept = new RecordStems(2);
    const first = kept.of(farm);
    expect(kept.of(`${farm} and tractors`)).toEqual(textStems(`${farm} and tractors`));
    expect(kept.of(farm)).toBe(first);
    // The edited text shown again: the first is now the least recently shown, the one a third text drops.
    kept.of(`${farm} and tractors`);
    kept.of('A third text');
    const again = kept.of(farm);
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });
});
