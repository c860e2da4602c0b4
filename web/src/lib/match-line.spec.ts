import { describe, expect, it } from 'vitest';
import { explanationRows, matchLine } from './match-line';

describe('matchLine', () => {
  it('counts the picked labels present and names the first three', () => {
    expect(
      matchLine({
        matched: { toolsExperience: ['Rust', 'Go'], offeredWorkingType: ['Remote'], locations: ['Iceland'] },
        missing: { usedLanguages: ['Icelandic'] },
      }),
    ).toBe('Matches 4 of 5: Rust, Go, Remote…');
    expect(matchLine({ matched: { locations: ['Iceland'] }, missing: {} })).toBe('Matches 1 of 1: Iceland');
    expect(matchLine({ matched: {}, missing: { locations: ['Iceland'] } })).toBe('Matches 0 of 1');
  });

  it('says nothing when nothing was picked', () => {
    expect(matchLine({ matched: {}, missing: {}, similarity: 0.5 })).toBeUndefined();
  });
});

describe('explanationRows', () => {
  it('titles each filter with its spec label', () => {
    expect(
      explanationRows({
        matched: { requiredAreaOfExpertise: ['Banking'], locations: ['Iceland'] },
        missing: { locations: ['Norway'] },
      }),
    ).toEqual([
      { title: 'Industry', matched: ['Banking'], missing: [] },
      { title: 'Location', matched: ['Iceland'], missing: ['Norway'] },
    ]);
  });
});
