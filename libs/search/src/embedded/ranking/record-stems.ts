import { textStems } from '@skillers/domain';
import { LRUCache } from 'lru-cache';

/** Record texts whose stems are kept: a few thousand texts of a few kilobytes at most. */
const TEXTS_KEPT = 2_000;

/**
 * The stems of the texts results showed lately (`textStems`), by text, the least recently shown dropped
 * first: the words a result matched (`matchedTerms`) are found on every page that shows it, and the records
 * on the first pages of common searches come back again and again. Keyed by the text itself, so an edited
 * record is never read stale.
 */
export class RecordStems {
  private readonly stems: LRUCache<string, ReadonlySet<string>>;

  constructor(textsKept = TEXTS_KEPT) {
    this.stems = new LRUCache({ max: textsKept });
  }

  of(recordText: string): ReadonlySet<string> {
    let stems = this.stems.get(recordText);
    if (!stems) {
      stems = textStems(recordText);
      this.stems.set(recordText, stems);
    }
    return stems;
  }
}
