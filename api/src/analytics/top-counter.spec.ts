import { describe, expect, it } from 'vitest';
import { TopCounter } from './top-counter';

describe('TopCounter', () => {
  it('counts exactly while the keys fit, most first and ties by key', () => {
    const counter = new TopCounter(10);
    for (const key of ['b', 'a', 'c', 'a', 'b', 'a']) counter.add(key);
    expect(counter.top(2)).toEqual([
      { key: 'a', count: 3 },
      { key: 'b', count: 2 },
    ]);
    expect(counter.top(10)).toHaveLength(3);
  });

  it('keeps at most its capacity and still finds a frequent key among many rare ones', () => {
    const counter = new TopCounter(5);
    for (let n = 0; n < 1000; n += 1) {
      counter.add(`rare ${n}`);
      if (n % 3 === 0) counter.add('frequent');
    }
    const top = counter.top(100);
    expect(top).toHaveLength(5);
    expect(top[0].key).toBe('frequent');
    // Overestimated at most by the smallest count kept, never under.
    expect(top[0].count).toBeGreaterThanOrEqual(334);
    expect(top[0].count - 334).toBeLessThanOrEqual(top[4].count);
  });
});
