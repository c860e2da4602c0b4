import {
  arrayOf,
  arrayOfLength,
  arraySection,
  builtSection,
  poolRuns,
  type SectionReader,
  type SectionSource,
} from './binary-sections';

/**
 * A short run of numbers per slot, all in one Int32Array: a walk over slots in increasing order reads
 * memory front to back instead of one small array per slot scattered over the heap. A slot's new run is
 * appended; the space of replaced runs is reclaimed, and every run put back in slot order, when the array
 * is full.
 */
export class SlotBlocks {
  /** The runs; `offsets[slot]` is where the slot's starts (-1: none). */
  data = new Int32Array(1024);
  offsets = new Int32Array(0);
  private lengths = new Int32Array(0);
  private end = 0;
  private unused = 0;

  /**
   * The runs of slots below `capacity` in slot order, without the space of replaced runs: read where they
   * lie, with the offsets they will have in the file (built when written).
   */
  toSections(): SectionSource[] {
    const { offsets, lengths } = this;
    return [
      builtSection('offsets', offsets.byteLength, () => {
        const packed = new Int32Array(offsets.length);
        let end = 0;
        offsets.forEach((offset, slot) => {
          packed[slot] = offset < 0 ? -1 : end;
          if (offset >= 0) end += lengths[slot];
        });
        return packed;
      }),
      arraySection('lengths', lengths),
      {
        name: 'data',
        bytes: 4 * (this.end - this.unused),
        parts: () =>
          poolRuns(
            this.data,
            offsets.length,
            (slot) => offsets[slot],
            (slot) => (offsets[slot] < 0 ? 0 : lengths[slot]),
          ),
      },
    ];
  }

  static fromSections(section: SectionReader): SlotBlocks {
    const blocks = new SlotBlocks();
    blocks.offsets = arrayOf(Int32Array, section('offsets'));
    blocks.lengths = arrayOfLength(Int32Array, section('lengths'), blocks.offsets.length, 'run lengths');
    const data = arrayOf(Int32Array, section('data'));
    // Appending past the loaded runs needs room of its own: the first `set` compacts into a new array.
    blocks.data = data;
    blocks.end = data.length;
    blocks.offsets.forEach((offset, slot) => {
      if (offset >= 0 && offset + blocks.lengths[slot] > data.length) throw new Error('run past the data');
    });
    return blocks;
  }

  /** Room for slots below `capacity`. */
  grow(capacity: number): void {
    const offsets = new Int32Array(capacity).fill(-1);
    offsets.set(this.offsets);
    const lengths = new Int32Array(capacity);
    lengths.set(this.lengths);
    this.offsets = offsets;
    this.lengths = lengths;
  }

  set(slot: number, run: Int32Array): void {
    this.remove(slot);
    if (this.end + run.length > this.data.length) this.compact(run.length);
    this.data.set(run, this.end);
    this.offsets[slot] = this.end;
    this.lengths[slot] = run.length;
    this.end += run.length;
  }

  /** The slot's run where it lies (a later `set` may move it), or undefined without one. */
  run(slot: number): Int32Array | undefined {
    const offset = slot < this.offsets.length ? this.offsets[slot] : -1;
    return offset < 0 ? undefined : this.data.subarray(offset, offset + this.lengths[slot]);
  }

  remove(slot: number): void {
    if (this.offsets[slot] < 0) return;
    this.unused += this.lengths[slot];
    this.offsets[slot] = -1;
  }

  /** Drops the replaced runs and puts the others in slot order, with room for `extra` more numbers. */
  private compact(extra: number): void {
    const used = this.end - this.unused;
    const data = new Int32Array(Math.max(1024, 2 * (used + extra)));
    let end = 0;
    for (let slot = 0; slot < this.offsets.length; slot++) {
      const offset = this.offsets[slot];
      if (offset < 0) continue;
      data.set(this.data.subarray(offset, offset + this.lengths[slot]), end);
      this.offsets[slot] = end;
      end += this.lengths[slot];
    }
    this.data = data;
    this.end = end;
    this.unused = 0;
  }
}
