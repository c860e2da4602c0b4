import { describe, expect, it } from 'vitest';
import { matchesWeekOf, weekBeforeStart } from './matches-week';

describe('the week of the weekly matches', () => {
  it('is named by the Monday of its UTC week, from its first millisecond to the Sunday night', () => {
    expect(matchesWeekOf(new Date('2031-03-10T00:00:00.000Z'))).toBe('2031-03-10');
    expect(matchesWeekOf(new Date('2031-03-12T13:00:00.000Z'))).toBe('2031-03-10');
    expect(matchesWeekOf(new Date('2031-03-16T23:59:59.999Z'))).toBe('2031-03-10');
    expect(matchesWeekOf(new Date('2031-03-17T00:00:00.000Z'))).toBe('2031-03-17');
    // Across a month and a year.
    expect(matchesWeekOf(new Date('2031-01-01T08:00:00.000Z'))).toBe('2030-12-30');
  });

  it('starts the week before at its Monday midnight, across a year', () => {
    expect(weekBeforeStart('2031-03-17')).toBe('2031-03-10T00:00:00.000Z');
    expect(weekBeforeStart('2031-01-06')).toBe('2030-12-30T00:00:00.000Z');
  });
});
