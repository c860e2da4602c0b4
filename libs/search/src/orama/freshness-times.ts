import { FRESH_ACTIVE_DAYS, type SearchDocument } from '@skillers/domain';

const DAY_MS = 86_400_000;

/**
 * Each document's freshness times in milliseconds, parsed once at indexing, for the freshness signal of the
 * hybrid ranking (the filters read them from the facet index's number columns). A missing time is NaN,
 * which fails every comparison, as in `freshnessParts`.
 */
export class FreshnessTimes {
  private readonly times = new Map<string, readonly [active: number, openUntil: number]>();

  set(doc: SearchDocument): void {
    if (doc.lastActiveAt === undefined && doc.openUntil === undefined) this.times.delete(doc.id);
    else this.times.set(doc.id, [parse(doc.lastActiveAt), parse(doc.openUntil)]);
  }

  delete(id: string): void {
    this.times.delete(id);
  }

  /** `freshnessSignal` of the document at `rankedAtMs`. */
  signal(id: string, rankedAtMs: number): number {
    const times = this.times.get(id);
    if (!times) return 0;
    const [active, openUntil] = times;
    return (active >= rankedAtMs - FRESH_ACTIVE_DAYS * DAY_MS ? 0.5 : 0) + (openUntil > rankedAtMs ? 0.5 : 0);
  }
}

const parse = (value: string | undefined): number => (value === undefined ? NaN : Date.parse(value));
