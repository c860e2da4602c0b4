import {
  compileSavedSearch,
  documentKeys,
  documentStems,
  keyDimension,
  type SearchDocument,
  savedSearchKeySets,
} from '@skillers/domain';
import {
  andInto,
  andNotInto,
  type Bitset,
  clearBit,
  forEachBit,
  orInto,
  resized,
  setBit,
  wordsFor,
} from '../orama/bitset';
import type { MatchableSearch, SavedSearchMatcher, SearchMatch } from './saved-search-matcher.port';

interface Compiled {
  searchId: string;
  ownerId: string;
  kind: string;
  slot: number;
  /** Every key the search constrains a record on, with the filters (dimensions) they belong to. */
  keys: string[];
  dimensions: Dimension[];
  matches: (doc: SearchDocument, stems: ReadonlySet<string>) => boolean;
}

/** One filter of one kind (a facet, tools, working types or words) over the searches' slots. */
interface Dimension {
  /** The searches that constrain this filter: a record without any of their keys here cannot match them. */
  constrained: Bitset;
  /** Per record: the searches this filter lets through (unconstrained, or holding one of its keys). */
  scratch: Bitset;
}

interface Posting {
  dimension: Dimension;
  /** The searches that pick this key. */
  bits: Bitset;
}

/**
 * The saved searches in memory, one slot each, as bitsets over the slots. Per filter (kind and facet, tools,
 * working types, words): a bitset per key of the searches that pick it, and one of the searches that
 * constrain that filter at all. A record's candidates are, per filter of its kind, the searches that leave it
 * open or pick one of the record's keys there, ANDed over the filters; only they run the full predicate
 * (`compileSavedSearch`: all_match, must-haves, tool levels, numbers, words). Searches with number filters
 * only are constrained nowhere, so every record of their kind checks them.
 */
export class InMemorySavedSearchMatcher implements SavedSearchMatcher {
  readonly adapter = 'memory';
  private readonly searches = new Map<string, Compiled>();
  private readonly bySlot: (Compiled | undefined)[] = [];
  private readonly freeSlots: number[] = [];
  private words = 1;
  private readonly kinds = new Map<string, { members: Bitset; dimensions: Map<string, Dimension> }>();
  private readonly postings = new Map<string, Posting>();
  private readonly candidates = { bits: new Uint32Array(1) };

  get size(): number {
    return this.searches.size;
  }

  put(search: MatchableSearch): Promise<void> {
    this.drop(search._id);
    const slot = this.freeSlots.pop() ?? this.bySlot.length;
    // A quarter more room at a time: every record's match reads every word, so little is left spare.
    if (wordsFor(slot + 1) > this.words)
      this.grow(Math.max(wordsFor(slot + 1), this.words + (this.words >>> 2)));
    const kind = this.kindOf(search.kind);
    const keys = [...new Set(savedSearchKeySets(search).flat())];
    const dimensions = new Set<Dimension>();
    for (const key of keys) {
      const dimension = this.dimensionOf(kind.dimensions, keyDimension(key));
      let posting = this.postings.get(key);
      if (!posting) this.postings.set(key, (posting = { dimension, bits: new Uint32Array(this.words) }));
      setBit(posting.bits, slot);
      setBit(dimension.constrained, slot);
      dimensions.add(dimension);
    }
    setBit(kind.members, slot);
    const compiled: Compiled = {
      searchId: search._id,
      ownerId: search.ownerId,
      kind: search.kind,
      slot,
      keys,
      dimensions: [...dimensions],
      matches: compileSavedSearch(search),
    };
    this.searches.set(search._id, compiled);
    this.bySlot[slot] = compiled;
    return Promise.resolve();
  }

  remove(searchId: string): Promise<void> {
    this.drop(searchId);
    return Promise.resolve();
  }

  match(doc: SearchDocument): Promise<SearchMatch[]> {
    const kind = this.kinds.get(doc.kind);
    if (!kind) return Promise.resolve([]);
    const stems = documentStems(doc);
    // The filters the record holds keys of: those searches that pick one of them, or leave the filter open.
    const held = new Set<Dimension>();
    for (const key of documentKeys(doc, stems)) {
      const posting = this.postings.get(key);
      if (!posting) continue;
      const { dimension } = posting;
      if (!held.has(dimension)) {
        held.add(dimension);
        const { constrained, scratch } = dimension;
        for (let at = 0; at < scratch.length; at++) scratch[at] = ~constrained[at];
      }
      orInto(dimension.scratch, posting.bits);
    }
    const candidates = this.candidates.bits;
    candidates.set(kind.members);
    for (const dimension of kind.dimensions.values()) {
      if (held.has(dimension)) andInto(candidates, dimension.scratch);
      else andNotInto(candidates, dimension.constrained);
    }
    const found: SearchMatch[] = [];
    forEachBit(candidates, (slot) => {
      const search = this.bySlot[slot];
      if (search && search.ownerId !== doc.ownerId && search.matches(doc, stems)) {
        found.push({ searchId: search.searchId, ownerId: search.ownerId });
      }
    });
    return Promise.resolve(found);
  }

  private kindOf(name: string) {
    let kind = this.kinds.get(name);
    if (!kind) this.kinds.set(name, (kind = { members: new Uint32Array(this.words), dimensions: new Map() }));
    return kind;
  }

  private dimensionOf(dimensions: Map<string, Dimension>, name: string): Dimension {
    let dimension = dimensions.get(name);
    if (!dimension) {
      dimension = { constrained: new Uint32Array(this.words), scratch: new Uint32Array(this.words) };
      dimensions.set(name, dimension);
    }
    return dimension;
  }

  /** Room for more slots: every bitset copied to `words` words. */
  private grow(words: number): void {
    this.words = words;
    for (const kind of this.kinds.values()) {
      kind.members = resized(kind.members, words);
      for (const dimension of kind.dimensions.values()) {
        dimension.constrained = resized(dimension.constrained, words);
        dimension.scratch = new Uint32Array(words);
      }
    }
    for (const posting of this.postings.values()) posting.bits = resized(posting.bits, words);
    this.candidates.bits = new Uint32Array(words);
  }

  private drop(searchId: string): void {
    const search = this.searches.get(searchId);
    if (!search) return;
    this.searches.delete(searchId);
    this.bySlot[search.slot] = undefined;
    this.freeSlots.push(search.slot);
    for (const key of search.keys) {
      const posting = this.postings.get(key);
      if (posting) clearBit(posting.bits, search.slot);
    }
    for (const dimension of search.dimensions) clearBit(dimension.constrained, search.slot);
    const kind = this.kinds.get(search.kind);
    if (kind) clearBit(kind.members, search.slot);
  }
}
