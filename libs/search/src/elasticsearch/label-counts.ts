import type { Client } from '@elastic/elasticsearch';
import { FACET_DIMENSIONS, type FacetCounts } from '@skillers/domain';
import {
  type Aggregations,
  type BucketsAggregate,
  labelAggregation,
  labelBuckets,
} from './elasticsearch-query';

/** More labels than any vocabulary holds: the label counts of a kind name every label some record carries. */
export const LABELS_COUNTED_MAX = 10_000;

/** Every label's count over an index, one aggregation per option filter (`SearchIndex.labelCounts`). */
export const labelCountAggregations = (): Aggregations =>
  Object.fromEntries(
    FACET_DIMENSIONS.map((dimension) => [dimension, labelAggregation(dimension, LABELS_COUNTED_MAX)]),
  );

/** Reads the answer to `labelCountAggregations`: the labels some record carries, with their counts. */
export const readLabelCounts = (aggregations: Record<string, unknown> | undefined): FacetCounts =>
  Object.fromEntries(
    FACET_DIMENSIONS.map((dimension) => [
      dimension,
      Object.fromEntries(
        labelBuckets(dimension, aggregations?.[dimension] as BucketsAggregate | undefined).filter(
          ([, count]) => count > 0,
        ),
      ),
    ]),
  );
const DEFAULT_TTL_MS = 10_000;

interface Held {
  counts: FacetCounts;
  readAt: number;
}

/**
 * Every label's count over an index (`SearchIndex.labelCounts`), asked of Elasticsearch with one terms
 * aggregation per option filter and kept. Only the first read of an index waits for them: a read after the
 * TTL answers the counts held and refreshes them in the background, since other processes (the indexer)
 * write the index without this one hearing of it. This process's own writes drop the counts, so its next
 * read counts afresh.
 */
export class LabelCounts {
  private readonly held = new Map<string, Held>();
  private readonly asking = new Map<string, Promise<FacetCounts>>();
  /** Grows with every `forget`, so that an answer asked for before it is not kept. */
  private epoch = 0;

  constructor(
    private readonly client: Client,
    private readonly ttlMs = DEFAULT_TTL_MS,
  ) {}

  async read(index: string): Promise<FacetCounts> {
    const held = this.held.get(index);
    if (!held) return this.ask(index);
    if (Date.now() - held.readAt >= this.ttlMs) {
      // A failed refresh keeps the counts held; the next read past the TTL tries again.
      this.ask(index).catch(() => undefined);
    }
    return held.counts;
  }

  /** Drops every count held: the next read of each index asks again. */
  forget(): void {
    this.epoch++;
    this.held.clear();
    this.asking.clear();
  }

  /** One request per index at a time. */
  private ask(index: string): Promise<FacetCounts> {
    const under = this.asking.get(index);
    if (under) return under;
    const epoch = this.epoch;
    const asked = this.client
      .search({ index, size: 0, aggs: labelCountAggregations() })
      .then((response) => {
        const counts = readLabelCounts(response.aggregations);
        if (epoch === this.epoch) this.held.set(index, { counts, readAt: Date.now() });
        return counts;
      })
      .finally(() => {
        if (this.asking.get(index) === asked) this.asking.delete(index);
      });
    this.asking.set(index, asked);
    return asked;
  }
}
