import { describe, expect, it } from 'vitest';
import { CeilingOrder } from './ceiling-order';

/** The reference: places by ceiling, highest first, then the lower place. */
const sortedPlaces = (ceilings: number[]): number[] =>
  ceilings.map((_, at) => at).sort((a, b) => ceilings[b] - ceilings[a] || a - b);

describe('CeilingOrder', () => {
  it('orders places by ceiling, highest first, ties by the lower place, with bounds that never grow', () => {
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    // Spread values, ties, and values closer than a step of the bound.
    const ceilings = Array.from({ length: 2_000 }, (_, at) =>
      at % 5 === 0 ? 0.75 : at % 7 === 0 ? 0.5 + at * 1e-12 : random() * 1.9,
    );
    const order = new CeilingOrder();
    order.sort(Float64Array.from([...ceilings, 99]), ceilings.length);
    const places = ceilings.map((_, nth) => order.place(nth));
    const reference = sortedPlaces(ceilings);
    // Ceilings closer than a step may swap; the ceilings read along the order must still not rise by more.
    expect(new Set(places).size).toBe(ceilings.length);
    places.forEach((place, nth) => {
      expect(order.bound(nth)).toBeGreaterThanOrEqual(ceilings[place]);
      expect(order.bound(nth)).toBeLessThan(ceilings[place] + 2 ** -23);
      if (nth > 0) expect(order.bound(nth)).toBeLessThanOrEqual(order.bound(nth - 1));
      expect(Math.abs(ceilings[place] - ceilings[reference[nth]])).toBeLessThan(2 ** -23);
    });
    // Exact ties keep the lower place first.
    const tied = places.filter((place) => ceilings[place] === 0.75);
    expect(tied).toEqual([...tied].sort((a, b) => a - b));
  });

  it('refuses ceilings it cannot pack', () => {
    const order = new CeilingOrder();
    expect(() => order.sort(Float64Array.from([0.5, 2]), 2)).toThrow(RangeError);
    expect(() => order.sort(Float64Array.from([Number.NaN]), 1)).toThrow(RangeError);
  });
});
