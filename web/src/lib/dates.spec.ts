import { describe, expect, it } from 'vitest';
import { calendarDay, earliestDeadline, formatDay, formatStoredDate, toDateValue } from './dates';

describe('dates', () => {
  it('shows days as day/month/year', () => {
    expect(formatDay(new Date(2030, 0, 31))).toBe('31/01/2030');
    expect(formatStoredDate('2030-01-31T00:00:00.000Z')).toBe('31/01/2030');
    expect(formatStoredDate('2031-12-05')).toBe('05/12/2031');
  });

  it('treats days on or before 1970-01-01 and unreadable values as unset', () => {
    expect(formatStoredDate('1970-01-01T00:00:00.000Z')).toBeNull();
    expect(formatStoredDate('1969-07-20')).toBeNull();
    expect(formatStoredDate('1970-01-02')).toBe('02/01/1970');
    expect(formatStoredDate('not a date')).toBeNull();
    expect(formatStoredDate('2030-02-31')).toBeNull();
    expect(formatStoredDate(undefined)).toBeNull();
    expect(calendarDay('')).toBeNull();
  });

  it('reads the stored calendar day, whatever the time zone', () => {
    const day = calendarDay('2030-06-15T00:00:00.000Z');
    expect([day?.getFullYear(), day?.getMonth(), day?.getDate()]).toEqual([2030, 5, 15]);
    expect(toDateValue(new Date(2030, 5, 15, 23, 30))).toBe('2030-06-15');
  });

  it('offers tomorrow at midnight as the earliest deadline', () => {
    const earliest = earliestDeadline(new Date(2030, 11, 31, 18, 45));
    expect(toDateValue(earliest)).toBe('2031-01-01');
    expect([earliest.getHours(), earliest.getMinutes()]).toEqual([0, 0]);
  });
});
