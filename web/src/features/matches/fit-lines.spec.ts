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
