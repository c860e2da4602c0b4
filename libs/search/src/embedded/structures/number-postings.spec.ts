import { type NumberField, type NumberRange, NUMBER_FIELDS } from '@skillers/domain';
import { describe, expect, it } from 'vitest';
import { forEachBit, setBit, wordsFor } from './bitset';
import { NumberPostings } from './number-postings';
import { type PostingSet } from './posting-set';

const slotsIn = (sets: readonly PostingSet[], words: number): number[] => {
  const bits = new Uint32Array(words);
  for (const set of sets) set.orInto(bits);
  const slots: number[] = [];
  forEachBit(bits, (slot) => slots.push(slot));
  return slots;
};

const passes = ({ min, minInclusive, max }: NumberRange, value: number) =>
  (minInclusive ? value >= min : value > min) && value <= max;

describe('NumberPostings', () => {
  const words = wordsFor(1000);
  const values = [NaN, 0, 5, 10, 20, 40, 80];
  const column = Array.from({ length: 1000 }, (_, slot) => values[(slot * 5 + (slot >> 3)) % values.length]);
  const postings = new NumberPostings(words);
  column.forEach((value, slot) => postings.add('availability', value, slot));
  const ranges: NumberRange[] = [
    { field: 'availability', min: 0, minInclusive: false, max: 20 },
    { field: 'availability', min: 10, minInclusive: true, max: Infinity },
    { field: 'availability', min: 0, minInclusive: true, max: 0 },
    { field: 'availability', min: 90, minInclusive: true, max: Infinity },
  ];

  it('splits the records into those inside a range and the others, records without the number outside', () => {
    for (const range of ranges) {
      const split = postings.inRange(range);
      const all = column.map((_, slot) => slot);
      expect(slotsIn(split?.inside ?? [], words)).toEqual(all.filter((slot) => passes(range, column[slot])));
      expect(slotsIn(split?.outside ?? [], words)).toEqual(
        all.filter((slot) => !passes(range, column[slot])),
      );
      // Every range here but the last holds some records.
      if (range !== ranges[ranges.length - 1]) expect(split?.inside.length).toBeGreaterThan(0);
    }
  });

  it('forgets deleted records and values no record holds any more', () => {
    const changed = new NumberPostings(words);
    changed.add('durationMonths', 6, 1);
    changed.add('durationMonths', 12, 2);
    changed.delete('durationMonths', 6, 1);
    const range: NumberRange = { field: 'durationMonths', min: 0, minInclusive: true, max: Infinity };
    expect(changed.inRange(range)?.inside).toHaveLength(1);
    expect(slotsIn(changed.inRange(range)?.inside ?? [], words)).toEqual([2]);
  });

  it('keeps no postings for a field with many values, so its ranges are read from the column', () => {
    const times = new NumberPostings(words);
    for (let slot = 0; slot < 100; slot++) times.add('lastActiveMs', 1_700_000_000_000 + slot * 1000, slot);
    expect(
      times.inRange({ field: 'lastActiveMs', min: 0, minInclusive: true, max: Infinity }),
    ).toBeUndefined();
    expect(times.inRange({ field: 'availability', min: 0, minInclusive: true, max: Infinity })).toEqual({
      inside: [],
      outside: [],
    });
  });

  it('builds from the columns the postings that adding each live record makes', () => {
    const live = new Uint32Array(words);
    const columns = Object.fromEntries(
      NUMBER_FIELDS.map((field) => [field, new Float64Array(words * 32).fill(NaN)]),
    ) as Record<NumberField, Float64Array>;
    const added = new NumberPostings(words);
    column.forEach((value, slot) => {
      if (slot % 3 === 0) return;
      setBit(live, slot);
      columns.availability[slot] = value;
      // Every record its own time: too many values for postings.
      columns.lastActiveMs[slot] = 1_700_000_000_000 + slot;
      for (const field of NUMBER_FIELDS) added.add(field, columns[field][slot], slot);
    });
    const built = NumberPostings.fromColumns(words, live, columns);
    for (const range of [
      ...ranges,
      { field: 'durationMonths', min: 1, minInclusive: true, max: Infinity } as NumberRange,
    ]) {
      const [fromAdds, fromColumns] = [added, built].map((postings) => postings.inRange(range));
      expect(slotsIn(fromColumns?.inside ?? [], words)).toEqual(slotsIn(fromAdds?.inside ?? [], words));
      expect(slotsIn(fromColumns?.outside ?? [], words)).toEqual(slotsIn(fromAdds?.outside ?? [], words));
    }
    const times: NumberRange = { field: 'lastActiveMs', min: 0, minInclusive: true, max: Infinity };
    expect(built.inRange(times)).toBeUndefined();
    expect(added.inRange(times)).toBeUndefined();
  });
});
