import type { Client, estypes } from '@elastic/elasticsearch';
import {
  type FacetCounts,
  labelsOf,
  type MatchQuery,
  optionWeight,
  SEARCH_KINDS,
  timeMs,
  type SearchDocument,
  type SearchFilter,
  type SearchKind,
  type SearchQuery,
} from '@skillers/domain';
import type {
  GetManyOptions,
  KnnHit,
  MatchesAnswer,
  MatchOptions,
  SearchIndex,
  SearchIndexGeneration,
  SearchOptions,
  SearchResult,
} from '../search-index.port';
import {
  assertVectorSpace,
  describeLiveVectorSpaces,
  describeVectorSpace,
  fitVector,
  sameVectorSpace,
  type VectorSpace,
  type VectorSpaceStatus,
  withoutVector,
} from '../vector-space';
import { readRankedHit, totalHits } from './elasticsearch-answers';
import { type ElasticsearchClientOptions, elasticsearchClient } from './elasticsearch-client';
import { ElasticsearchIndexAdmin } from './elasticsearch-index-admin';
import { fromSource, type IndexedSource } from './elasticsearch-mapping';
import { matchSearchRequest, readMatches } from './elasticsearch-match-request';
import {
  facetAggregations,
  filterQuery,
  readFacets,
  type RankingInputs,
  totalWeight,
} from './elasticsearch-query';
import {
  knnSearchRequest,
  rankedSearchRequest,
  requestRelax,
  understoodInputs,
} from './elasticsearch-search-requests';
import { bulkWrite, type IndexNames, removeOperations, upsertOperations } from './elasticsearch-writes';
import { OptionCounts } from './option-counts';
import { LabelCounts } from './label-counts';
import { sourceFilter } from './source-vectors';

export interface ElasticsearchSearchIndexOptions extends ElasticsearchClientOptions {
  /** Starts every index and alias name, so that several deployments can share one cluster. */
  indexPrefix?: string;
  /** Length of the embedding vectors; the mapping fixes it per index. Taken from `vectorSpace` when given. */
  vectorDims?: number;
  /**
   * The embedding model this process writes and queries vectors of. Index names then carry its key and
   * mappings record it, and vectors only ever go into, and are only compared within, a generation built
   * for it: while the live generation was built for another model (or none), documents are written there
   * without vectors, kNN finds nothing, and `vectorStatus()` reports that a reindex is needed. Without it
   * (tests of the plain contract) documents are written as they come.
   */
  vectorSpace?: VectorSpace;
  /**
   * The model query vectors come from, when its length is not known yet (so no `vectorSpace`): kNN still
   * only compares them with documents of that model. Implied by `vectorSpace`.
   */
  vectorModel?: string;
  /** Where the adapter reports vectors it refused to write (once per live generation); `console.warn` by default. */
  onWarning?: (message: string) => void;
  /**
   * How a live write becomes visible to searches before it resolves: `wait_for` (default) waits for the
   * next scheduled refresh, `true` forces one at once (quicker to see, costlier under many writes), `false`
   * does not wait: the write is searchable after the next scheduled refresh (`index.refresh_interval`, 1 s
   * by default), which is what a bulk writer such as the index worker wants.
   */
  refreshOnWrite?: estypes.Refresh;
  /**
   * How long the number of records carrying a picked option is reused for its weight, in milliseconds
   * (default 10 000): weights move slowly, and plain filtering then costs one request.
   */
  optionCountsTtlMs?: number;
  /**
   * How old the label counts of `labelCounts` may be before a read refreshes them in the background, in
   * milliseconds (default 10 000): the indexer writes the index without this process hearing of it.
   */
  labelCountsTtlMs?: number;
}

const DEFAULT_PREFIX = 'skillers';
/** Ids per multi-get request, so that a long list never makes one huge request. */
const GET_MANY_CHUNK = 1000;
const DEFAULT_VECTOR_DIMS = 384;

/**
 * SearchIndex on Elasticsearch: one index per kind, reached through an alias. A reindex fills new
 * indices and then moves the aliases in a single atomic alias update, so readers switch at once.
 * Pages reach at most `index.max_result_window` (10 000 by default) results deep.
 */
export class ElasticsearchSearchIndex implements SearchIndex {
  readonly adapter = 'elasticsearch';
  private readonly vectorDims: number;
  private readonly refreshOnWrite: estypes.Refresh;
  private readonly vectorSpace?: VectorSpace;
  private readonly vectorModel?: string;
  private readonly warn: (message: string) => void;
  /** Generations being built by this process; its live writes go to them as well. */
  private readonly building = new Set<IndexNames>();
  /** The live generations whose refusal of vectors has been reported, so it is reported once. */
  private refusalReportedFor?: string;
  /** How many records carry each picked option, for the option weights; kept a few seconds. */
  private readonly optionCounts: OptionCounts;
  /** Every label's count per kind, for `labelCounts`. */
  private readonly labelCountsHeld: LabelCounts;
  private readonly admin: ElasticsearchIndexAdmin;

  private constructor(
    private readonly client: Client,
    /** The server's version, which decides how vectors are kept in `_source`. */
    serverVersion: string,
    options: ElasticsearchSearchIndexOptions,
  ) {
    if (options.vectorSpace) assertVectorSpace(options.vectorSpace);
    this.vectorSpace = options.vectorSpace;
    this.vectorModel = options.vectorSpace?.model ?? options.vectorModel;
    this.vectorDims = options.vectorSpace?.dims ?? options.vectorDims ?? DEFAULT_VECTOR_DIMS;
    this.warn = options.onWarning ?? ((message) => console.warn(message));
    this.refreshOnWrite = options.refreshOnWrite ?? 'wait_for';
    this.optionCounts = new OptionCounts(client, options.optionCountsTtlMs);
    this.labelCountsHeld = new LabelCounts(client, options.labelCountsTtlMs);
    this.admin = new ElasticsearchIndexAdmin(
      client,
      options.indexPrefix ?? DEFAULT_PREFIX,
      serverVersion,
      this.vectorDims,
      this.vectorSpace,
    );
  }

  /** Connects and makes sure both aliases exist, creating a first index for each when missing. */
  static async connect(
    url: string,
    options: ElasticsearchSearchIndexOptions = {},
  ): Promise<ElasticsearchSearchIndex> {
    const client = elasticsearchClient(url, options);
    try {
      const { version } = await client.info();
      const index = new ElasticsearchSearchIndex(client, version.number, options);
      await index.admin.ensureAliases();
      return index;
    } catch (error) {
      await client.close();
      throw error;
    }
  }

  async close(): Promise<void> {
    await this.client.close();
  }

  async upsert(docs: readonly SearchDocument[]): Promise<void> {
    await bulkWrite(
      this.client,
      upsertOperations(await this.fitLive(docs), this.admin.aliases()),
      this.refreshOnWrite,
    );
    this.labelCountsHeld.forget();
    for (const names of this.building)
      await bulkWrite(this.client, upsertOperations(this.fit(docs), names), false);
  }

  async remove(ids: readonly string[]): Promise<void> {
    await bulkWrite(this.client, removeOperations(ids, this.admin.aliases()), this.refreshOnWrite);
    this.labelCountsHeld.forget();
    for (const names of this.building) await bulkWrite(this.client, removeOperations(ids, names), false);
  }

  /**
   * The hybrid ranking in one request (`rankedSearchRequest`), the signals computed from each hit's named
   * clauses as the reference computes them (`readRankedHit`).
   */
  async search(query: SearchQuery, { labels = false }: SearchOptions = {}): Promise<SearchResult> {
    const filters = filterQuery(query);
    const index = this.admin.alias(query.kind);
    const counts = await this.optionCounts.read(index, filters.options);
    const optionWeights = counts.perOption.map((group) =>
      group.map((count) => optionWeight(counts.records, count)),
    );
    const pickedWeight = totalWeight(optionWeights);
    const text = query.text?.trim() || undefined;
    const rankedAtMs = timeMs(query.rankedAt);
    const understood = await understoodInputs(this.optionCounts, index, query);
    const inputs: RankingInputs = {
      optionWeights,
      text,
      vector: await this.rankingVector(query),
      ...(rankedAtMs !== undefined && { rankedAtMs }),
      ...understood,
    };
    // Facets are counted beside the page, over the whole kind: each filter aggregation picks its own documents.
    const [response, facetResponse] = await Promise.all([
      this.client.search<IndexedSource>(rankedSearchRequest(index, query, filters, inputs, labels)),
      query.facets ? this.client.search({ index, size: 0, aggs: facetAggregations(query) }) : undefined,
    ]);
    const hits = response.hits.hits;
    const reading = {
      optionWeights,
      pickedWeight,
      understood,
      text,
      rankedAtMs,
      numberFilters: filters.numberFilters,
    };
    const ranked = hits.map((hit) => readRankedHit(hit, reading));
    const result: SearchResult = {
      ids: hits.map((hit) => hit._id as string),
      scores: ranked.map((item) => item.score),
      total: totalHits(response.hits.total),
      signals: ranked.map((item) => item.signals),
    };
    if (labels) result.labels = hits.flatMap((hit) => (hit._source ? [labelsOf(hit._source)] : []));
    if (facetResponse) result.facets = readFacets(query, facetResponse.aggregations);
    if (facetResponse && result.total === 0) result.relax = await requestRelax(this.client, index, query);
    return result;
  }

  /** The query vector when it can be compared with the live generation's vectors. */
  private async rankingVector(query: SearchQuery): Promise<RankingInputs['vector']> {
    const values = query.queryVector;
    if (!values || values.length !== this.vectorDims || values.every((value) => value === 0))
      return undefined;
    const space = this.vectorSpace;
    if (space && !sameVectorSpace((await this.admin.readLiveSpaces())[query.kind], space)) return undefined;
    return { values: [...values], model: this.vectorModel };
  }

  async labelCounts(kind: SearchKind): Promise<FacetCounts> {
    return this.labelCountsHeld.read(this.admin.alias(kind));
  }

  async get(id: string): Promise<SearchDocument | null> {
    const [doc] = await this.getMany([id]);
    return doc ?? null;
  }

  /** One real-time multi-get per thousand ids, each id asked of both kinds' aliases. */
  async getMany(
    ids: readonly string[],
    { vectors = true }: GetManyOptions = {},
  ): Promise<(SearchDocument | null)[]> {
    const found = new Map<string, SearchDocument>();
    const _source = sourceFilter(vectors);
    for (let start = 0; start < ids.length; start += GET_MANY_CHUNK) {
      const chunk = [...new Set(ids.slice(start, start + GET_MANY_CHUNK))];
      const response = await this.client.mget<IndexedSource>({
        docs: chunk.flatMap((id) =>
          SEARCH_KINDS.map((kind) => ({ _index: this.admin.alias(kind), _id: id, _source })),
        ),
      });
      for (const doc of response.docs) {
        if ('found' in doc && doc.found && doc._source && !found.has(doc._id)) {
          found.set(doc._id, fromSource(doc._source));
        }
      }
    }
    return ids.map((id) => found.get(id) ?? null);
  }

  async count(kind: SearchKind): Promise<number> {
    return (await this.client.count({ index: this.admin.alias(kind) })).count;
  }

  async clear(): Promise<void> {
    await this.client.deleteByQuery({
      index: Object.values(this.admin.aliases()),
      query: { match_all: {} },
      refresh: true,
      conflicts: 'proceed',
    });
    this.labelCountsHeld.forget();
  }

  async knn(
    kind: SearchKind,
    vector: readonly number[],
    k: number,
    filter?: SearchFilter,
  ): Promise<KnnHit[]> {
    if (k <= 0 || vector.length !== this.vectorDims || vector.every((value) => value === 0)) return [];
    const space = this.vectorSpace;
    // A generation built for another model holds no vector comparable with this query.
    if (space && !sameVectorSpace((await this.admin.readLiveSpaces())[kind], space)) return [];
    const response = await this.client.search(
      knnSearchRequest(this.admin.alias(kind), vector, k, filter, this.vectorModel),
    );
    // For cosine, Elasticsearch scores (1 + similarity) / 2.
    return response.hits.hits.map((hit) => ({
      id: hit._id as string,
      similarity: 2 * (hit._score ?? 0) - 1,
    }));
  }

  /** One request (`matchSearchRequest`), its hits read with `readMatches`. */
  async matches(query: MatchQuery, options: MatchOptions): Promise<MatchesAnswer> {
    const index = this.admin.alias(query.kind);
    return readMatches(
      query,
      await this.client.search<IndexedSource>(matchSearchRequest(index, query, options)),
    );
  }

  async isReady(): Promise<boolean> {
    try {
      return await this.client.ping();
    } catch {
      return false;
    }
  }

  /**
   * The model the live generations were built for, against the configured one; undefined when this adapter
   * is not keyed by a model. Read afresh, since another process may have swapped a generation in.
   */
  async vectorStatus(): Promise<VectorSpaceStatus | undefined> {
    if (!this.vectorSpace) return undefined;
    const live = await this.admin.readLiveSpaces(true);
    return {
      configured: this.vectorSpace,
      live,
      reindexNeeded: SEARCH_KINDS.some((kind) => !sameVectorSpace(live[kind], this.vectorSpace)),
    };
  }

  async createGeneration(): Promise<SearchIndexGeneration> {
    const names = await this.admin.createGeneration();
    this.building.add(names);
    const open = () => {
      if (!this.building.has(names))
        throw new Error('This index generation was already swapped in or discarded');
      return names;
    };
    return {
      upsert: async (docs) => bulkWrite(this.client, upsertOperations(this.fit(docs), open()), false),
      remove: async (ids) => bulkWrite(this.client, removeOperations(ids, open()), false),
      count: async (kind) => {
        await this.client.indices.refresh({ index: open()[kind] });
        return (await this.client.count({ index: names[kind] })).count;
      },
      swap: async () => {
        await this.client.indices.refresh({ index: Object.values(open()) });
        await this.admin.swapAliases(names);
        this.building.delete(names);
        this.admin.forgetLiveSpaces();
        this.labelCountsHeld.forget();
      },
      discard: async () => {
        this.building.delete(names);
        await this.client.indices.delete({ index: Object.values(names), ignore_unavailable: true });
      },
    };
  }

  /** Documents as a generation built by this process takes them: vectors of the configured model only. */
  private fit(docs: readonly SearchDocument[]): SearchDocument[] {
    return this.vectorSpace ? docs.map((doc) => fitVector(doc, this.vectorSpace)) : [...docs];
  }

  /**
   * Documents as the live generation takes them: with their vectors when it was built for the configured
   * model, without them otherwise (reported once per live generation; a reindex fills them in).
   */
  private async fitLive(docs: readonly SearchDocument[]): Promise<SearchDocument[]> {
    const space = this.vectorSpace;
    if (!space) return [...docs];
    const live = await this.admin.readLiveSpaces();
    const refused = docs.filter((doc) => doc.vector && !sameVectorSpace(live[doc.kind], space));
    if (refused.length > 0) {
      const seen = describeLiveVectorSpaces(live);
      if (this.refusalReportedFor !== seen) {
        this.refusalReportedFor = seen;
        this.warn(
          `The live search index was built for ${seen}, not for the configured model ` +
            `${describeVectorSpace(space)}: documents are written without vectors until a reindex builds ` +
            'an index for the configured model (similarity search answers lexically meanwhile)',
        );
      }
    }
    return docs.map((doc) =>
      sameVectorSpace(live[doc.kind], space) ? fitVector(doc, space) : withoutVector(doc),
    );
  }
}
