import { Injectable } from '@nestjs/common';
import type { SearchClick } from '@skillers/domain';
import { LRUCache } from 'lru-cache';
import type { SearchEvent } from './search-event';

/** Who asked for a search, or opened one of its results: the signed-in user, if any, and the address. */
export interface Searcher {
  userId?: string;
  address: string;
}

/** How long after a search a click on its results still counts. */
export const SERVED_SEARCH_TTL_MS = 30 * 60_000;
/** Shown results kept in all (a page holds 12, a similarity ranking up to 100): about 20 MB at most. */
export const SERVED_RESULTS_KEPT = 200_000;

interface ServedPage {
  /** The ids shown, in order; the first one at `firstRank`. */
  ids: readonly string[];
  firstRank: number;
  searcher: Searcher;
  /** The records of this page whose click was counted: each counts once. */
  counted: Set<string>;
}

/**
 * The pages this api process served lately, so that a click counts only when it names one of them: an
 * `eventId` that was answered, a `recordId` shown at the `rank` sent, once per record, opened by the
 * user or from the address that searched. The oldest pages go first when the bound is reached.
 */
@Injectable()
export class ServedSearches {
  private readonly pages = new LRUCache<string, ServedPage>({
    maxSize: SERVED_RESULTS_KEPT,
    sizeCalculation: (page) => page.ids.length,
    ttl: SERVED_SEARCH_TTL_MS,
  });

  remember(event: SearchEvent, searcher: Searcher): void {
    // A search that showed nothing has nothing to click.
    if (event.results.length === 0) return;
    this.pages.set(event.eventId, {
      ids: event.results.map((result) => result.id),
      firstRank: event.results[0].rank,
      searcher,
      counted: new Set(),
    });
  }

  /** Whether the click counts by the rules above; a click that counts is marked, so it counts once. */
  claim(click: SearchClick, clicker: Searcher): boolean {
    const page = this.pages.get(click.eventId);
    if (!page || page.ids[click.rank - page.firstRank] !== click.recordId) return false;
    if (!sameSearcher(page.searcher, clicker) || page.counted.has(click.recordId)) return false;
    page.counted.add(click.recordId);
    return true;
  }
}

const sameSearcher = (searcher: Searcher, clicker: Searcher): boolean =>
  clicker.address === searcher.address ||
  (searcher.userId !== undefined && clicker.userId === searcher.userId);
