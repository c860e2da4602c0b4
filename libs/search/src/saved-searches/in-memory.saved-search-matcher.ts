import {
  compileSavedSearch,
  documentStems,
  type SavedSearchAtom,
  savedSearchConditions,
  type SearchDocument,
  type TagFacet,
} from '@skillers/domain';
import type { MatchableSearch, SavedSearchMatcher, SearchMatch } from './saved-search-matcher.port';

/**
 * The searches that name one key (a label, a tool, a working type or a word stem), as parallel lists: the
 * search's slot, which of its condition sets the key is in (one bit each), and for a tool the level it is
 * asked at.
 */
interface Postings {
  slots: number[];
  sets: number[];
  levels: number[];
}

/** The postings of one kind of record, by what a record holds. */
interface KindPostings {
  tags: Map<TagFacet, Map<string, Postings>>;
  tools: Map<string, Postings>;
  workingTypes: Map<string, Postings>;
  words: Map<string, Postings>;
  /** Searches with number filters only: every record of the kind is checked against them. */
  unkeyed: Set<number>;
}

interface Compiled {
  searchId: string;
  ownerId: string;
  kind: string;
  slot: number;
  /** The postings that name this search, so a removal takes it out of them. */
  postings: { map: Map<string, Postings>; key: string }[];
  /** Null when holding one atom of every condition set is enough. */
  predicate: ((doc: SearchDocument, stems: ReadonlySet<string>) => boolean) | null;
}

/** Bits for at most this many condition sets per search; the rest are left to the predicate. */
const MAX_TRACKED_SETS = 32;

const emptyPostings = (): Postings => ({ slots: [], sets: [], levels: [] });

/**
 * The saved searches in memory, indexed by what they ask of a record. A record's keys (its labels, tools,
 * working types and word stems) are looked up; each search they name gets the bits of the condition sets
 * the key satisfies, and the searches whose every set is satisfied match, without running their predicate
 * unless they have number filters (`savedSearchConditions`). The work per record is the number of searches
 * naming its keys, not the number of searches.
 */
export class InMemorySavedSearchMatcher implements SavedSearchMatcher {
  readonly adapter = 'memory';
  private readonly searches = new Map<string, Compiled>();
  private readonly bySlot: (Compiled | undefined)[] = [];
  private readonly freeSlots: number[] = [];
  private readonly kinds = new Map<string, KindPostings>();
  /** Per slot: every condition-set bit of the search. */
  private required = new Uint32Array(64);
  /** Per slot, during a match: the bits the record satisfied so far. */
  private satisfied = new Uint32Array(64);
  /** The slots `satisfied` holds bits for, during a match. */
  private touched = new Int32Array(64);
  private touchedCount = 0;

  get size(): number {
    return this.searches.size;
  }

  put(search: MatchableSearch): Promise<void> {
    this.drop(search._id);
    const slot = this.freeSlots.pop() ?? this.bySlot.length;
    if (slot >= this.required.length) this.grow(slot + 1);
    const kind = this.kindOf(search.kind);
    const { sets, exact } = savedSearchConditions(search);
    const compiled: Compiled = {
      searchId: search._id,
      ownerId: search.ownerId,
      kind: search.kind,
      slot,
      postings: [],
      predicate: exact && sets.length <= MAX_TRACKED_SETS ? null : compileSavedSearch(search),
    };
    let required = 0;
    sets.slice(0, MAX_TRACKED_SETS).forEach((set, index) => {
      const bit = (1 << index) >>> 0;
      required = (required | bit) >>> 0;
      for (const atom of set) this.post(kind, compiled, atom, bit);
    });
    this.required[slot] = required;
    if (required === 0) kind.unkeyed.add(slot);
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
    this.touchedCount = 0;
    for (const facet in doc.tags) {
      const byOption = kind.tags.get(facet as TagFacet);
      if (byOption) for (const option of doc.tags[facet as TagFacet]) this.satisfy(byOption.get(option));
    }
    for (const tool in doc.toolLevels) this.satisfy(kind.tools.get(tool), doc.toolLevels[tool]);
    if (doc.workingTypeRemote) this.satisfy(kind.workingTypes.get('Remote'));
    if (doc.workingTypeOffice) this.satisfy(kind.workingTypes.get('Office'));
    let stems: Set<string> | undefined;
    if (kind.words.size > 0) {
      stems = documentStems(doc);
      for (const stem of stems) this.satisfy(kind.words.get(stem));
    }
    // The searches whose every condition set the record meets, then those with number filters only.
    const candidates: number[] = [];
    for (let at = 0; at < this.touchedCount; at++) {
      const slot = this.touched[at];
      if (this.satisfied[slot] === this.required[slot]) candidates.push(slot);
      this.satisfied[slot] = 0;
    }
    candidates.push(...kind.unkeyed);
    const found: SearchMatch[] = [];
    for (const slot of candidates) {
      const search = this.bySlot[slot];
      if (!search || search.ownerId === doc.ownerId) continue;
      if (search.predicate && !search.predicate(doc, (stems ??= documentStems(doc)))) continue;
      found.push({ searchId: search.searchId, ownerId: search.ownerId });
    }
    return Promise.resolve(found);
  }

  /** Gives each search the postings name the bits of the sets the key satisfies (a tool at its level). */
  private satisfy(postings: Postings | undefined, level = Infinity): void {
    if (!postings) return;
    const { slots, sets, levels } = postings;
    for (let at = 0; at < slots.length; at++) {
      if (level < levels[at]) continue;
      const slot = slots[at];
      if (this.satisfied[slot] === 0) this.touched[this.touchedCount++] = slot;
      this.satisfied[slot] |= sets[at];
    }
  }

  private post(kind: KindPostings, search: Compiled, atom: SavedSearchAtom, bit: number): void {
    let map: Map<string, Postings>;
    let key: string;
    let level = 0;
    switch (atom.type) {
      case 'tag': {
        let byOption = kind.tags.get(atom.facet);
        if (!byOption) kind.tags.set(atom.facet, (byOption = new Map()));
        [map, key] = [byOption, atom.option];
        break;
      }
      case 'tool':
        [map, key, level] = [kind.tools, atom.tool, atom.level];
        break;
      case 'workingType':
        [map, key] = [kind.workingTypes, atom.option];
        break;
      case 'word':
        [map, key] = [kind.words, atom.stem];
        break;
    }
    let postings = map.get(key);
    if (!postings) map.set(key, (postings = emptyPostings()));
    // One entry per search and level: a key in several of its sets carries all their bits.
    for (let at = 0; at < postings.slots.length; at++) {
      if (postings.slots[at] === search.slot && postings.levels[at] === level) {
        postings.sets[at] = (postings.sets[at] | bit) >>> 0;
        return;
      }
    }
    postings.slots.push(search.slot);
    postings.sets.push(bit);
    postings.levels.push(level);
    search.postings.push({ map, key });
  }

  private kindOf(name: string): KindPostings {
    let kind = this.kinds.get(name);
    if (!kind) {
      kind = {
        tags: new Map(),
        tools: new Map(),
        workingTypes: new Map(),
        words: new Map(),
        unkeyed: new Set(),
      };
      this.kinds.set(name, kind);
    }
    return kind;
  }

  /** Room for `slots` searches, doubling. */
  private grow(slots: number): void {
    const size = Math.max(slots, this.required.length * 2);
    const required = new Uint32Array(size);
    required.set(this.required);
    this.required = required;
    this.satisfied = new Uint32Array(size);
    this.touched = new Int32Array(size);
  }

  private drop(searchId: string): void {
    const search = this.searches.get(searchId);
    if (!search) return;
    this.searches.delete(searchId);
    this.bySlot[search.slot] = undefined;
    this.freeSlots.push(search.slot);
    this.required[search.slot] = 0;
    this.kinds.get(search.kind)?.unkeyed.delete(search.slot);
    for (const { map, key } of search.postings) {
      const postings = map.get(key);
      if (!postings) continue;
      for (let at = postings.slots.length - 1; at >= 0; at--) {
        if (postings.slots[at] !== search.slot) continue;
        postings.slots.splice(at, 1);
        postings.sets.splice(at, 1);
        postings.levels.splice(at, 1);
      }
      if (postings.slots.length === 0) map.delete(key);
    }
  }
}
