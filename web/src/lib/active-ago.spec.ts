import { describe, expect, it } from 'vitest';
import { activeAgo } from './active-ago';

const now = new Date('2026-03-10T12:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('activeAgo', () => {
  it('words the largest whole unit', () => {
    expect(activeAgo(ago(3 * DAY + 5 * HOUR), now)).toBe('Active 3 days ago');
    expect(activeAgo(ago(DAY), now)).toBe('Active yesterday');
    expect(activeAgo(ago(5 * HOUR), now)).toBe('Active 5 hours ago');
    expect(activeAgo(ago(15 * DAY), now)).toBe('Active 2 weeks ago');
    expect(activeAgo(ago(65 * DAY), now)).toBe('Active 2 months ago');
    expect(activeAgo(ago(400 * DAY), now)).toBe('Active last year');
  });

  it('reads "Active now" under a minute or slightly ahead of the clock, and nothing for no date', () => {
    expect(activeAgo(ago(30_000), now)).toBe('Active now');
    expect(activeAgo(ago(-60_000), now)).toBe('Active now');
    expect(activeAgo('not a date', now)).toBe('');
  });
});
