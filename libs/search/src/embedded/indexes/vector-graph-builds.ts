import { setImmediate as nextTurn } from 'node:timers/promises';
import type { SectionInFile } from '../snapshot/section-in-file';
import type { VectorBlock } from './vector-block';
import { VectorGraph } from './vector-graph';

/**
 * From this many vectors of one length, an HNSW graph over their 8-bit codes gives the candidates instead of
 * the 8-bit scan, once built (docs/decisions/014-hnsw-graph-over-the-8-bit-codes.md).
 */
export const GRAPH_MIN_ROWS = 20_000;
/** How long a slice of the graph's build may hold the event loop, in milliseconds. */
const GRAPH_SLICE_MS = 50;
const GRAPH_FIRST_SLICE_ROWS = 64;

/** When blocks get a graph, and when it is built. */
export interface VectorGraphOptions {
  /** Blocks with fewer vectors are only scanned (default `GRAPH_MIN_ROWS`). */
  minRows?: number;
  /** Milliseconds without a write before a build or catch-up starts (default 1 000): a bulk load first. */
  quietMs?: number;
  /** No graph is built before `release()`: a generation being filled builds its graph once it is live. */
  held?: boolean;
  /** Called when a build has covered every row of a block once (not when a saved graph is loaded). */
  onBuilt?: () => void;
}

/**
 * Builds or extends the graphs of a vector index's large blocks once writes pause for `quietMs`: a slice of
 * rows at a time (about `GRAPH_SLICE_MS` on every core), the event loop free between two, so that searches
 * and writes go on meanwhile, answered by the exact scan until a graph is ready.
 */
export class VectorGraphBuilds {
  /** The pending start of a build, and the build running. */
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private closed = false;
  private sliceRows = GRAPH_FIRST_SLICE_ROWS;
  private held: boolean;

  constructor(
    private readonly blocks: () => Iterable<VectorBlock>,
    private readonly options: VectorGraphOptions = {},
    /** Where a saved graph is copied to be loaded (a temporary folder when undefined). */
    private readonly dir?: string,
  ) {
    this.held = options.held ?? false;
  }

  /** Whether a block of `rows` vectors gets a graph. */
  wants(rows: number): boolean {
    return rows >= (this.options.minRows ?? GRAPH_MIN_ROWS);
  }

  /** A write or a load: a build starts once writes pause. */
  schedule(): void {
    if (this.closed || this.held || this.running) return;
    if (this.timer) {
      this.timer.refresh();
      return;
    }
    this.timer = setTimeout(() => this.start(), this.options.quietMs ?? 1000);
    this.timer.unref();
  }

  /** Lets the graphs be built (see `held`). */
  release(): void {
    this.held = false;
    if ([...this.blocks()].some((block) => this.wants(block.rowCount))) this.schedule();
  }

  /** Builds every pending graph now, without waiting for quiet; resolves once all are caught up. */
  async ready(): Promise<void> {
    if (this.timer) this.start();
    while (this.running) await this.running;
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
  }

  private start(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.running = this.build().finally(() => {
      this.running = undefined;
    });
  }

  /**
   * Loads the graph a snapshot saved, off the event loop but for usearch's load; kept only when it matches
   * its checksum and no write reached the block meanwhile (else the loop builds one).
   */
  private async loadSaved(block: VectorBlock): Promise<void> {
    const saved = block.savedGraph as SectionInFile;
    block.savedGraph = undefined;
    const writes = block.writes;
    try {
      const graph = await VectorGraph.fromSection(saved, block.dims, block.rowCount, this.dir);
      if (graph && !this.closed && block.writes === writes && !block.graph) block.graph = graph;
    } finally {
      saved.file.release();
    }
  }

  private async build(): Promise<void> {
    for (;;) {
      const block = [...this.blocks()].find(
        (each) => this.wants(each.rowCount) && (each.graph?.covered ?? 0) < each.rowCount,
      );
      if (this.closed || !block) return;
      if (block.savedGraph) {
        await this.loadSaved(block);
        continue;
      }
      block.graph ??= VectorGraph.create(block.dims);
      const { graph } = block;
      const started = performance.now();
      const rows = Math.min(this.sliceRows, block.rowCount - graph.covered);
      try {
        graph.extend(block.codes, rows);
      } catch {
        // Out of memory for the graph: the exact scan goes on answering, and the next write tries again.
        block.graph = undefined;
        return;
      }
      if (graph.covered === block.rowCount && !graph.ready) {
        graph.ready = true;
        this.options.onBuilt?.();
      }
      const elapsed = performance.now() - started;
      this.sliceRows = Math.max(16, Math.round((rows * GRAPH_SLICE_MS) / Math.max(1, elapsed)));
      await nextTurn();
    }
  }
}
