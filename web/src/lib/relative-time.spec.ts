import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time';

const now = new Date(2030, 5, 15, 12, 0, 0);
const before = (ms: number) => new Date(now.getTime() - ms);
const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

describe('relativeTime', () => {
  it('reads "Just now" under an hour, and for a time a little ahead of this clock', () => {
    expect(relativeTime(now, now)).toBe('Just now');
    expect(relativeTime(before(HOUR - 1), now)).toBe('Just now');
    expect(relativeTime(new Date(now.getTime() + 5 * MINUTE), now)).toBe('Just now');
  });

  it('counts whole hours from one hour up to a day', () => {
    expect(relativeTime(before(HOUR), now)).toBe('1h ago');
    expect(relativeTime(before(2 * HOUR - 1), now)).toBe('1h ago');
    expect(relativeTime(before(24 * HOUR - 1), now)).toBe('23h ago');
  });

  it('counts whole days from one day up to 168 hours', () => {
    expect(relativeTime(before(24 * HOUR), now)).toBe('1d ago');
    expect(relativeTime(before(48 * HOUR - 1), now)).toBe('1d ago');
    expect(relativeTime(before(168 * HOUR - 1), now)).toBe('6d ago');
  });

  it('shows the day as the British write it from 168 hours on', () => {
    expect(relativeTime(before(168 * HOUR), now)).toBe('08/06/2030');
    expect(relativeTime(new Date(2029, 11, 31, 8, 30).toISOString(), now)).toBe('31/12/2029');
  });
});
