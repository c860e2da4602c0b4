/**
 * The best `k` slots by a numeric key (higher first), ties broken by a comparator (negative when the first
 * slot ranks before the second), in a binary heap with the worst kept slot at the root: most offers cost one
 * comparison with the root, so picking a page out of n matches costs n, not n·log n. Arrays are kept from one
 * query to the next.
 */
export class TopSlots {
  private keys = new Float64Array(0);
  private slots = new Int32Array(0);
  private size = 0;
  private k = 0;

  constructor(private readonly tieBreak: (a: number, b: number) => number) {}

  reset(k: number): void {
    if (this.slots.length < k) {
      this.keys = new Float64Array(k);
      this.slots = new Int32Array(k);
    }
    this.size = 0;
    this.k = k;
  }

  get full(): boolean {
    return this.size >= this.k;
  }

  /** The key of the worst kept slot: what a slot must at least reach to be kept, once full. */
  get worstKey(): number {
    return this.size === 0 ? -Infinity : this.keys[0];
  }

  /** Whether (keyA, slotA) ranks below (keyB, slotB). */
  private below(keyA: number, slotA: number, keyB: number, slotB: number): boolean {
    return keyA < keyB || (keyA === keyB && this.tieBreak(slotA, slotB) > 0);
  }

  offer(key: number, slot: number): void {
    if (this.k === 0) return;
    const { keys, slots } = this;
    if (this.size < this.k) {
      let at = this.size++;
      while (at > 0) {
        const parent = (at - 1) >> 1;
        if (!this.below(key, slot, keys[parent], slots[parent])) break;
        keys[at] = keys[parent];
        slots[at] = slots[parent];
        at = parent;
      }
      keys[at] = key;
      slots[at] = slot;
      return;
    }
    if (!this.below(keys[0], slots[0], key, slot)) return;
    let at = 0;
    for (;;) {
      const left = 2 * at + 1;
      if (left >= this.size) break;
      const right = left + 1;
      const child =
        right < this.size && this.below(keys[right], slots[right], keys[left], slots[left]) ? right : left;
      if (!this.below(keys[child], slots[child], key, slot)) break;
      keys[at] = keys[child];
      slots[at] = slots[child];
      at = child;
    }
    keys[at] = key;
    slots[at] = slot;
  }

  /** The kept slots, best first. */
  sorted(): number[] {
    return this.sortedEntries().map(({ slot }) => slot);
  }

  /** The kept slots with their keys, best first. */
  sortedEntries(): { key: number; slot: number }[] {
    const order = Array.from({ length: this.size }, (_, at) => at);
    order.sort((a, b) =>
      this.below(this.keys[a], this.slots[a], this.keys[b], this.slots[b])
        ? 1
        : this.below(this.keys[b], this.slots[b], this.keys[a], this.slots[a])
          ? -1
          : 0,
    );
    return order.map((at) => ({ key: this.keys[at], slot: this.slots[at] }));
  }
}
