import { describe, expect, it } from 'vitest';
import { firstMatchedAt, hitGroupsOf, type SavedSearchHitsRecord } from './saved-search';

const row = (hits: unknown) =>
  ({ _id: 'r1', recordKind: 'project', hits }) as unknown as SavedSearchHitsRecord;

describe("a record's saved-search hits as stored", () => {
  it('finds when a search first matched the record', () => {
    const stored = row([
      { at: '2026-01-01T00:00:00.000Z', searchIds: ['s1'] },
      { at: '2026-02-01T00:00:00.000Z', searchIds: ['s2'] },
    ]);
    expect(firstMatchedAt(stored, 's2')).toBe('2026-02-01T00:00:00.000Z');
    expect(firstMatchedAt(stored, 's3')).toBeUndefined();
  });

  it('reads a bad row as no matches, and keeps the groups that still read', () => {
    for (const hits of [
      null,
      12,
      'x',
      [null],
      [{ at: 1, searchIds: ['s1'] }],
      [{ at: 'x', searchIds: null }],
    ]) {
      expect(hitGroupsOf(row(hits)), JSON.stringify(hits)).toEqual([]);
      expect(firstMatchedAt(row(hits), 's1')).toBeUndefined();
    }
    const good = { at: '2026-01-01T00:00:00.000Z', searchIds: ['s1'] };
    expect(hitGroupsOf(row([null, good]))).toEqual([good]);
  });
});
