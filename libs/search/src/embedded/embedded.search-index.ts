import {
  type FacetCounts,
  type MatchQuery,
  SEARCH_KINDS,
  type SearchDocument,
  type SearchFilter,
  type SearchKind,
  type SearchQuery,
} from '@skillers/domain';
import type {
  ExpectedDocuments,
  GetManyOptions,
  IndexSnapshotLabels,
  IndexSnapshots,
  KnnHit,
  MatchesAnswer,
  MatchOptions,
  RestoredIndex,
  SearchIndex,
  SearchIndexGeneration,
  SearchOptions,
  SearchResult,
} from '../search-index.port';
import { IndexGeneration } from './index-generation';
import {
  type EmbeddedSnapshot,
  type EmbeddedSnapshotSource,
  SNAPSHOT_FORMAT,
  textsSection,
  vectorGraphSection,
  vectorRowSection,
} from './snapshot/snapshot-sections';
import { type LeftInFile, readSnapshotFile, writeSnapshotFile } from './snapshot/snapshot-file';
import type { VectorRowsOptions } from './structures/vector-rows';
import type { VectorGraphOptions } from './indexes/vector-graph-builds';

/** The sections a server's index reads where its snapshot's file holds them: vector rows, search texts. */
const readInFile = (name: string): boolean => vectorRowSection(name) !== undefined || textsSection(name);

/** Graph options whose builds tell the listeners, as they are when a build ends. */
const graphsTelling = (listeners: ReadonlySet<() => void>): VectorGraphOptions => ({
  onBuilt: () => {
    for (const listener of listeners) listener();
  },
});

/**
 * The embedded SearchIndex: everything in this process's memory. A reindex builds a whole new
 * generation and swaps the reference to it, so a search sees either the old generation or the new one.
 */
export class EmbeddedSearchIndex implements SearchIndex {
  /** The name health and admin answers have always reported for the embedded index. */
  readonly adapter = 'orama';
  /** Generations being built; live writes go to them as well so that the swap loses none. */
  private readonly building = new Set<IndexGeneration>();
  /** Counts what changed the live generation (writes, loads, swaps), so a caller can tell a quiet spell. */
  private changes = 0;
  /** Each kind's label counts and the change they were counted at: recounted on the first read after a write. */
  private readonly counted = new Map<SearchKind, { change: number; counts: FacetCounts }>();

  private constructor(
    private live: IndexGeneration,
    /** Where the vectors' 32-bit rows are kept: in memory, or in files in a folder. */
    readonly vectorRows: VectorRowsOptions,
    /** Told when a generation of this index finishes building a vector graph (`onGraphBuilt`). */
    private graphListeners: Set<() => void>,
  ) {}

  static create(vectorRows: VectorRowsOptions = {}): EmbeddedSearchIndex {
    const listeners = new Set<() => void>();
    return new EmbeddedSearchIndex(
      IndexGeneration.create(vectorRows, graphsTelling(listeners)),
      vectorRows,
      listeners,
    );
  }

  /**
   * Loads a snapshot taken with `snapshot()`, e.g. at boot instead of reading every record again. The
   * snapshot's buffers become the index's own: the caller must not change or reuse them afterwards, and
   * lets the sections left in a file go (`SharedFile.release`) once this returns or throws.
   */
  static restore(snapshot: EmbeddedSnapshot, vectorRows: VectorRowsOptions = {}): EmbeddedSearchIndex {
    if (snapshot.format !== SNAPSHOT_FORMAT)
      throw new Error(`Unsupported search snapshot format: ${String(snapshot.format)}`);
    const listeners = new Set<() => void>();
    return new EmbeddedSearchIndex(
      IndexGeneration.restore(snapshot, vectorRows, graphsTelling(listeners)),
      vectorRows,
      listeners,
    );
  }

  /**
   * Calls `listener` each time a vector graph is built (not when one is loaded from a snapshot): a snapshot
   * saved from then on holds it.
   */
  onGraphBuilt(listener: () => void): void {
    this.graphListeners.add(listener);
  }

  /**
   * The sections a read of a snapshot file leaves there, unchecked: the graphs, loaded (and checked) in the
   * background, and when this index keeps files (a data folder: the server's), the vector rows and the search
   * texts, read where the snapshot holds them and checked once the index is live (`verify`).
   */
  leftInFile(): LeftInFile {
    const keepsFiles = this.vectorRows.dir !== undefined;
    return (name) => (vectorGraphSection(name) || (keepsFiles && readInFile(name)) ? 'unchecked' : undefined);
  }

  /**
   * Replaces the live generation with a snapshot's, at once (as a reindex's swap does); generations being
   * built are kept.
   */
  load(snapshot: EmbeddedSnapshot): void {
    this.adopt(EmbeddedSearchIndex.restore(snapshot));
  }

  /** Replaces the live generation with another index's, as `load` does with a snapshot's. */
  adopt(other: EmbeddedSearchIndex): void {
    // Its generation tells the other index's listeners: they become this index's.
    for (const listener of this.graphListeners) other.graphListeners.add(listener);
    this.graphListeners = other.graphListeners;
    this.replaceLive(other.live);
  }

  /**
   * The live generation becomes `next`; the old one's files are freed once no save reads them (every other
   * read of it is synchronous).
   */
  private replaceLive(next: IndexGeneration): void {
    const old = this.live;
    this.live = next;
    this.changes++;
    if (old !== next) old.close();
  }

  /** Frees the files of the live generation and of those being built; the index is not used afterwards. */
  close(): void {
    for (const generation of [this.live, ...this.building]) generation.close();
    this.building.clear();
  }

  /** Saved to a file between runs and read back: see `IndexSnapshots`. */
  get snapshots(): IndexSnapshots {
    return {
      changeCount: () => this.changeCount,
      save: (file, labels) => writeSnapshotFile(file, this.snapshotSource(), labels),
      onGraphBuilt: (listener) => this.onGraphBuilt(listener),
      read: (file, accept) => this.readSnapshot(file, accept),
    };
  }

  private async readSnapshot(
    file: string,
    accept: (labels: IndexSnapshotLabels) => string | undefined,
  ): Promise<RestoredIndex | { rejected: string }> {
    const read = await readSnapshotFile(file, accept, { leave: this.leftInFile() }).catch(
      (error: unknown) => ({ rejected: `unreadable: ${(error as Error).message}` }),
    );
    if ('rejected' in read) return read;
    let restored: EmbeddedSearchIndex;
    // Checked later: before, they would hold the start up for seconds at a million documents.
    const unchecked = (read.snapshot.inFile ?? []).filter(({ name }) => readInFile(name));
    try {
      restored = EmbeddedSearchIndex.restore(read.snapshot, this.vectorRows);
      for (const section of unchecked) section.file.hold();
    } catch (error) {
      return { rejected: `damaged: ${(error as Error).message}` };
    } finally {
      // What the index took holds the file on its own.
      for (const section of read.snapshot.inFile ?? []) section.file.release();
    }
    // The holds taken for the later check, let go once: after it, or when the index is turned down.
    let held = true;
    const letGo = () => {
      if (held) for (const section of unchecked) section.file.release();
      held = false;
    };
    return {
      countWithoutModel: (modelId) => restored.countWithoutModel(modelId),
      adopt: async () => {
        this.adopt(restored);
        const counts = await Promise.all(SEARCH_KINDS.map((kind) => restored.count(kind)));
        return counts.reduce((sum, count) => sum + count, 0);
      },
      discard: () => {
        letGo();
        restored.close();
      },
      verify: async () => {
        try {
          for (const section of unchecked) if (!(await section.check())) return section.name;
          return undefined;
        } finally {
          letGo();
        }
      },
    };
  }

  /** Grows with every change to what the index answers; equal on two reads: nothing changed between. */
  get changeCount(): number {
    return this.changes;
  }

  /** A copy of the live generation as binary sections (see `IndexGeneration.snapshot`). */
  snapshot(): EmbeddedSnapshot {
    return this.live.snapshot();
  }

  /**
   * The live generation's sections as a save writes them, without a copy (see
   * `IndexGeneration.snapshotSource`). A generation swapped out meanwhile takes no more writes, so its
   * sections stay of one state (an older one, which its labels say).
   */
  snapshotSource(): EmbeddedSnapshotSource {
    return this.live.snapshotSource();
  }

  /** How many documents were not embedded by this model (no vector, or another model's). */
  countWithoutModel(modelId: string): number {
    return this.live.countWithoutModel(modelId);
  }

  async upsert(docs: readonly SearchDocument[]): Promise<void> {
    this.changes++;
    for (const generation of [this.live, ...this.building]) generation.upsert(docs);
  }

  /**
   * Replaces each held document by what `change` makes of it (undefined: left as it is), read and written in
   * one synchronous step per generation, so no other write can come between. Resolves to how many
   * documents of the live generation changed.
   */
  async updateMany(
    ids: readonly string[],
    change: (held: SearchDocument) => SearchDocument | undefined,
  ): Promise<number> {
    let changed = 0;
    this.changes++;
    for (const generation of [this.live, ...this.building]) {
      const next = ids.flatMap((id) => {
        const held = generation.get(id);
        const doc = held ? change(held) : undefined;
        return doc ? [doc] : [];
      });
      generation.upsert(next);
      if (generation === this.live) changed = next.length;
    }
    return changed;
  }

  async remove(ids: readonly string[]): Promise<void> {
    this.changes++;
    for (const generation of [this.live, ...this.building]) generation.remove(ids);
  }

  async search(query: SearchQuery, { labels = false }: SearchOptions = {}): Promise<SearchResult> {
    const result = this.live.search(query);
    // Read in the same step as the search: no write can come between.
    if (labels) result.labels = result.ids.flatMap((id) => this.live.labels(id) ?? []);
    return result;
  }

  async labelCounts(kind: SearchKind): Promise<FacetCounts> {
    const held = this.counted.get(kind);
    if (held?.change === this.changes) return held.counts;
    const counts = this.live.labelCounts(kind);
    this.counted.set(kind, { change: this.changes, counts });
    return counts;
  }

  async get(id: string): Promise<SearchDocument | null> {
    return this.live.get(id);
  }

  async getMany(
    ids: readonly string[],
    { vectors = true }: GetManyOptions = {},
  ): Promise<(SearchDocument | null)[]> {
    return ids.map((id) => this.live.get(id, { vectors }));
  }

  async count(kind: SearchKind): Promise<number> {
    return this.live.count(kind);
  }

  async clear(): Promise<void> {
    this.replaceLive(IndexGeneration.create(this.vectorRows, graphsTelling(this.graphListeners)));
  }

  async knn(
    kind: SearchKind,
    vector: readonly number[],
    k: number,
    filter?: SearchFilter,
  ): Promise<KnnHit[]> {
    return this.live.knn(kind, vector, k, filter);
  }

  async matches(query: MatchQuery, options: MatchOptions): Promise<MatchesAnswer> {
    return this.live.matches(query, options);
  }

  /**
   * Builds the live generation's pending vector graphs now, without waiting for writes to pause; resolves once
   * kNN goes through them (benchmarks time the steady state with it).
   */
  vectorGraphsReady(): Promise<void> {
    return this.live.graphsReady();
  }

  async isReady(): Promise<boolean> {
    return true;
  }

  async createGeneration(expected: ExpectedDocuments = {}): Promise<SearchIndexGeneration> {
    // Its vector graphs are built once it is live: the bulk load it takes first goes at full speed.
    const next = IndexGeneration.create(this.vectorRows, {
      ...graphsTelling(this.graphListeners),
      held: true,
    });
    next.reserve(expected);
    this.building.add(next);
    const open = () => {
      if (!this.building.has(next))
        throw new Error('This index generation was already swapped in or discarded');
      return next;
    };
    return {
      upsert: async (docs) => open().upsert(docs),
      remove: async (ids) => open().remove(ids),
      count: async (kind) => open().count(kind),
      swap: async () => {
        this.building.delete(open());
        this.replaceLive(next);
        next.releaseGraphs();
      },
      discard: async () => {
        if (this.building.delete(next)) next.close();
      },
    };
  }
}
