import type { Client, estypes } from '@elastic/elasticsearch';

type Query = estypes.QueryDslQueryContainer;

const DEFAULT_TTL_MS = 10_000;
/** Far more distinct options than the vocabularies hold; past it the memory starts afresh. */
const MAX_ENTRIES = 20_000;

export interface Counts {
  /** Records in the index. */
  records: number;
  /** Records carrying each option, aligned with the groups asked for. */
  perOption: number[][];
}

/**
 * How many records carry each picked option (the document frequency behind its weight), asked of
 * Elasticsearch with one `filter` aggregation per option and kept for a few seconds per index and option,
 * so that repeated filters cost no second request.
 */
export class OptionCounts {
  private readonly known = new Map<string, { count: number; records: number; readAt: number }>();

  constructor(
    private readonly client: Client,
    private readonly ttlMs = DEFAULT_TTL_MS,
  ) {}

  async read(index: string, options: readonly Query[][]): Promise<Counts> {
    if (options.length === 0) return { records: 0, perOption: [] };
    const now = Date.now();
    const keys = options.map((terms) => terms.map((term) => `${index}\u0000${JSON.stringify(term)}`));
    const fresh = (key: string) => {
      const entry = this.known.get(key);
      return entry !== undefined && now - entry.readAt < this.ttlMs ? entry : undefined;
    };
    const missing = [...new Set(keys.flat().filter((key) => fresh(key) === undefined))];
    if (missing.length > 0) await this.ask(index, options, keys, missing, now);
    const entries = keys.map((group) => group.map((key) => this.known.get(key)));
    return {
      records: Math.max(0, ...entries.flat().map((entry) => entry?.records ?? 0)),
      perOption: entries.map((group) => group.map((entry) => entry?.count ?? 0)),
    };
  }

  private async ask(
    index: string,
    options: readonly Query[][],
    keys: string[][],
    missing: string[],
    now: number,
  ): Promise<void> {
    const terms = new Map(
      keys.flatMap((group, at) => group.map((key, option) => [key, options[at][option]])),
    );
    const response = await this.client.search({
      index,
      size: 0,
      track_total_hits: true,
      aggs: Object.fromEntries(missing.map((key, at) => [`o${at}`, { filter: terms.get(key) as Query }])),
    });
    const total = response.hits.total;
    const records = typeof total === 'number' ? total : (total?.value ?? 0);
    if (this.known.size + missing.length > MAX_ENTRIES) this.known.clear();
    missing.forEach((key, at) => {
      const bucket = response.aggregations?.[`o${at}`] as estypes.AggregationsFilterAggregate | undefined;
      this.known.set(key, { count: bucket?.doc_count ?? 0, records, readAt: now });
    });
  }
}
