import { describe, expect, it } from 'vitest';
import { freshnessView, isOpenAt, lapseToNotify, openUntilOf } from './freshness';

const stamps = { createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-10T00:00:00.000Z' };

describe('freshness', () => {
  it('lapses 60 days after the last confirmation', () => {
    const record = { ...stamps, openToCollaborate: true, openConfirmedAt: '2026-02-01T00:00:00.000Z' };
    expect(openUntilOf(record)).toBe('2026-04-02T00:00:00.000Z');
    expect(isOpenAt(record, new Date('2026-04-01T23:59:59.999Z'))).toBe(true);
    expect(isOpenAt(record, new Date('2026-04-02T00:00:00.000Z'))).toBe(false);
  });

  it('counts a record stored before the fields as open, confirmed and active at its last edit', () => {
    expect(freshnessView(stamps, new Date('2026-02-01T00:00:00.000Z'))).toEqual({
      lastActiveAt: stamps.updatedAt,
      openToCollaborate: true,
      openConfirmedAt: stamps.updatedAt,
      openNow: true,
    });
  });

  it('never opens a record whose owner switched it off', () => {
    const record = { ...stamps, openToCollaborate: false, openConfirmedAt: '2026-02-01T00:00:00.000Z' };
    expect(openUntilOf(record)).toBeUndefined();
    expect(isOpenAt(record, new Date('2026-02-02T00:00:00.000Z'))).toBe(false);
    expect(lapseToNotify(record, new Date('2026-06-01T00:00:00.000Z'))).toBe(false);
  });

  it('tells of a lapse once per confirmation', () => {
    const lapsed = { ...stamps, openConfirmedAt: '2026-01-01T00:00:00.000Z' };
    const later = new Date('2026-06-01T00:00:00.000Z');
    expect(lapseToNotify(lapsed, new Date('2026-02-01T00:00:00.000Z'))).toBe(false);
    expect(lapseToNotify(lapsed, later)).toBe(true);
    expect(lapseToNotify({ ...lapsed, openLapseNotifiedFor: lapsed.openConfirmedAt }, later)).toBe(false);
    expect(lapseToNotify({ ...lapsed, openLapseNotifiedFor: '2025-10-01T00:00:00.000Z' }, later)).toBe(true);
  });
});
