import { type NumberField, type NumberRange, NUMBER_FIELDS } from '@skillers/domain';
import { type Bitset, forEachBit } from './bitset';
import { PostingSet } from './posting-set';

/**
 * Past this many distinct values a number field keeps no postings: a range would OR too many of them, and
 * reading the column per candidate is cheaper.
 */
const VALUE_LIMIT = 32;

/**
 * A posting set per distinct value of each number field that has few of them (hours per week, months,
 * business share: option lists), so that a range over a million records is the OR of a few postings instead
 * of a million column reads. A field that once holds more than `VALUE_LIMIT` values (times) drops its
 * postings for good, and its ranges are read from the column.
 */
export class NumberPostings {
  private readonly byField = new Map<NumberField, Map<number, PostingSet>>(
    NUMBER_FIELDS.map((field) => [field, new Map()]),
  );

  constructor(private words: number) {}

  /** The postings of the live slots' numbers, built in one pass per field (as adding each slot would). */
  static fromColumns(
    words: number,
    live: Bitset,
    columns: Readonly<Record<NumberField, Float64Array>>,
  ): NumberPostings {
    const postings = new NumberPostings(words);
    for (const field of NUMBER_FIELDS) {
      const column = columns[field];
      const slotsByValue = new Map<number, number[]>();
      let many = false;
      forEachBit(live, (slot) => {
        if (many) return;
        let slots = slotsByValue.get(column[slot]);
        if (!slots) {
          many = slotsByValue.size >= VALUE_LIMIT;
          slots = [];
          slotsByValue.set(column[slot], slots);
        }
        slots.push(slot);
      });
      if (many) postings.byField.delete(field);
      else
        postings.byField.set(
          field,
          new Map(
            [...slotsByValue].map(([value, slots]) => [
              value,
              PostingSet.fromSorted(words, Uint32Array.from(slots)),
            ]),
          ),
        );
    }
    return postings;
  }

  /** Records `slot` holding `value` (NaN, a key of its own: no value). */
  add(field: NumberField, value: number, slot: number): void {
    const values = this.byField.get(field);
    if (!values) return;
    let slots = values.get(value);
    if (!slots) {
      if (values.size >= VALUE_LIMIT) {
        this.byField.delete(field);
        return;
      }
      slots = new PostingSet(this.words);
      values.set(value, slots);
    }
    slots.add(slot);
  }

  delete(field: NumberField, value: number, slot: number): void {
    const values = this.byField.get(field);
    const slots = values?.get(value);
    if (!slots) return;
    slots.delete(slot);
    if (slots.size === 0) values?.delete(value);
  }

  resize(words: number): void {
    this.words = words;
    for (const values of this.byField.values()) for (const slots of values.values()) slots.resize(words);
  }

  /**
   * The postings of the values inside the range and of those outside it, records without the number among
   * the latter (each value tested as the column test does, so the answer is the same), or undefined when the
   * field keeps no postings.
   */
  inRange({
    field,
    min,
    minInclusive,
    max,
  }: NumberRange): { inside: PostingSet[]; outside: PostingSet[] } | undefined {
    const values = this.byField.get(field);
    if (!values) return undefined;
    const inside: PostingSet[] = [];
    const outside: PostingSet[] = [];
    for (const [value, slots] of values) {
      // NaN fails both comparisons: records without the number are never inside.
      if ((minInclusive ? value >= min : value > min) && value <= max) inside.push(slots);
      else outside.push(slots);
    }
    return { inside, outside };
  }
}
