import { describe, expect, it } from 'vitest';
import { fitLines } from './fit-lines';

describe('fitLines', () => {
  it('names what each side gets, a few labels at most', () => {
    const lines = fitLines({
      needs: { matched: ['Rust', 'Go', 'Kafka', 'Redis'], missing: ['Scala'], share: 0.8 },
      wants: { matched: ['Equity', 'Remote'], missing: [], share: 1 },
      score: 0.89,
    });
    expect(lines).toEqual({
      needs: 'Has 4 of 5 you need: Rust, Go, Kafka and 1 more',
      wants: 'Wants what you offer: Equity, Remote',
    });
  });

  it('says so when a side gets nothing', () => {
    const lines = fitLines({
      needs: { matched: [], missing: ['Rust'], share: 0 },
      wants: { matched: [], missing: ['Salary'], share: 0 },
      score: 0,
    });
    expect(lines).toEqual({
      needs: 'Has none of what you need yet',
      wants: 'Wants what you do not offer yet',
    });
  });
});

describe('fitLines for the skiller', () => {
  it('tells the profile’s owner what the project needs of them and offers them', () => {
    const why = {
      needs: { matched: ['Rust', 'Go'], missing: ['Kafka'], share: 0.6 },
      wants: { matched: ['Equity Grant', 'Remote'], missing: [], share: 1 },
      score: 0.75,
    };
    expect(fitLines(why, 'profile')).toEqual({
      needs: 'You have 2 of 3 it needs: Rust, Go',
      wants: 'Offers what you want: Equity Grant, Remote',
    });
    expect(
      fitLines(
        { ...why, needs: { ...why.needs, matched: [] }, wants: { ...why.wants, matched: [] } },
        'profile',
      ),
    ).toEqual({ needs: 'Needs none of what you have yet', wants: 'Offers none of what you want yet' });
  });
});
