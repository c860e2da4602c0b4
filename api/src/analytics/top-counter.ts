/**
 * Approximate heavy hitters in bounded memory (the Space-Saving algorithm of Metwally, Agrawal and El
 * Abbadi): at most `capacity` keys are counted. While fewer distinct keys than that arrive, every count is
 * exact; past it, a new key takes the place of the least counted one and inherits its count, so counts
 * can only be overestimated, by at most the smallest count kept, and any key seen more often than that is
 * kept.
 */
export class TopCounter {
  private readonly counts = new Map<string, number>();

  constructor(private readonly capacity: number) {}

  add(key: string): void {
    const count = this.counts.get(key);
    if (count !== undefined) {
      this.counts.set(key, count + 1);
      return;
    }
    if (this.counts.size < this.capacity) {
      this.counts.set(key, 1);
      return;
    }
    let leastKey = '';
    let least = Infinity;
    for (const [kept, keptCount] of this.counts) {
      if (keptCount < least) {
        least = keptCount;
        leastKey = kept;
      }
    }
    this.counts.delete(leastKey);
    this.counts.set(key, least + 1);
  }

  /** The `size` most counted keys, most first; ties in key order, so the answer is stable. */
  top(size: number): { key: string; count: number }[] {
    return [...this.counts]
      .map(([key, count]) => ({ key, count }))
      .sort((a, b) => b.count - a.count || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
      .slice(0, size);
  }
}
