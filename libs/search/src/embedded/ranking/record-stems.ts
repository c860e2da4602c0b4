import { textStems } from '@skillers/domain';

/** Record texts whose stems are kept: a few thousand texts of a few kilobytes at most. */
const TEXTS_KEPT = 2_000;

/**
 * The stems of the texts results showed lately (`textStems`), by text: the words a result matched
 * (`matchedTerms`) are found on every page that shows it, and the records on the first pages of common
 * searches come back again and again. Keyed by the text itself, so an edited record is never read stale.
 */
export class RecordStems {
  private readonly stems = new Map<string, ReadonlySet<string>>();

  constructor(private readonly textsKept = TEXTS_KEPT) {}

  of(recordText: string): ReadonlySet<string> {
    let stems = this.stems.get(recordText);
    if (!stems) {
      // Emptied when full: the texts shown often are soon back.
      if (this.stems.size >= this.textsKept) this.stems.clear();
      stems = textStems(recordText);
      this.stems.set(recordText, stems);
    }
    return stems;
  }
}
