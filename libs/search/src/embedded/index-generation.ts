import {
  type DocumentLabels,
  type FacetCounts,
  facetShare,
  type MatchQuery,
  fuseRankSignals,
  hasOptions,
  isOlderVersion,
  SEARCH_KINDS,
  type SearchDocument,
  type SearchFilter,
  type SearchKind,
  type SearchQuery,
  searchTerms,
  termsFound,
} from '@skillers/domain';
import type {
  ExpectedDocuments,
  GetManyOptions,
  KnnHit,
  MatchesAnswer,
  MatchOptions,
  SearchResult,
} from '../search-index.port';
import { copySections, prefixed, readerUnder, sectionReader } from './structures/binary-sections';
import { FacetIndex } from './indexes/facet-index';
import { rankHybrid } from './ranking/hybrid-ranker';
import { MatchRanker } from './ranking/match-ranker';
import { QuerySignals } from './ranking/query-signals';
import { RecordStems } from './ranking/record-stems';
import { StoredFields } from './structures/stored-fields';
import { TextIndex } from './indexes/text-index';
import type { VectorGraphOptions } from './indexes/vector-graph-builds';
import { VectorIndex } from './indexes/vector-index';
import type { VectorRowsOptions } from './structures/vector-rows';
import {
  type EmbeddedSnapshot,
  type EmbeddedSnapshotSource,
  SNAPSHOT_FORMAT,
} from './snapshot/snapshot-sections';

/**
 * TextIndex holds each document's text by facet slot (the rest is in StoredFields, the vector in
 * VectorIndex, the id in FacetIndex), and scores free text as the Orama database it replaced did.
 */
interface KindPart {
  text: TextIndex;
  facets: FacetIndex;
  vectors: VectorIndex;
  fields: StoredFields;
}

/**
 * A complete embedded index: one part per kind. Every method runs synchronously, so a search always
 * sees a write batch either not at all or whole.
 */
export class IndexGeneration {
  /** Counts the writes, so that a save can tell whether one came while it read the structures. */
  private changes = 0;
  /** The per-query arrays of hybrid searches, reused by each. */
  private readonly signals = new QuerySignals();
  /** Per kind, the stems of result texts lately shown, for the words of the free text each one matched. */
  private readonly recordStems: Record<SearchKind, RecordStems> = {
    project: new RecordStems(),
    teammate: new RecordStems(),
  };
  /** Per kind, the scorer of matches and its per-query arrays, reused by each. */
  private readonly matchRankers = new Map<SearchKind, MatchRanker>();

  private constructor(private readonly parts: Record<SearchKind, KindPart>) {}

  static create(rows: VectorRowsOptions = {}, graphs: VectorGraphOptions = {}): IndexGeneration {
    const part = (): KindPart => ({
      text: TextIndex.create(),
      facets: new FacetIndex(),
      vectors: new VectorIndex(rows, graphs),
      fields: new StoredFields(),
    });
    return new IndexGeneration({ project: part(), teammate: part() });
  }

  /**
   * Makes room for the documents a build will write (`SearchIndex.createGeneration`), plus a sixteenth for
   * those written after it: the facet index and stored fields reserve their slots, the vector index its
   * rows. At a million profiles, growing by copies instead leaves the process holding about a gigabyte more
   * at its peak than it ends with. The text index keeps no arrays by slot.
   */
  reserve(expected: ExpectedDocuments): void {
    for (const kind of SEARCH_KINDS) {
      const documents = expected[kind] ?? 0;
      if (!(documents > 0)) continue;
      const room = documents + Math.ceil(documents / 16);
      const { facets, fields, vectors } = this.parts[kind];
      facets.reserve(room);
      fields.reserve(room);
      vectors.reserve(room);
    }
  }

  /**
   * The generation `snapshot()` saved: every structure takes its arrays back as they were (no document is
   * inserted or tokenized again). The text index is keyed by facet slot, which the facet index's sections
   * bring back unchanged. Sections the snapshot's reader left in the file are read there: the vector rows
   * (`vectorRowSection` names their sections) and the graphs (`vectorGraphSection`), loaded in the
   * background.
   */
  static restore(
    snapshot: EmbeddedSnapshot,
    rows: VectorRowsOptions = {},
    graphs: VectorGraphOptions = {},
  ): IndexGeneration {
    const section = sectionReader(snapshot.sections);
    const inFile = new Map((snapshot.inFile ?? []).map((left) => [left.name, left]));
    const part = (kind: SearchKind): KindPart => {
      const facets = FacetIndex.fromSections(readerUnder(`${kind}.facets`, section));
      const vectors = VectorIndex.fromSections(
        readerUnder(`${kind}.vectors`, section),
        rows,
        graphs,
        (name) => inFile.get(`${kind}.vectors.${name}`),
      );
      const fields = StoredFields.fromSections(readerUnder(`${kind}.fields`, section));
      const text = TextIndex.fromSections(readerUnder(`${kind}.text`, section), (name) =>
        inFile.get(`${kind}.text.${name}`),
      );
      if (text.count !== facets.size || fields.size !== facets.size)
        throw new Error(
          `${kind}: ${text.count} texts, ${facets.size} facet entries, ${fields.size} field entries`,
        );
      facets.forEachSlot((slot) => {
        if (!text.has(slot)) throw new Error(`${kind}: no text at slot ${slot}`);
      });
      return { text, facets, vectors, fields };
    };
    return new IndexGeneration({ project: part('project'), teammate: part('teammate') });
  }

  /**
   * The generation as binary sections, per kind: the text index, the facet index, the vectors and the
   * stored fields, each read where it lies when written (see `EmbeddedSnapshotSource`).
   */
  snapshotSource(): EmbeddedSnapshotSource {
    const sections = SEARCH_KINDS.flatMap((kind) => {
      const { text, facets, vectors, fields } = this.parts[kind];
      return [
        ...prefixed(`${kind}.text`, text.toSections()),
        ...prefixed(`${kind}.facets`, facets.toSections()),
        ...prefixed(`${kind}.vectors`, vectors.toSections()),
        ...prefixed(`${kind}.fields`, fields.toSections()),
      ];
    });
    const taken = this.changes;
    return { format: SNAPSHOT_FORMAT, sections, unchanged: () => this.changes === taken };
  }

  /** One consistent copy of the generation in memory, which later writes do not reach. */
  snapshot(): EmbeddedSnapshot {
    return { format: SNAPSHOT_FORMAT, sections: copySections(this.snapshotSource().sections) };
  }

  /** Lets the vector indexes build their graphs: the generation is live. */
  releaseGraphs(): void {
    for (const kind of SEARCH_KINDS) this.parts[kind].vectors.releaseGraphs();
  }

  /** Builds every pending vector graph now; resolves once all are caught up. */
  async graphsReady(): Promise<void> {
    await Promise.all(SEARCH_KINDS.map((kind) => this.parts[kind].vectors.graphsReady()));
  }

  /** Frees what the generation holds outside memory (vector rows' files); it is not used afterwards. */
  close(): void {
    for (const kind of SEARCH_KINDS) {
      this.parts[kind].vectors.close();
      this.parts[kind].text.close();
    }
  }

  /** How many documents were not embedded by this model (no vector, or another model's). */
  countWithoutModel(modelId: string): number {
    return SEARCH_KINDS.reduce((sum, kind) => sum + this.parts[kind].fields.countWithoutModel(modelId), 0);
  }

  upsert(docs: readonly SearchDocument[]): void {
    this.changes++;
    // As if the batch were applied one by one: the last write of a document wins, unless its version is
    // older than the one before it or the one held (`isOlderVersion`).
    const latest = new Map<string, SearchDocument>();
    for (const doc of docs) {
      if (!isOlderVersion(doc, latest.has(doc.id) ? latest.get(doc.id)?.version : this.heldVersion(doc.id)))
        latest.set(doc.id, doc);
    }
    const moved = [...latest.values()].filter((doc) => {
      const kind = this.kindOf(doc.id);
      return kind !== undefined && kind !== doc.kind;
    });
    this.remove(moved.map((doc) => doc.id));
    for (const kind of SEARCH_KINDS) {
      const own = [...latest.values()].filter((doc) => doc.kind === kind);
      const { text, facets } = this.parts[kind];
      // A document written again keeps its slot (the facet index frees it and takes it straight back), so
      // its text and fields are replaced where they are.
      facets.upsertMany(own);
      for (const doc of own) {
        const slot = facets.slotOf(doc.id) as number;
        text.upsert(slot, doc.text);
        this.recordStems[kind].forget(slot);
      }
      this.track(kind, own);
    }
  }

  remove(ids: readonly string[]): void {
    this.changes++;
    for (const kind of SEARCH_KINDS) {
      const { text, facets, vectors, fields } = this.parts[kind];
      const own = ids.filter((id) => facets.slotOf(id) !== undefined);
      for (const id of own) {
        const slot = facets.slotOf(id) as number;
        text.remove(slot);
        this.recordStems[kind].forget(slot);
        vectors.delete(id);
        fields.delete(slot);
      }
      facets.deleteMany(own);
    }
  }

  search(query: SearchQuery): SearchResult {
    const text = query.text?.trim() || undefined;
    // Freshness and understood labels need every match scored, as text and vectors do.
    const scoresEveryMatch =
      text !== undefined ||
      query.queryVector !== undefined ||
      query.rankedAt !== undefined ||
      hasOptions(query.understood?.options) ||
      hasOptions(query.understood?.not);
    const result = scoresEveryMatch ? this.hybridSearch(query, text) : this.facetSearch(query);
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
    const { text: textIndex, facets } = part;
    const matches = facets.matches(query);
    const start = (query.page - 1) * query.pageSize;
    const ranked = rankHybrid({
      ...this.signals.requestFor(part, query, text, matches),
      k: Math.min(start + query.pageSize, matches.total),
    });
    const page = ranked.slice(start);
    if (text !== undefined) {
      const textOf = (slot: number) => textIndex.text(slot);
      const terms = searchTerms(text);
      for (const { slot, signals } of page) {
        const stems = this.recordStems[query.kind].of(slot, textOf);
        signals.textTerms = stems === undefined ? [] : termsFound(terms, stems);
      }
    }
    return {
      ids: page.map(({ slot }) => facets.idOf(slot)),
      scores: page.map(({ slot }) => matches.score(slot)),
      total: matches.total,
      signals: page.map(({ signals }) => signals),
    };
  }

  knn(kind: SearchKind, vector: readonly number[], k: number, filter?: SearchFilter): KnnHit[] {
    const { facets, vectors } = this.parts[kind];
    return vectors.nearest(vector, k, filter && facets.matches(filter));
  }

  /** The best records of the query's kind by two-sided fit (`SearchIndex.matches`). */
  matches(query: MatchQuery, options: MatchOptions): MatchesAnswer {
    let ranker = this.matchRankers.get(query.kind);
    if (!ranker) {
      const { facets, fields } = this.parts[query.kind];
      ranker = new MatchRanker(facets, fields);
      this.matchRankers.set(query.kind, ranker);
    }
    return ranker.best(query, options, this.changes);
  }

  /** The kind whose facet index holds the id (no map of its own: a million ids cost a restore its time). */
  private kindOf(id: string): SearchKind | undefined {
    return SEARCH_KINDS.find((kind) => this.parts[kind].facets.slotOf(id) !== undefined);
  }

  /** The kind and slot of the document held under `id`, if any. */
  private placeOf(id: string): { kind: SearchKind; slot: number } | undefined {
    const kind = this.kindOf(id);
    const slot = kind && this.parts[kind].facets.slotOf(id);
    return kind && slot !== undefined ? { kind, slot } : undefined;
  }

  /** The version of the document held under `id`, if any. */
  private heldVersion(id: string): number | undefined {
    const at = this.placeOf(id);
    return at && this.parts[at.kind].fields.version(at.slot);
  }

  get(id: string, { vectors = true }: GetManyOptions = {}): SearchDocument | null {
    const at = this.placeOf(id);
    return (at && this.documentAt(at.kind, at.slot, vectors)) || null;
  }

  /** The labels of the document held under `id`, read without its text. */
  labels(id: string): DocumentLabels | null {
    const at = this.placeOf(id);
    return (at && this.parts[at.kind].fields.labels(at.slot)) || null;
  }

  /** A new copy of the document, from its text and what the other structures keep; its vector when asked. */
  private documentAt(kind: SearchKind, slot: number, withVector: boolean): SearchDocument | undefined {
    const { text, facets, fields, vectors } = this.parts[kind];
    const docText = text.text(slot);
    return docText === undefined
      ? undefined
      : fields.document(slot, facets.idOf(slot), docText, withVector ? vectors : undefined);
  }

  count(kind: SearchKind): number {
    return this.parts[kind].text.count;
  }

  /** How many documents of the kind carry each label, per option filter. */
  labelCounts(kind: SearchKind): FacetCounts {
    return this.parts[kind].facets.carriedLabelCounts();
  }

  /** Indexes the rest of documents the facet and text indexes already hold; nothing keeps `docs`. */
  private track(kind: SearchKind, docs: readonly SearchDocument[]): void {
    const { facets, vectors, fields } = this.parts[kind];
    for (const doc of docs) {
      const slot = facets.slotOf(doc.id) ?? -1;
      vectors.set(doc.id, doc.vector, slot);
      fields.put(doc, slot, vectors);
    }
  }
}
