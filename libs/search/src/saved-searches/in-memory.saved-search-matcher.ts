import {
  compileSavedSearch,
  documentKeys,
  documentStems,
  type SearchDocument,
  savedSearchAnchors,
} from '@skillers/domain';
import type { MatchableSearch, SavedSearchMatcher, SearchMatch } from './saved-search-matcher.port';

interface Compiled {
  searchId: string;
  ownerId: string;
  kind: string;
  anchors: string[];
  matches: (doc: SearchDocument, stems: ReadonlySet<string>) => boolean;
}

/**
 * The saved searches in memory, behind an inverted index from anchor keys (labels, tools, working types,
 * word stems) to the searches anchored on them: a record is checked against the searches sharing a key
 * with it, not against all of them. Searches with number filters only are anchored nowhere and checked
 * against every record of their kind; they are rare.
 */
export class InMemorySavedSearchMatcher implements SavedSearchMatcher {
  readonly adapter = 'memory';
  private readonly searches = new Map<string, Compiled>();
  private readonly byKey = new Map<string, Set<Compiled>>();
  private readonly unanchored = new Set<Compiled>();

  get size(): number {
    return this.searches.size;
  }

  put(search: MatchableSearch): Promise<void> {
    this.drop(search._id);
    const compiled: Compiled = {
      searchId: search._id,
      ownerId: search.ownerId,
      kind: search.kind,
      anchors: savedSearchAnchors(search),
      matches: compileSavedSearch(search),
    };
    this.searches.set(search._id, compiled);
    if (compiled.anchors.length === 0) this.unanchored.add(compiled);
    for (const key of compiled.anchors) {
      let anchored = this.byKey.get(key);
      if (!anchored) this.byKey.set(key, (anchored = new Set()));
      anchored.add(compiled);
    }
    return Promise.resolve();
  }

  remove(searchId: string): Promise<void> {
    this.drop(searchId);
    return Promise.resolve();
  }

  match(doc: SearchDocument): Promise<SearchMatch[]> {
    const stems = documentStems(doc);
    const candidates = new Set<Compiled>();
    for (const key of documentKeys(doc, stems)) {
      for (const search of this.byKey.get(key) ?? []) candidates.add(search);
    }
    for (const search of this.unanchored) if (search.kind === doc.kind) candidates.add(search);
    const found: SearchMatch[] = [];
    for (const search of candidates) {
      if (search.ownerId !== doc.ownerId && search.matches(doc, stems)) {
        found.push({ searchId: search.searchId, ownerId: search.ownerId });
      }
    }
    return Promise.resolve(found);
  }

  private drop(searchId: string): void {
    const search = this.searches.get(searchId);
    if (!search) return;
    this.searches.delete(searchId);
    this.unanchored.delete(search);
    for (const key of search.anchors) {
      const anchored = this.byKey.get(key);
      anchored?.delete(search);
      if (anchored?.size === 0) this.byKey.delete(key);
    }
  }
}
