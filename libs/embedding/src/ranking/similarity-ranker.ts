import {
  roundSimilarity,
  type SearchKind,
  type SearchQuery,
  type SortRequest,
  toActiveQuery,
} from '@skillers/domain';
import type { SearchIndex } from '@skillers/search';
import { type Embedder, EmbedderUnavailableError } from '../embedder/embedder.port';
import { lexicalSimilarity, textOverlap } from '../lexical-fallback';
import { sortQueryText } from '../sort-query';
import type { SimilarityMode } from '../label-suggester';

export interface SortResult {
  record_id: string;
  similarity: number;
}

export interface SortAnswer {
  results: SortResult[];
  mode: SimilarityMode;
}

/** A `/sort` request with no picked label and no text: there is nothing to rank records against. */
export class EmptySortQueryError extends Error {
  constructor() {
    super('Pick at least one filter option or describe what you are looking for');
    this.name = 'EmptySortQueryError';
  }
}

/** Records looked at per picked filter, and newest records added, when ranking without a model. */
const LEXICAL_CANDIDATES = 2000;
const NEWEST_CANDIDATES = 500;

/**
 * `/sort`: records ranked by cosine similarity between their vector and the embedded query text (picked
 * labels and free text), by the index's kNN. Without a model, or while the live index holds no vectors of
 * the configured one, it ranks by tag overlap and text instead and says so (`mode: 'lexical'`). The API and
 * the standalone embedder service both answer `/sort` with it.
 */
export class SimilarityRanker {
  constructor(
    private readonly embedder: Embedder,
    private readonly index: SearchIndex,
    /** True while documents of the live index still wait for their vector (the embedded index's backfill). */
    private readonly vectorsPending: () => boolean = () => false,
  ) {}

  async rank({ type, filter, text, limit }: SortRequest): Promise<SortAnswer> {
    const queryText = sortQueryText(filter, text);
    if (queryText === '') throw new EmptySortQueryError();
    try {
      const [vector] = await this.embedder.embed([queryText]);
      const hits = await this.index.knn(type, vector, limit);
      // A live index built for another model holds no comparable vector until the reindex the indexer runs;
      // one whose vectors are still being computed may hold none yet.
      if (
        hits.length === 0 &&
        (this.vectorsPending() || (await this.index.vectorStatus?.())?.reindexNeeded)
      ) {
        throw new EmbedderUnavailableError('The search index holds no vectors of the configured model yet');
      }
      return {
        results: hits.map(({ id, similarity }) => ({
          record_id: id,
          similarity: roundSimilarity(similarity),
        })),
        mode: 'semantic',
      };
    } catch (error) {
      if (!(error instanceof EmbedderUnavailableError)) throw error;
      return {
        results: await this.lexical(toActiveQuery(type, filter, 'min_1_match', 1), queryText, limit),
        mode: 'lexical',
      };
    }
  }

  /** Picked options each record carries (one search per filter), then the share of query words in its text. */
  private async lexical(query: SearchQuery, queryText: string, limit: number): Promise<SortResult[]> {
    const kind: SearchKind = query.kind;
    const page = { kind, restriction: 'min_1_match' as const, page: 1, pageSize: LEXICAL_CANDIDATES };
    const filters: Omit<SearchQuery, keyof typeof page>[] = Object.entries(query.tags).map(
      ([facet, options]) => ({
        tags: { [facet]: options },
      }),
    );
    if (query.minToolLevels) filters.push({ tags: {}, minToolLevels: query.minToolLevels });
    const picked =
      Object.values(query.tags).reduce((sum, options) => sum + (options?.length ?? 0), 0) +
      Object.keys(query.minToolLevels ?? {}).length;

    const matched = new Map<string, number>();
    for (const filter of filters) {
      const { ids, scores } = await this.index.search({ ...page, ...filter });
      ids.forEach((id, at) => matched.set(id, (matched.get(id) ?? 0) + scores[at]));
    }
    // The newest records compete on their text too, so a request with no tag in common still gets an answer.
    const newest = await this.index.search({ ...page, tags: {}, pageSize: NEWEST_CANDIDATES });
    const candidates = [...new Set([...matched.keys(), ...newest.ids])];
    // One read for every candidate; the ranking needs their text, not their vectors.
    const docs = await this.index.getMany(candidates, { vectors: false });
    return docs
      .flatMap((doc, at) => (doc ? [{ doc, order: at }] : []))
      .map(({ doc, order }) => ({
        record_id: doc.id,
        similarity: roundSimilarity(
          lexicalSimilarity(matched.get(doc.id) ?? 0, picked, textOverlap(queryText, doc.text)),
        ),
        createdAt: doc.createdAt,
        order,
      }))
      .sort(
        (a, b) => b.similarity - a.similarity || b.createdAt.localeCompare(a.createdAt) || a.order - b.order,
      )
      .slice(0, limit)
      .map(({ record_id, similarity }) => ({ record_id, similarity }));
  }
}
