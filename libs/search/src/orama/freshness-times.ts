import { freshnessSignal, type SearchDocument } from '@skillers/domain';

type Times = Pick<SearchDocument, 'lastActiveAt' | 'openUntil'>;

/**
 * Each document's freshness times, for the freshness signal of the hybrid ranking (the filters read them
 * from the facet index's number columns). Kept beside the facet index so that ranking reads no documents.
 */
export class FreshnessTimes {
  private readonly times = new Map<string, Times>();

  set(doc: SearchDocument): void {
    if (doc.lastActiveAt === undefined && doc.openUntil === undefined) this.times.delete(doc.id);
    else this.times.set(doc.id, { lastActiveAt: doc.lastActiveAt, openUntil: doc.openUntil });
  }

  delete(id: string): void {
    this.times.delete(id);
  }

  signal(id: string, rankedAtMs: number): number {
    return freshnessSignal(this.times.get(id) ?? {}, rankedAtMs);
  }
}
