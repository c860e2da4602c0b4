import { count, create, getByID, insert, load, type Orama, type RawData, remove, save } from '@orama/orama';
import {
  facetShare,
  freshnessSignalOfTimes,
  fuseRankSignals,
  matchedTextTerms,
  SEARCH_KINDS,
  SEARCH_STOP_WORDS,
  type SearchDocument,
  type SearchFilter,
  type SearchKind,
  type SearchQuery,
  timeMs,
} from '@skillers/domain';
import type { KnnHit, SearchResult } from '../search-index.port';
import {
  jsonBytes,
  jsonOf,
  prefixed,
  readerUnder,
  type Section,
  type SectionReader,
  sectionReader,
} from './binary-sections';
import { type Bitset, hasBit } from './bitset';
import { FacetIndex } from './facet-index';
import { textTokens } from './orama-text-scores';
import { TokenScoreCache } from './token-score-cache';
import { rankHybrid } from './hybrid-ranker';
import { StoredFields } from './stored-fields';
import { VectorIndex } from './vector-index';

/**
 * Orama holds each document's id and text only (the rest is in StoredFields, the vector in VectorIndex). Filtering uses FacetIndex instead of Orama's `where`:
 * measured at 100 000 profiles, `where` alone took tens of milliseconds per filtered query.
 */
const ORAMA_SCHEMA = { text: 'string' } as const;
type KindDatabase = Orama<typeof ORAMA_SCHEMA>;
/** What Orama stores of a document. */
interface TextDocument {
  id: string;
  text: string;
}
type StoredDocs = { docs: Record<string, TextDocument>; count: number };

/** English stemming, so "developers" meets "developer", and the stop words the ranking ignores. */
const oramaComponents = () => ({
  tokenizer: { language: 'english', stemming: true, stopWords: [...SEARCH_STOP_WORDS] },
});

interface KindPart {
  db: KindDatabase;
  facets: FacetIndex;
  vectors: VectorIndex;
  fields: StoredFields;
  /** The facet slot of each Orama internal document id, so text scores reach the slots without the ids. */
  slotByInternalId: number[];
  /** BM25 parts of recent query tokens; cleared on every write of the kind. */
  tokenScores: TokenScoreCache;
}

/** 2: binary sections per structure (1 was one Orama save of whole documents per kind). */
export const SNAPSHOT_FORMAT = 2;
/**
 * Orama's save of the texts is JSON; its documents go in sections of at most this many (one string for all
 * of them would pass V8's longest string at about 200 000 documents).
 */
export const DOCS_PER_SECTION = 50_000;

/**
 * The generation as named binary sections (`<kind>.<structure>.<part>`); the text index's save is JSON
 * written and read by the same Orama version.
 */
export interface OramaSnapshot {
  format: typeof SNAPSHOT_FORMAT;
  sections: readonly Section[];
}

/** Orama's save of a kind's texts: the index without its documents, then the documents in sections. */
const textSections = (kind: SearchKind, raw: RawData, docsPerSection: number): Section[] => {
  const stored = raw.docs as StoredDocs;
  const sections = [
    { name: `${kind}.text.orama`, data: jsonBytes({ ...raw, docs: { ...stored, docs: {} } }) },
  ];
  const entries = Object.entries(stored.docs);
  for (let from = 0, part = 0; from < entries.length; from += docsPerSection, part++)
    sections.push({
      name: `${kind}.text.docs.${part}`,
      data: jsonBytes(Object.fromEntries(entries.slice(from, from + docsPerSection))),
    });
  return sections;
};

const readTextSections = (
  kind: SearchKind,
  sections: readonly Section[],
  section: SectionReader,
): RawData => {
  const raw = jsonOf<RawData>(section(`${kind}.text.orama`));
  const docs = (raw.docs as StoredDocs).docs;
  const prefix = `${kind}.text.docs.`;
  for (const { name, data } of sections)
    if (name.startsWith(prefix)) Object.assign(docs, jsonOf<StoredDocs['docs']>(data));
  return raw;
};

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
    const part = (): KindPart => {
      const db = create({ schema: ORAMA_SCHEMA, components: oramaComponents() });
      return {
        db,
        facets: new FacetIndex(),
        vectors: new VectorIndex(),
        fields: new StoredFields(),
        slotByInternalId: [],
        tokenScores: new TokenScoreCache(db, 'text'),
      };
    };
    return new OramaGeneration({ project: part(), teammate: part() });
  }

  /**
   * The generation `snapshot()` saved: the facet index, vectors and stored fields take their arrays back
   * as they were (no document is inserted again); Orama loads its own save of the texts.
   */
  static restore(snapshot: OramaSnapshot): OramaGeneration {
    const section = sectionReader(snapshot.sections);
    const part = (kind: SearchKind): KindPart => {
      const facets = FacetIndex.fromSections(readerUnder(`${kind}.facets`, section));
      const vectors = VectorIndex.fromSections(readerUnder(`${kind}.vectors`, section));
      const fields = StoredFields.fromSections(readerUnder(`${kind}.fields`, section));
      const db = create({ schema: ORAMA_SCHEMA, components: oramaComponents() });
      load(db, readTextSections(kind, snapshot.sections, section));
      const slotByInternalId: number[] = [];
      for (const [id, internalId] of db.internalDocumentIDStore.idToInternalId)
        slotByInternalId[internalId] = facets.slotOf(id) ?? -1;
      const texts = count(db);
      if (texts !== facets.size || fields.size !== facets.size)
        throw new Error(
          `${kind}: ${texts} texts, ${facets.size} facet entries, ${fields.size} field entries`,
        );
      return { db, facets, vectors, fields, slotByInternalId, tokenScores: new TokenScoreCache(db, 'text') };
    };
    const generation = new OramaGeneration({ project: part('project'), teammate: part('teammate') });
    for (const kind of SEARCH_KINDS)
      for (const [id] of generation.parts[kind].facets.entries()) generation.kindById.set(id, kind);
    return generation;
  }

  /**
   * One consistent copy of the generation as binary sections, per kind: Orama's save of the texts, the
   * facet index, the vectors and the stored fields. Copied at once, so writes after it do not reach it.
   */
  snapshot(docsPerSection = DOCS_PER_SECTION): OramaSnapshot {
    const sections = SEARCH_KINDS.flatMap((kind) => {
      const { db, facets, vectors, fields } = this.parts[kind];
      return [
        ...textSections(kind, save(db), docsPerSection),
        ...prefixed(`${kind}.facets`, facets.toSections()),
        ...prefixed(`${kind}.vectors`, vectors.toSections()),
        ...prefixed(`${kind}.fields`, fields.toSections()),
      ];
    });
    return { format: SNAPSHOT_FORMAT, sections };
  }

  /** How many documents were not embedded by this model (no vector, or another model's). */
  countWithoutModel(modelId: string): number {
    return SEARCH_KINDS.reduce((sum, kind) => sum + this.parts[kind].fields.countWithoutModel(modelId), 0);
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
      const own = [...latest.values()].filter((doc) => doc.kind === kind);
      const { db } = this.parts[kind];
      for (const doc of own) {
        if (this.kindById.has(doc.id)) settled(remove(db, doc.id));
        settled(insert(db, { id: doc.id, text: doc.text }));
      }
      this.track(kind, own);
    }
  }

  remove(ids: readonly string[]): void {
    for (const kind of SEARCH_KINDS) {
      const { db, facets, vectors, fields, slotByInternalId, tokenScores } = this.parts[kind];
      const own = ids.filter((id) => this.kindById.get(id) === kind);
      if (own.length > 0) tokenScores.clear();
      for (const id of own) {
        const internalId = db.internalDocumentIDStore.idToInternalId.get(id);
        if (internalId !== undefined) slotByInternalId[internalId] = -1;
        settled(remove(db, id));
        vectors.delete(id);
        const slot = facets.slotOf(id);
        if (slot !== undefined) fields.delete(slot);
        this.kindById.delete(id);
      }
      facets.deleteMany(own);
    }
  }

  search(query: SearchQuery): SearchResult {
    const text = query.text?.trim() || undefined;
    // The freshness signal needs every match scored, as text and vectors do.
    const result =
      text === undefined && query.queryVector === undefined && query.rankedAt === undefined
        ? this.facetSearch(query)
        : this.hybridSearch(query, text);
    if (query.facets) {
      const { facets } = this.parts[query.kind];
      result.facets = facets.facets(query);
      if (result.total === 0) result.relax = facets.relax(query);
    }
    return result;
  }

  /** Without free text or query vector: the facet index ranks, and only the page is put in order. */
  private facetSearch(query: SearchQuery): SearchResult {
    const page = this.parts[query.kind].facets.search(query, query.page, query.pageSize);
    return {
      ids: page.ids,
      scores: page.scores,
      total: page.total,
      signals: page.weights.map((weight) => {
        const facet = facetShare(weight, page.pickedWeight);
        return { facet, fused: fuseRankSignals({ facet }) };
      }),
    };
  }

  /**
   * With free text or a query vector: the facet evidence and BM25 of every match, the vector similarity of
   * only the few that can reach the page (`rankHybrid`).
   */
  private hybridSearch(query: SearchQuery, text: string | undefined): SearchResult {
    const part = this.parts[query.kind];
    const { db, facets, vectors } = part;
    const matches = facets.matches(query);
    const queryVector = query.queryVector;
    const rankedAtMs = timeMs(query.rankedAt);
    const start = (query.page - 1) * query.pageSize;
    const ranked = rankHybrid({
      matches,
      k: Math.min(start + query.pageSize, matches.total),
      textBySlot: text === undefined ? undefined : this.textBySlot(part, text, matches.bits),
      freshAt:
        rankedAtMs === undefined
          ? undefined
          : (slot) =>
              freshnessSignalOfTimes(
                facets.numberAt('lastActiveMs', slot),
                facets.numberAt('openUntilMs', slot),
                rankedAtMs,
              ),
      vectors: queryVector && {
        nearest: (n) =>
          vectors
            .nearest(queryVector, n, matches)
            .map((hit) => ({ slot: facets.slotOf(hit.id) as number, similarity: hit.similarity })),
        similarities: (slots) =>
          vectors.similarities(
            queryVector,
            slots.map((slot) => facets.idOf(slot)),
          ),
      },
      compareSlots: facets.compareSlots,
    });
    const page = ranked.slice(start);
    if (text !== undefined) {
      for (const { slot, signals } of page) {
        const doc = getByID(db, facets.idOf(slot)) as TextDocument | undefined;
        signals.textTerms = doc ? matchedTextTerms(text, doc.text) : [];
      }
    }
    return {
      ids: page.map(({ slot }) => facets.idOf(slot)),
      scores: page.map(({ slot }) => matches.score(slot)),
      total: matches.total,
      signals: page.map(({ signals }) => signals),
    };
  }

  /** BM25 of the free text for the matches, by facet slot (0 where none of its words occurs). */
  private textBySlot(part: KindPart, text: string, matches: Bitset): Float64Array {
    const scores = new Float64Array(part.facets.slotCapacity);
    const { slotByInternalId } = part;
    for (const token of textTokens(part.db, text)) {
      const { internalIds, parts } = part.tokenScores.get(token);
      for (let at = 0; at < internalIds.length; at++) {
        const slot = slotByInternalId[internalIds[at]] ?? -1;
        if (slot >= 0 && hasBit(matches, slot)) scores[slot] += parts[at];
      }
    }
    return scores;
  }

  knn(kind: SearchKind, vector: readonly number[], k: number, filter?: SearchFilter): KnnHit[] {
    const { facets, vectors } = this.parts[kind];
    return vectors.nearest(vector, k, filter && facets.matches(filter));
  }

  get(id: string): SearchDocument | null {
    const kind = this.kindById.get(id);
    const stored = kind && (getByID(this.parts[kind].db, id) as TextDocument | undefined);
    return (stored && this.document(kind, id, stored.text)) ?? null;
  }

  /** A new copy of the whole document, from its text and what the other structures keep. */
  private document(kind: SearchKind, id: string, text: string): SearchDocument | undefined {
    const { facets, fields, vectors } = this.parts[kind];
    const slot = facets.slotOf(id);
    return slot === undefined ? undefined : fields.document(slot, id, text, vectors);
  }

  count(kind: SearchKind): number {
    return count(this.parts[kind].db);
  }

  /** Indexes documents whose text Orama already holds; nothing keeps a reference to `docs`. */
  private track(kind: SearchKind, docs: readonly SearchDocument[]): void {
    const { db, facets, vectors, fields, slotByInternalId, tokenScores } = this.parts[kind];
    if (docs.length > 0) tokenScores.clear();
    for (const doc of docs) {
      // A document may come back to another slot; its fields leave the old one.
      const slot = facets.slotOf(doc.id);
      if (slot !== undefined) fields.delete(slot);
    }
    facets.upsertMany(docs);
    for (const doc of docs) {
      const slot = facets.slotOf(doc.id) ?? -1;
      const internalId = db.internalDocumentIDStore.idToInternalId.get(doc.id);
      if (internalId !== undefined) slotByInternalId[internalId] = slot;
      vectors.set(doc.id, doc.vector, slot);
      fields.put(doc, slot, vectors);
      this.kindById.set(doc.id, kind);
    }
  }
}
