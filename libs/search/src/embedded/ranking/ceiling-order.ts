/**
 * Ceilings are below 2 (a fused score's parts add up to less) and are rounded up to steps of 2^-24; the
 * step and a contender's place fit together in one double (2^26 places), so one typed-array sort orders them.
 */
const CEILING_STEPS = 2 ** 24;
const MAX_CEILING = 2;
const PLACES = 2 ** 26;

/**
 * The first `count` ceilings' places, highest ceiling first (then the lower place), and for each an upper
 * bound of its ceiling that never grows along the order: once a contender's bound is below the bar, so is
 * every later one's ceiling. One native sort of packed numbers, where a comparator per pair cost a few
 * percent of a home search over a hundred thousand profiles.
 */
export class CeilingOrder {
  private packed = new Float64Array(0);
  private count = 0;

  sort(ceilings: Float64Array, count: number): void {
    if (count > PLACES) throw new RangeError(`${count} contenders, more than ${PLACES} can be ordered`);
    if (this.packed.length < count) this.packed = new Float64Array(Math.max(count, 2 * this.packed.length));
    const packed = this.packed;
    for (let at = 0; at < count; at++) {
      const ceiling = ceilings[at];
      if (!(ceiling >= 0 && ceiling < MAX_CEILING)) throw new RangeError(`a ceiling of ${ceiling}`);
      // Highest step last once sorted; within a step, the lower place last too, so it is read first.
      packed[at] = Math.ceil(ceiling * CEILING_STEPS) * PLACES + (PLACES - 1 - at);
    }
    packed.subarray(0, count).sort();
    this.count = count;
  }

  /** The place of the `nth` contender in the order (0 for the highest ceiling). */
  place(nth: number): number {
    return PLACES - 1 - (this.packed[this.count - 1 - nth] % PLACES);
  }

  /** At least the `nth` contender's ceiling, and at least every later one's. */
  bound(nth: number): number {
    return Math.floor(this.packed[this.count - 1 - nth] / PLACES) / CEILING_STEPS;
  }
}
