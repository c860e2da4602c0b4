import { count, create, getByID, insert, load, type Orama, type RawData, remove, save } from '@orama/orama';
import {
  SEARCH_KINDS,
  type SearchDocument,
  type SearchFilter,
  type SearchKind,
  type SearchQuery,
} from '@skillers/domain';
import type { KnnHit, SearchResult } from '../search-index.port';
import { copyDocument } from './document-copy';
import { FacetIndex } from './facet-index';
import { VectorIndex } from './vector-index';

/**
 * Orama holds the documents and their text. Filtering uses FacetIndex instead of Orama's `where`:
 * measured at 100 000 profiles, `where` alone took tens of milliseconds per filtered query.
 */
const ORAMA_SCHEMA = { text: 'string' } as const;
type KindDatabase = Orama<typeof ORAMA_SCHEMA>;

interface KindPart {
  db: KindDatabase;
  facets: FacetIndex;
  vectors: VectorIndex;
}

/** One Orama save per kind; written and read by the same Orama version. */
export interface OramaSnapshot {
  format: 1;
  kinds: Record<SearchKind, RawData>;
}

/** Orama answers synchronously unless a plugin makes it asynchronous; this index installs none. */
const settled = <T>(result: T | Promise<T>): T => {
  if (result instanceof Promise)
    throw new Error('Orama answered asynchronously; no async plugins are expected');
  return result;
};

/**
 * A complete embedded index: one part per kind. Every method runs synchronously, so a search always
 * sees a write batch either not at all or whole.
 */
export class OramaGeneration {
  private readonly kindById = new Map<string, SearchKind>();

  private constructor(private readonly parts: Record<SearchKind, KindPart>) {}

  static create(): OramaGeneration {
    const part = (): KindPart => ({
      db: create({ schema: ORAMA_SCHEMA }),
      facets: new FacetIndex(),
      vectors: new VectorIndex(),
    });
    return new OramaGeneration({ project: part(), teammate: part() });
  }

  static restore(snapshot: OramaSnapshot): OramaGeneration {
    const generation = OramaGeneration.create();
    for (const kind of SEARCH_KINDS) {
      const part = generation.parts[kind];
      load(part.db, snapshot.kinds[kind]);
      const docs = Object.values(part.db.documentsStore.getAll(part.db.data.docs)) as SearchDocument[];
      generation.track(kind, docs);
    }
    return generation;
  }

  snapshot(): OramaSnapshot {
    return {
      format: 1,
      kinds: { project: save(this.parts.project.db), teammate: save(this.parts.teammate.db) },
    };
  }

  upsert(docs: readonly SearchDocument[]): void {
    // The last version of a document in the batch wins, as if the batch were applied one by one.
    const latest = new Map(docs.map((doc) => [doc.id, doc]));
    const moved = [...latest.values()].filter((doc) => {
      const kind = this.kindById.get(doc.id);
      return kind !== undefined && kind !== doc.kind;
    });
    this.remove(moved.map((doc) => doc.id));
    for (const kind of SEARCH_KINDS) {
      const copies = [...latest.values()].filter((doc) => doc.kind === kind).map(copyDocument);
      const { db } = this.parts[kind];
      for (const copy of copies) {
        if (this.kindById.has(copy.id)) settled(remove(db, copy.id));
        settled(insert(db, copy));
      }
      this.track(kind, copies);
    }
  }

  remove(ids: readonly string[]): void {
    for (const kind of SEARCH_KINDS) {
      const { db, facets, vectors } = this.parts[kind];
      const own = ids.filter((id) => this.kindById.get(id) === kind);
      for (const id of own) {
        settled(remove(db, id));
        vectors.delete(id);
        this.kindById.delete(id);
      }
      facets.deleteMany(own);
    }
  }

  search(query: SearchQuery): SearchResult {
    const { facets } = this.parts[query.kind];
    const result: SearchResult = facets.search(query, query.page, query.pageSize);
    if (query.facets) {
      result.facets = facets.facets(query);
      if (result.total === 0) result.relax = facets.relax(query);
    }
    return result;
  }

  knn(kind: SearchKind, vector: readonly number[], k: number, filter?: SearchFilter): KnnHit[] {
    const { facets, vectors } = this.parts[kind];
    const candidates = filter && facets.matchingIds(filter);
    return vectors.nearest(vector, k, candidates);
  }

  get(id: string): SearchDocument | null {
    const kind = this.kindById.get(id);
    const stored = kind && (getByID(this.parts[kind].db, id) as SearchDocument | undefined);
    return stored ? copyDocument(stored) : null;
  }

  getMany(kind: SearchKind, ids: readonly string[]): (SearchDocument | null)[] {
    return ids.map((id) => (this.kindById.get(id) === kind ? this.get(id) : null));
  }

  count(kind: SearchKind): number {
    return count(this.parts[kind].db);
  }

  /** Indexes documents Orama already holds; they are the index's own copies, so references are kept. */
  private track(kind: SearchKind, docs: readonly SearchDocument[]): void {
    const { facets, vectors } = this.parts[kind];
    facets.upsertMany(docs);
    for (const doc of docs) {
      vectors.set(doc.id, doc.vector);
      this.kindById.set(doc.id, kind);
    }
  }
}
