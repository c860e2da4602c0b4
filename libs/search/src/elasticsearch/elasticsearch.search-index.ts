import { type Client, errors, type estypes } from '@elastic/elasticsearch';
import {
  type FacetCounts,
  facetShare,
  FUSION_WEIGHTS,
  fuseRankSignals,
  hasOptions,
  matchedTextTerms,
  optionWeight,
  SEARCH_KINDS,
  timeMs,
  type SearchDocument,
  type SearchFilter,
  type SearchKind,
  type SearchQuery,
  type RelaxEntry,
  understoodFilter,
  vectorSignal,
} from '@skillers/domain';
import {
  type GetManyOptions,
  type KnnHit,
  PartialWriteError,
  type RankSignals,
  type SearchIndex,
  type SearchIndexGeneration,
  type SearchResult,
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
import {
  ADDED_PROPERTIES,
  fromSource,
  type IndexedSource,
  searchIndexMappings,
  toSource,
} from './elasticsearch-mapping';
import { LabelCounts } from './label-counts';
import {
  type Aggregations,
  CLEAN_CLAUSE,
  facetAggregations,
  filterQuery,
  FRESH_ACTIVE_CLAUSE,
  FRESH_OPEN_CLAUSE,
  optionClauseName,
  RANKED_SORT,
  rankedQuery,
  readFacets,
  combinedRelaxAggregations,
  readCombinedRelax,
  readRelax,
  relaxAggregations,
  type RankingInputs,
  TEXT_CLAUSE,
  totalWeight,
  understoodClauseName,
  VECTOR_CLAUSE,
} from './elasticsearch-query';
import { type ElasticsearchClientOptions, elasticsearchClient } from './elasticsearch-client';
import { OptionCounts } from './option-counts';
import { generationIndexName, INITIAL_TAG, recordedVectorSpace, vectorSpaceMeta } from './index-naming';
import { searchIndexSettings, sourceFilter } from './source-vectors';

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

/** Named clauses a hit matched, with their scores (`include_named_queries_score`). */
const namedScores = (matched: estypes.SearchHit['matched_queries']): Map<string, number> =>
  new Map(
    Array.isArray(matched)
      ? matched.map((name) => [name, 0] as const)
      : Object.entries(matched ?? {}).map(([name, score]) => [name, Number(score)] as const),
  );

/** One line of a bulk request: an action, or the source that follows an index action. */
type BulkLine = estypes.BulkOperationContainer | IndexedSource;

/** Concrete index names of one generation, by kind. */
type IndexNames = Record<SearchKind, string>;

const DEFAULT_PREFIX = 'skillers';
/** Ids per multi-get request, so that a long list never makes one huge request. */
const GET_MANY_CHUNK = 1000;
const DEFAULT_VECTOR_DIMS = 384;
/** How long the model a live generation was built for is trusted before it is read again. */
const LIVE_SPACE_TTL_MS = 5_000;
/** Graph candidates examined per shard for each neighbour asked for. */
const KNN_CANDIDATES_PER_RESULT = 10;
const KNN_MAX_CANDIDATES = 10_000;

const isAlreadyExists = (error: unknown): boolean =>
  error instanceof errors.ResponseError &&
  (error.body as { error?: { type?: string } } | undefined)?.error?.type ===
    'resource_already_exists_exception';

/**
 * The record's version as an external one: Elasticsearch applies the write only when it is at least the
 * held document's (`external_gte`: the same state may be written again, say with a vector added).
 */
const externalVersion = (doc: SearchDocument): Partial<estypes.BulkIndexOperation> =>
  doc.version === undefined ? {} : { version: doc.version, version_type: 'external_gte' };

/** A write refused because the index holds a newer version of the document: the newer state stands. */
const isNewerHeld = (result: estypes.BulkResponseItem): boolean =>
  result.status === 409 && result.error?.type === 'version_conflict_engine_exception';

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
  private readonly refreshOnWrite: estypes.Refresh;
  private readonly vectorSpace?: VectorSpace;
  private readonly vectorModel?: string;
  private readonly warn: (message: string) => void;
  /** Generations being built by this process; its live writes go to them as well. */
  private readonly building = new Set<IndexNames>();
  /** The model each kind's live generation was built for, as last read, and when. */
  private liveSpaces?: { spaces: Record<SearchKind, VectorSpace | undefined>; readAt: number };
  /** The live generations whose refusal of vectors has been reported, so it is reported once. */
  private refusalReportedFor?: string;
  /** How many records carry each picked option, for the option weights; kept a few seconds. */
  private readonly optionCounts: OptionCounts;
  /** Every label's count per kind, for `labelCounts`. */
  private readonly labelCountsHeld: LabelCounts;

  private constructor(
    private readonly client: Client,
    /** The server's version, which decides how vectors are kept in `_source`. */
    private readonly serverVersion: string,
    options: ElasticsearchSearchIndexOptions,
  ) {
    this.prefix = options.indexPrefix ?? DEFAULT_PREFIX;
    if (options.vectorSpace) assertVectorSpace(options.vectorSpace);
    this.vectorSpace = options.vectorSpace;
    this.vectorModel = options.vectorSpace?.model ?? options.vectorModel;
    this.vectorDims = options.vectorSpace?.dims ?? options.vectorDims ?? DEFAULT_VECTOR_DIMS;
    this.warn = options.onWarning ?? ((message) => console.warn(message));
    this.refreshOnWrite = options.refreshOnWrite ?? 'wait_for';
    this.optionCounts = new OptionCounts(client, options.optionCountsTtlMs);
    this.labelCountsHeld = new LabelCounts(client, options.labelCountsTtlMs);
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
      await index.ensureAliases();
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
    await this.bulk(this.upsertOperations(await this.fitLive(docs), this.aliases()), this.refreshOnWrite);
    this.labelCountsHeld.forget();
    for (const names of this.building) await this.bulk(this.upsertOperations(this.fit(docs), names), false);
  }

  async remove(ids: readonly string[]): Promise<void> {
    await this.bulk(this.removeOperations(ids, this.aliases()), this.refreshOnWrite);
    this.labelCountsHeld.forget();
    for (const names of this.building) await this.bulk(this.removeOperations(ids, names), false);
  }

  /**
   * The hybrid ranking in one request: the bool query's score is the fused score (`rankedQuery`), named
   * clauses report which options each hit carries and the raw BM25 and cosine parts, from which the
   * signals are computed as the reference computes them.
   */
  async search(query: SearchQuery): Promise<SearchResult> {
    const filters = filterQuery(query);
    const index = this.alias(query.kind);
    const counts = await this.optionCounts.read(index, filters.options);
    const optionWeights = counts.perOption.map((group) =>
      group.map((count) => optionWeight(counts.records, count)),
    );
    const pickedWeight = totalWeight(optionWeights);
    const text = query.text?.trim() || undefined;
    const rankedAtMs = timeMs(query.rankedAt);
    const understood = await this.understoodInputs(index, query);
    const inputs: RankingInputs = {
      optionWeights,
      text,
      vector: await this.rankingVector(query),
      ...(rankedAtMs !== undefined && { rankedAtMs }),
      ...understood,
    };
    // Facets are counted beside the page, over the whole kind: each filter aggregation picks its own documents.
    const [response, facetResponse] = await Promise.all([
      this.client.search<{ text?: string }>({
        index,
        query: rankedQuery(filters, inputs),
        sort: RANKED_SORT,
        track_scores: true,
        track_total_hits: true,
        include_named_queries_score: true,
        from: (query.page - 1) * query.pageSize,
        size: query.pageSize,
        _source: text === undefined ? false : ['text'],
      }),
      query.facets ? this.client.search({ index, size: 0, aggs: facetAggregations(query) }) : undefined,
    ]);
    const hits = response.hits.hits;
    const signalsOf = (hit: estypes.SearchHit<{ text?: string }>) => {
      const named = namedScores(hit.matched_queries);
      const picked = carriedOptions(optionWeights, (group, option) =>
        named.has(optionClauseName(group, option)),
      );
      const signals: RankSignals = { facet: facetShare(picked.weight, pickedWeight), fused: 0 };
      if (understood.understood) {
        const { weights } = understood.understood;
        const carried = carriedOptions(weights, (group, option) =>
          named.has(understoodClauseName(group, option)),
        );
        signals.understood = facetShare(carried.weight, totalWeight(weights));
      }
      if (understood.ruledOut) signals.clean = named.has(CLEAN_CLAUSE) ? 1 : 0;
      if (text !== undefined) {
        signals.text = named.get(TEXT_CLAUSE) ?? 0;
        signals.textTerms = matchedTextTerms(text, hit._source?.text ?? '');
      }
      const vector = named.get(VECTOR_CLAUSE);
      if (vector !== undefined) signals.vector = vectorSignal(vector / FUSION_WEIGHTS.vector);
      if (rankedAtMs !== undefined) {
        signals.fresh = (named.has(FRESH_ACTIVE_CLAUSE) ? 0.5 : 0) + (named.has(FRESH_OPEN_CLAUSE) ? 0.5 : 0);
      }
      signals.fused = fuseRankSignals(signals);
      return { score: picked.count + filters.numberFilters, signals };
    };
    const ranked = hits.map(signalsOf);
    const result: SearchResult = {
      ids: hits.map((hit) => hit._id as string),
      scores: ranked.map((item) => item.score),
      total:
        typeof response.hits.total === 'number' ? response.hits.total : (response.hits.total?.value ?? 0),
      signals: ranked.map((item) => item.signals),
    };
    if (facetResponse) result.facets = readFacets(query, facetResponse.aggregations);
    if (facetResponse && result.total === 0) result.relax = await this.relax(index, query);
    return result;
  }

  /**
   * The relaxations of a query that matched nothing (`referenceRelax`): one request counting every single
   * change, and only when none helps, one more counting the sets of changes.
   */
  private async relax(index: string, query: SearchQuery): Promise<RelaxEntry[]> {
    const count = async (aggs: Aggregations) =>
      Object.keys(aggs).length === 0
        ? undefined
        : (await this.client.search({ index, size: 0, aggs })).aggregations;
    const singles = relaxAggregations(query);
    if (Object.keys(singles).length === 0) return [];
    const relax = readRelax(query, await count(singles));
    if (relax.length > 0) return relax;
    return readCombinedRelax(query, await count(combinedRelaxAggregations(query)));
  }

  /**
   * The understood options' term queries and weights (`optionWeight` among the kind's records, as picks are
   * weighed) and the ruled-out options' term queries, for `rankedQuery`.
   */
  private async understoodInputs(
    index: string,
    { understood }: SearchQuery,
  ): Promise<Pick<RankingInputs, 'understood' | 'ruledOut'>> {
    const inputs: Pick<RankingInputs, 'understood' | 'ruledOut'> = {};
    if (hasOptions(understood?.options)) {
      const options = filterQuery(understoodFilter(understood.options)).options;
      const counts = await this.optionCounts.read(index, options);
      inputs.understood = {
        options,
        weights: counts.perOption.map((group) => group.map((count) => optionWeight(counts.records, count))),
      };
    }
    if (hasOptions(understood?.not))
      inputs.ruledOut = filterQuery(understoodFilter(understood.not)).options.flat();
    return inputs;
  }

  /** The query vector when it can be compared with the live generation's vectors. */
  private async rankingVector(query: SearchQuery): Promise<RankingInputs['vector']> {
    const values = query.queryVector;
    if (!values || values.length !== this.vectorDims || values.every((value) => value === 0))
      return undefined;
    const space = this.vectorSpace;
    if (space && !sameVectorSpace((await this.readLiveSpaces())[query.kind], space)) return undefined;
    return { values: [...values], model: this.vectorModel };
  }

  async labelCounts(kind: SearchKind): Promise<FacetCounts> {
    return this.labelCountsHeld.read(this.alias(kind));
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
          SEARCH_KINDS.map((kind) => ({ _index: this.alias(kind), _id: id, _source })),
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
    return (await this.client.count({ index: this.alias(kind) })).count;
  }

  async clear(): Promise<void> {
    await this.client.deleteByQuery({
      index: Object.values(this.aliases()),
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
    if (space && !sameVectorSpace((await this.readLiveSpaces())[kind], space)) return [];
    // Per document too: a vector whose model differs is never a candidate, whatever a generation holds.
    const filters = [
      ...(filter ? filterQuery(filter).filter : []),
      ...(this.vectorModel !== undefined ? [{ term: { vectorModel: this.vectorModel } }] : []),
    ];
    const response = await this.client.search({
      index: this.alias(kind),
      knn: {
        field: 'vector',
        query_vector: [...vector],
        k,
        num_candidates: Math.min(KNN_MAX_CANDIDATES, Math.max(k, k * KNN_CANDIDATES_PER_RESULT)),
        ...(filters.length > 0 ? { filter: filters } : {}),
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

  /**
   * The model the live generations were built for, against the configured one; undefined when this adapter
   * is not keyed by a model. Read afresh, since another process may have swapped a generation in.
   */
  async vectorStatus(): Promise<VectorSpaceStatus | undefined> {
    if (!this.vectorSpace) return undefined;
    const live = await this.readLiveSpaces(true);
    return {
      configured: this.vectorSpace,
      live,
      reindexNeeded: SEARCH_KINDS.some((kind) => !sameVectorSpace(live[kind], this.vectorSpace)),
    };
  }

  async createGeneration(): Promise<SearchIndexGeneration> {
    const tag = randomTag();
    const names = Object.fromEntries(
      SEARCH_KINDS.map((kind) => [kind, generationIndexName(this.alias(kind), this.vectorSpace, tag)]),
    ) as IndexNames;
    for (const kind of SEARCH_KINDS) await this.createIndex(names[kind]);
    this.building.add(names);
    const open = () => {
      if (!this.building.has(names))
        throw new Error('This index generation was already swapped in or discarded');
      return names;
    };
    return {
      upsert: async (docs) => this.bulk(this.upsertOperations(this.fit(docs), open()), false),
      remove: async (ids) => this.bulk(this.removeOperations(ids, open()), false),
      count: async (kind) => {
        await this.client.indices.refresh({ index: open()[kind] });
        return (await this.client.count({ index: names[kind] })).count;
      },
      swap: async () => {
        await this.client.indices.refresh({ index: Object.values(open()) });
        await this.swapAliases(names);
        this.building.delete(names);
        this.liveSpaces = undefined;
        this.labelCountsHeld.forget();
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
      if (await this.client.indices.existsAlias({ name: this.alias(kind) })) {
        // Indices created before the added fields get them (adding fields to a mapping is allowed).
        await this.client.indices.putMapping({ index: this.alias(kind), properties: ADDED_PROPERTIES });
        continue;
      }
      // A fixed first name: when two processes start at once, one creates it and the other finds it.
      try {
        await this.createIndex(
          generationIndexName(this.alias(kind), this.vectorSpace, INITIAL_TAG),
          this.alias(kind),
        );
      } catch (error) {
        if (!isAlreadyExists(error)) throw error;
      }
    }
  }

  private async createIndex(index: string, alias?: string): Promise<void> {
    await this.client.indices.create({
      index,
      settings: searchIndexSettings(this.serverVersion),
      mappings: {
        ...searchIndexMappings(this.vectorDims),
        ...(this.vectorSpace && { _meta: { ...vectorSpaceMeta(this.vectorSpace) } }),
      },
      ...(alias ? { aliases: { [alias]: {} } } : {}),
    });
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
    const live = await this.readLiveSpaces();
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

  /** The model each kind's live generation was built for, from its `_meta`, read again when stale. */
  private async readLiveSpaces(fresh = false): Promise<Record<SearchKind, VectorSpace | undefined>> {
    if (!fresh && this.liveSpaces && Date.now() - this.liveSpaces.readAt < LIVE_SPACE_TTL_MS) {
      return this.liveSpaces.spaces;
    }
    const mappings = await this.client.indices.getMapping({ index: Object.values(this.aliases()) });
    const spaces = Object.fromEntries(
      SEARCH_KINDS.map((kind) => {
        const alias = this.alias(kind);
        const found = Object.entries(mappings)
          .filter(([index]) => index.startsWith(`${alias}-`))
          .map(([index, { mappings: mapping }]) => recordedVectorSpace(index, alias, mapping._meta));
        // Every index behind the alias must agree; there is one outside a swap.
        const [first] = found;
        return [
          kind,
          found.length > 0 && found.every((space) => sameVectorSpace(space, first)) ? first : undefined,
        ];
      }),
    ) as Record<SearchKind, VectorSpace | undefined>;
    this.liveSpaces = { spaces, readAt: Date.now() };
    return spaces;
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
      { index: { _index: names[doc.kind], _id: doc.id, ...externalVersion(doc) } },
      toSource(doc),
    ]);
  }

  private removeOperations(ids: readonly string[], names: IndexNames): BulkLine[] {
    return ids.flatMap((id) => SEARCH_KINDS.map((kind) => ({ delete: { _index: names[kind], _id: id } })));
  }

  private async bulk(operations: BulkLine[], refresh: estypes.Refresh): Promise<void> {
    if (operations.length === 0) return;
    const response = await this.client.bulk({ operations, refresh });
    // Deleting an id the index does not hold is not a failure: removals do not know the kind. Nor is a
    // version conflict: the index holds a newer state of the document than this write.
    const failures = response.items
      .flatMap((item) => Object.values(item))
      .filter((result) => result?.error && !isNewerHeld(result));
    if (failures.length > 0) {
      const first = failures[0]?.error;
      throw new PartialWriteError(
        `Search index write failed for ${failures.length} document(s): ${first?.type}: ${first?.reason}`,
        [...new Set(failures.flatMap((result) => (result?._id ? [result._id] : [])))],
      );
    }
  }
}

/** How many of the weighed options a hit carries (by its named clauses) and their weight. */
const carriedOptions = (
  weights: readonly number[][],
  carries: (group: number, option: number) => boolean,
): { count: number; weight: number } => {
  let count = 0;
  let weight = 0;
  weights.forEach((group, at) =>
    group.forEach((optionWeight, option) => {
      if (!carries(at, option)) return;
      count++;
      weight += optionWeight;
    }),
  );
  return { count, weight };
};
