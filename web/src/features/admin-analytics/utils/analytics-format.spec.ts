import { describe, expect, it } from 'vitest';
import { formatPercent, shiftDay, shortDay } from './analytics-format';

describe('analytics formatting', () => {
  it('shows rates as percentages with one decimal', () => {
    expect(formatPercent(0.6)).toBe('60.0 %');
    expect(formatPercent(0.33333)).toBe('33.3 %');
    expect(formatPercent(0)).toBe('0.0 %');
  });

  it('moves across months and years by UTC days, and shortens days for axes', () => {
    expect(shiftDay('2031-03-01', -1)).toBe('2031-02-28');
    expect(shiftDay('2031-12-31', 1)).toBe('2032-01-01');
    expect(shortDay('2031-05-04')).toBe('05-04');
  });
});
