import { textStems } from '@skillers/domain';
import { LRUCache } from 'lru-cache';

/** Record texts whose stems are kept: a few thousand texts of a few kilobytes at most. */
const TEXTS_KEPT = 2_000;

/**
 * The stems of the texts results showed lately (`textStems`), by the slot of one kind's text index, the least
 * recently shown dropped first: the words a result matched (`matchedTerms`) are found on every page that shows
 * it, and the records on the first pages of common searches come back again and again. Keyed by slot, so that
 * a kept text is neither read from the index nor hashed again; a write to the slot forgets it.
 */
export class RecordStems {
  private readonly stems: LRUCache<number, ReadonlySet<string>>;

  constructor(textsKept = TEXTS_KEPT) {
    this.stems = new LRUCache({ max: textsKept });
  }

  /** The stems of the slot's text, read with `textOf` when not kept; undefined when the slot holds none. */
  of(slot: number, textOf: (slot: number) => string | undefined): ReadonlySet<string> | undefined {
    let stems = this.stems.get(slot);
    if (!stems) {
      const text = textOf(slot);
      if (text === undefined) return undefined;
      stems = textStems(text);
      this.stems.set(slot, stems);
    }
    return stems;
  }

  /** Forgets the slot's stems: its text was written again or removed. */
  forget(slot: number): void {
    this.stems.delete(slot);
  }
}
