import { Client, errors, type estypes } from '@elastic/elasticsearch';
import {
  SEARCH_KINDS,
  type SearchDocument,
  type SearchFilter,
  type SearchKind,
  type SearchQuery,
} from '@skillers/domain';
import type { KnnHit, SearchIndex, SearchIndexGeneration, SearchResult } from '../search-index.port';
import { fromSource, type IndexedSource, searchIndexMappings, toSource } from './elasticsearch-mapping';
import { filterQuery, RANKED_SORT } from './elasticsearch-query';

export interface ElasticsearchSearchIndexOptions {
  /** Starts every index and alias name, so that several deployments can share one cluster. */
  indexPrefix?: string;
  /** Length of the embedding vectors; the mapping fixes it per index. */
  vectorDims?: number;
  /**
   * How a live write becomes visible to searches before it resolves: `wait_for` (default) waits for the
   * next scheduled refresh, `true` forces one at once (quicker to see, costlier under many writes).
   */
  refreshOnWrite?: 'wait_for' | true;
}

/** One line of a bulk request: an action, or the source that follows an index action. */
type BulkLine = estypes.BulkOperationContainer | IndexedSource;

/** Concrete index names of one generation, by kind. */
type IndexNames = Record<SearchKind, string>;

const DEFAULT_PREFIX = 'skillers';
const DEFAULT_VECTOR_DIMS = 384;
/** Graph candidates examined per shard for each neighbour asked for. */
const KNN_CANDIDATES_PER_RESULT = 10;
const KNN_MAX_CANDIDATES = 10_000;

const isAlreadyExists = (error: unknown): boolean =>
  error instanceof errors.ResponseError &&
  (error.body as { error?: { type?: string } } | undefined)?.error?.type ===
    'resource_already_exists_exception';

const randomTag = (): string => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

/**
 * SearchIndex on Elasticsearch: one index per kind, reached through an alias. A reindex fills new
 * indices and then moves the aliases in a single atomic alias update, so readers switch at once.
 * Pages reach at most `index.max_result_window` (10 000 by default) results deep.
 */
export class ElasticsearchSearchIndex implements SearchIndex {
  readonly adapter = 'elasticsearch';
  private readonly prefix: string;
  private readonly vectorDims: number;
  private readonly refreshOnWrite: 'wait_for' | true;
  /** Generations being built by this process; its live writes go to them as well. */
  private readonly building = new Set<IndexNames>();

  private constructor(
    private readonly client: Client,
    options: ElasticsearchSearchIndexOptions,
  ) {
    this.prefix = options.indexPrefix ?? DEFAULT_PREFIX;
    this.vectorDims = options.vectorDims ?? DEFAULT_VECTOR_DIMS;
    this.refreshOnWrite = options.refreshOnWrite ?? 'wait_for';
  }

  /** Connects and makes sure both aliases exist, creating a first index for each when missing. */
  static async connect(
    url: string,
    options: ElasticsearchSearchIndexOptions = {},
  ): Promise<ElasticsearchSearchIndex> {
    const index = new ElasticsearchSearchIndex(new Client({ node: url }), options);
    await index.ensureAliases();
    return index;
  }

  async close(): Promise<void> {
    await this.client.close();
  }

  async upsert(docs: readonly SearchDocument[]): Promise<void> {
    await this.bulk(this.upsertOperations(docs, this.aliases()), this.refreshOnWrite);
    for (const names of this.building) await this.bulk(this.upsertOperations(docs, names), false);
  }

  async remove(ids: readonly string[]): Promise<void> {
    await this.bulk(this.removeOperations(ids, this.aliases()), this.refreshOnWrite);
    for (const names of this.building) await this.bulk(this.removeOperations(ids, names), false);
  }

  async search(query: SearchQuery): Promise<SearchResult> {
    const { filter, should, numberFilters } = filterQuery(query);
    const response = await this.client.search({
      index: this.alias(query.kind),
      query: { bool: { filter, should } },
      sort: RANKED_SORT,
      track_scores: true,
      track_total_hits: true,
      from: (query.page - 1) * query.pageSize,
      size: query.pageSize,
      _source: false,
    });
    const hits = response.hits.hits;
    // Each matched option's clause scores exactly 1; without such clauses the score carries nothing.
    const optionScore = (hit: estypes.SearchHit) => (should.length > 0 ? Math.round(hit._score ?? 0) : 0);
    return {
      ids: hits.map((hit) => hit._id as string),
      scores: hits.map((hit) => optionScore(hit) + numberFilters),
      total:
        typeof response.hits.total === 'number' ? response.hits.total : (response.hits.total?.value ?? 0),
    };
  }

  async get(id: string): Promise<SearchDocument | null> {
    const response = await this.client.mget<IndexedSource>({
      docs: SEARCH_KINDS.map((kind) => ({ _index: this.alias(kind), _id: id })),
    });
    for (const doc of response.docs) {
      if ('found' in doc && doc.found && doc._source) return fromSource(doc._source);
    }
    return null;
  }

  async count(kind: SearchKind): Promise<number> {
    return (await this.client.count({ index: this.alias(kind) })).count;
  }

  async clear(): Promise<void> {
    await this.client.deleteByQuery({
      index: Object.values(this.aliases()),
      query: { match_all: {} },
      refresh: true,
      conflicts: 'proceed',
    });
  }

  async knn(
    kind: SearchKind,
    vector: readonly number[],
    k: number,
    filter?: SearchFilter,
  ): Promise<KnnHit[]> {
    if (k <= 0 || vector.length !== this.vectorDims || vector.every((value) => value === 0)) return [];
    const response = await this.client.search({
      index: this.alias(kind),
      knn: {
        field: 'vector',
        query_vector: [...vector],
        k,
        num_candidates: Math.min(KNN_MAX_CANDIDATES, Math.max(k, k * KNN_CANDIDATES_PER_RESULT)),
        ...(filter ? { filter: filterQuery(filter).filter } : {}),
      },
      size: k,
      _source: false,
    });
    // For cosine, Elasticsearch scores (1 + similarity) / 2.
    return response.hits.hits.map((hit) => ({
      id: hit._id as string,
      similarity: 2 * (hit._score ?? 0) - 1,
    }));
  }

  async isReady(): Promise<boolean> {
    try {
      return await this.client.ping();
    } catch {
      return false;
    }
  }

  async createGeneration(): Promise<SearchIndexGeneration> {
    const tag = randomTag();
    const names = Object.fromEntries(
      SEARCH_KINDS.map((kind) => [kind, `${this.alias(kind)}-${tag}`]),
    ) as IndexNames;
    for (const kind of SEARCH_KINDS) await this.createIndex(names[kind]);
    this.building.add(names);
    const open = () => {
      if (!this.building.has(names))
        throw new Error('This index generation was already swapped in or discarded');
      return names;
    };
    return {
      upsert: async (docs) => this.bulk(this.upsertOperations(docs, open()), false),
      remove: async (ids) => this.bulk(this.removeOperations(ids, open()), false),
      count: async (kind) => {
        await this.client.indices.refresh({ index: open()[kind] });
        return (await this.client.count({ index: names[kind] })).count;
      },
      swap: async () => {
        await this.client.indices.refresh({ index: Object.values(open()) });
        await this.swapAliases(names);
        this.building.delete(names);
      },
      discard: async () => {
        this.building.delete(names);
        await this.client.indices.delete({ index: Object.values(names), ignore_unavailable: true });
      },
    };
  }

  private alias(kind: SearchKind): string {
    return `${this.prefix}-${kind}`;
  }

  private aliases(): IndexNames {
    return { project: this.alias('project'), teammate: this.alias('teammate') };
  }

  private async ensureAliases(): Promise<void> {
    for (const kind of SEARCH_KINDS) {
      if (await this.client.indices.existsAlias({ name: this.alias(kind) })) continue;
      // A fixed first name: when two processes start at once, one creates it and the other finds it.
      try {
        await this.createIndex(`${this.alias(kind)}-initial`, this.alias(kind));
      } catch (error) {
        if (!isAlreadyExists(error)) throw error;
      }
    }
  }

  private async createIndex(index: string, alias?: string): Promise<void> {
    await this.client.indices.create({
      index,
      mappings: searchIndexMappings(this.vectorDims),
      ...(alias ? { aliases: { [alias]: {} } } : {}),
    });
  }

  /** Points each alias at the new index and deletes the indices it pointed at, in one atomic update. */
  private async swapAliases(names: IndexNames): Promise<void> {
    const current = await this.client.indices.getAlias({ name: Object.values(this.aliases()) });
    const actions: estypes.IndicesUpdateAliasesAction[] = [];
    for (const kind of SEARCH_KINDS) {
      actions.push({ add: { index: names[kind], alias: this.alias(kind) } });
      for (const [index, { aliases }] of Object.entries(current)) {
        if (this.alias(kind) in aliases) actions.push({ remove_index: { index } });
      }
    }
    await this.client.indices.updateAliases({ actions });
  }

  /** Each document goes to its kind's index and out of the other one, in case its kind changed. */
  private upsertOperations(docs: readonly SearchDocument[], names: IndexNames): BulkLine[] {
    return docs.flatMap((doc) => [
      ...SEARCH_KINDS.filter((kind) => kind !== doc.kind).map((kind) => ({
        delete: { _index: names[kind], _id: doc.id },
      })),
      { index: { _index: names[doc.kind], _id: doc.id } },
      toSource(doc),
    ]);
  }

  private removeOperations(ids: readonly string[], names: IndexNames): BulkLine[] {
    return ids.flatMap((id) => SEARCH_KINDS.map((kind) => ({ delete: { _index: names[kind], _id: id } })));
  }

  private async bulk(operations: BulkLine[], refresh: estypes.Refresh): Promise<void> {
    if (operations.length === 0) return;
    const response = await this.client.bulk({ operations, refresh });
    // Deleting an id the index does not hold is not a failure: removals do not know the kind.
    const failures = response.items.flatMap((item) => Object.values(item)).filter((result) => result?.error);
    if (failures.length > 0) {
      const first = failures[0]?.error;
      throw new Error(
        `Search index write failed for ${failures.length} document(s): ${first?.type}: ${first?.reason}`,
      );
    }
  }
}
