import {
  compileSavedSearch,
  documentKeys,
  documentStems,
  type SearchDocument,
  savedSearchAnchorSets,
} from '@skillers/domain';
import type { MatchableSearch, SavedSearchMatcher, SearchMatch } from './saved-search-matcher.port';

interface Compiled {
  searchId: string;
  ownerId: string;
  kind: string;
  /** Each anchor is a set of keys a matching record holds at least one of. */
  anchors: string[][];
  /** One bit per anchor: a record that hits them all is checked. */
  allHit: number;
  matches: (doc: SearchDocument, stems: ReadonlySet<string>) => boolean;
}

interface Posting {
  search: Compiled;
  bit: number;
}

/**
 * The saved searches in memory, behind an inverted index from anchor keys (labels, tools, working types,
 * word stems) to the searches anchored on them. Each search has one or two anchors (`savedSearchAnchorSets`):
 * a record is checked against the searches it hits through every anchor, not against all of them. Searches
 * with number filters only are anchored nowhere and checked against every record of their kind; they are
 * rare.
 */
export class InMemorySavedSearchMatcher implements SavedSearchMatcher {
  readonly adapter = 'memory';
  private readonly searches = new Map<string, Compiled>();
  private readonly byKey = new Map<string, Posting[]>();
  private readonly unanchored = new Set<Compiled>();

  get size(): number {
    return this.searches.size;
  }

  put(search: MatchableSearch): Promise<void> {
    this.drop(search._id);
    const anchors = savedSearchAnchorSets(search);
    const compiled: Compiled = {
      searchId: search._id,
      ownerId: search.ownerId,
      kind: search.kind,
      anchors,
      allHit: (1 << anchors.length) - 1,
      matches: compileSavedSearch(search),
    };
    this.searches.set(search._id, compiled);
    if (anchors.length === 0) this.unanchored.add(compiled);
    anchors.forEach((keys, at) => {
      for (const key of keys) {
        let postings = this.byKey.get(key);
        if (!postings) this.byKey.set(key, (postings = []));
        postings.push({ search: compiled, bit: 1 << at });
      }
    });
    return Promise.resolve();
  }

  remove(searchId: string): Promise<void> {
    this.drop(searchId);
    return Promise.resolve();
  }

  match(doc: SearchDocument): Promise<SearchMatch[]> {
    const stems = documentStems(doc);
    const hits = new Map<Compiled, number>();
    for (const key of documentKeys(doc, stems)) {
      for (const { search, bit } of this.byKey.get(key) ?? [])
        hits.set(search, (hits.get(search) ?? 0) | bit);
    }
    const found: SearchMatch[] = [];
    const check = (search: Compiled) => {
      if (search.ownerId !== doc.ownerId && search.matches(doc, stems)) {
        found.push({ searchId: search.searchId, ownerId: search.ownerId });
      }
    };
    for (const [search, hit] of hits) if (hit === search.allHit) check(search);
    for (const search of this.unanchored) if (search.kind === doc.kind) check(search);
    return Promise.resolve(found);
  }

  private drop(searchId: string): void {
    const search = this.searches.get(searchId);
    if (!search) return;
    this.searches.delete(searchId);
    this.unanchored.delete(search);
    for (const key of new Set(search.anchors.flat())) {
      const kept = (this.byKey.get(key) ?? []).filter((posting) => posting.search !== search);
      if (kept.length > 0) this.byKey.set(key, kept);
      else this.byKey.delete(key);
    }
  }
}
