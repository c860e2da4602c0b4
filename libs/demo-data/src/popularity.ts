import type { Faker } from './seeded-fakers';

export interface Weighted<T> {
  weight: number;
  value: T;
}

/**
 * Zipf-like weights: the entry at rank k is 1/k as likely as the first. Real tags follow such a curve (a
 * handful everywhere, a long tail of rare ones), and search benchmarks need that skew to be realistic.
 */
export const byRank = <T>(values: readonly T[]): Weighted<T>[] =>
  values.map((value, rank) => ({ value, weight: 1 / (rank + 1) }));

/** Up to `count` different values, each drawn by weight from those not drawn yet. */
export const pickDistinct = <T>(faker: Faker, weighted: readonly Weighted<T>[], count: number): T[] => {
  const pool = [...weighted];
  const picked: T[] = [];
  while (picked.length < count && pool.length > 0) {
    const value = faker.helpers.weightedArrayElement(pool);
    picked.push(value);
    pool.splice(
      pool.findIndex((entry) => entry.value === value),
      1,
    );
  }
  return picked;
};
