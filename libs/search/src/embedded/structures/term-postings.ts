import { arraySection, poolRuns, type SectionSource } from './binary-sections';

/** Room a run gets when it first needs some; it grows by half from there. */
const FIRST_CAPACITY = 2;
const INITIAL_POOL = 1024;
const INITIAL_TERMS = 256;

/**
 * The slots of each term, as sorted runs in one shared Int32Array (no array or object per term). A run
 * that fills up moves to the end of the pool with half as much room again and leaves its old place as
 * garbage; when the garbage reaches a quarter of what the runs use, they are packed into a new pool. Sorted runs make adding and removing a slot a
 * binary search and one `copyWithin`.
 */
export class TermPostings {
  private constructor(
    private pool: Int32Array,
    /** Used up to here; beyond is free. */
    private end: number,
    private starts: Uint32Array,
    private counts: Int32Array,
    private capacities: Int32Array,
    private terms: number,
  ) {}

  static create(): TermPostings {
    const counts = new Int32Array(INITIAL_TERMS);
    return new TermPostings(
      new Int32Array(INITIAL_POOL),
      0,
      new Uint32Array(INITIAL_TERMS),
      counts,
      new Int32Array(INITIAL_TERMS),
      0,
    );
  }

  /** From tight runs (`packedSections`), each run's room its own length. */
  static fromPacked(counts: Int32Array, slots: Int32Array): TermPostings {
    const starts = new Uint32Array(counts.length);
    let at = 0;
    for (let term = 0; term < counts.length; term++) {
      starts[term] = at;
      at += counts[term];
    }
    if (at !== slots.length) throw new Error(`postings hold ${slots.length} slots, their counts say ${at}`);
    return new TermPostings(slots, at, starts, counts, counts.slice(), counts.length);
  }

  get termCount(): number {
    return this.terms;
  }

  /** A new term, with no slots; terms are numbered from 0 in the order they are added. */
  addTerm(): number {
    if (this.terms === this.counts.length) {
      const size = this.counts.length * 2;
      this.starts = grown(this.starts, new Uint32Array(size));
      this.counts = grown(this.counts, new Int32Array(size));
      this.capacities = grown(this.capacities, new Int32Array(size));
    }
    return this.terms++;
  }

  count(term: number): number {
    return this.counts[term];
  }

  /** The term's slots in ascending order; a view that the next write may change. */
  slotsOf(term: number): Int32Array {
    const start = this.starts[term];
    return this.pool.subarray(start, start + this.counts[term]);
  }

  /** Adds the slot to the term; false when it was there already. */
  add(term: number, slot: number): boolean {
    const count = this.counts[term];
    let at = this.position(term, slot);
    if (at < count && this.pool[this.starts[term] + at] === slot) return false;
    if (count === this.capacities[term]) this.move(term, count + Math.max(FIRST_CAPACITY, count >> 1));
    const start = this.starts[term];
    at += start;
    this.pool.copyWithin(at + 1, at, start + count);
    this.pool[at] = slot;
    this.counts[term] = count + 1;
    return true;
  }

  /** Takes the slot from the term; false when it was not there. */
  delete(term: number, slot: number): boolean {
    const count = this.counts[term];
    const at = this.position(term, slot);
    if (at >= count || this.pool[this.starts[term] + at] !== slot) return false;
    const start = this.starts[term];
    this.pool.copyWithin(start + at, start + at + 1, start + count);
    this.counts[term] = count - 1;
    return true;
  }

  /**
   * What `fromPacked` reads, as two sections: the run lengths, and every term's run tight in term order, read
   * from the pool where they lie.
   */
  packedSections(countsName: string, slotsName: string): SectionSource[] {
    const { terms, counts, starts } = this;
    let total = 0;
    for (let term = 0; term < terms; term++) total += counts[term];
    return [
      arraySection(countsName, counts, terms),
      {
        name: slotsName,
        bytes: 4 * total,
        parts: () =>
          poolRuns(
            this.pool,
            terms,
            (term) => starts[term],
            (term) => counts[term],
          ),
      },
    ];
  }

  /** Where the slot is, or belongs, in the term's run (binary search). */
  private position(term: number, slot: number): number {
    const start = this.starts[term];
    let low = 0;
    let high = this.counts[term];
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.pool[start + middle] < slot) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** Gives the term's run `capacity` places at the end of the pool. */
  private move(term: number, capacity: number): void {
    if (this.end + capacity > this.pool.length) {
      const live = this.liveCapacity();
      if (this.end - live > live / 4) this.pack(Math.ceil((live + capacity) * 1.5));
      if (this.end + capacity > this.pool.length)
        this.pool = grown(
          this.pool,
          new Int32Array(Math.max(this.end + capacity, Math.ceil(this.pool.length * 1.5))),
        );
    }
    const start = this.starts[term];
    this.pool.copyWithin(this.end, start, start + this.counts[term]);
    this.starts[term] = this.end;
    this.capacities[term] = capacity;
    this.end += capacity;
  }

  private liveCapacity(): number {
    let live = 0;
    for (let term = 0; term < this.terms; term++) live += this.capacities[term];
    return live;
  }

  /** Copies every run, with its room, into a new pool with at least `size` places: the garbage is left behind. */
  private pack(size: number): void {
    const pool = new Int32Array(Math.max(size, INITIAL_POOL));
    let at = 0;
    for (let term = 0; term < this.terms; term++) {
      const start = this.starts[term];
      pool.set(this.pool.subarray(start, start + this.counts[term]), at);
      this.starts[term] = at;
      at += this.capacities[term];
    }
    this.pool = pool;
    this.end = at;
  }
}

/** `into` with `from` copied to its start. */
const grown = <T extends Int32Array | Uint32Array>(from: T, into: T): T => {
  into.set(from);
  return into;
};
