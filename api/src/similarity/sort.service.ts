import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import { type MatchExplanation, type SortRequest, toActiveQuery, whyOf } from '@skillers/domain';
import {
  type Embedder,
  EmptySortQueryError,
  SimilarityRanker,
  type SortAnswer,
  type SortResult,
} from '@skillers/embedding';
import type { SearchIndex } from '@skillers/search';
import { SEARCH_INDEX } from '../core/tokens';
import { EMBEDDER } from '../core/embedder.tokens';
import { AppEvents } from '../core/events/app-events.service';
import { SEARCH_EVENT_SINK, type SearchEventSink } from '../analytics/search-event-sink';
import { searchEventOf } from '../analytics/search-event';
import { type Searcher, ServedSearches } from '../analytics/served-searches';
import { VectorBackfillState } from '../indexing/vector-backfill.state';

/** A ranked record and why: the picked labels it has and lacks, and its similarity when a vector ranked it. */
export type ExplainedSortResult = SortResult & { why: MatchExplanation };

/** `/sort` on the API: the shared similarity ranking over the live index, recorded as a search event. */
@Injectable()
export class SortService {
  private readonly ranker: SimilarityRanker;

  constructor(
    @Inject(EMBEDDER) embedder: Embedder,
    @Inject(SEARCH_INDEX) private readonly index: SearchIndex,
    @Inject(SEARCH_EVENT_SINK) private readonly events: SearchEventSink,
    private readonly served: ServedSearches,
    backfill: VectorBackfillState,
    private readonly appEvents: AppEvents,
  ) {
    this.ranker = new SimilarityRanker(embedder, index, () => backfill.pending());
  }

  /**
   * The ranking, each result with why it is shown, and the `eventId` of its search event so that clicks on
   * its results can name it; the ranking is remembered so that only such clicks count.
   */
  async sort(
    request: SortRequest,
    searcher: Searcher,
  ): Promise<Omit<SortAnswer, 'results'> & { results: ExplainedSortResult[]; eventId: string }> {
    const startedAt = performance.now();
    const answer = await this.rank(request);
    const semantic = answer.mode === 'semantic';
    const event = searchEventOf({
      kind: request.type,
      request: { activeFilters: request.filter, filtering_restriction: 'min_1_match', page: 1 },
      ranked: {
        ids: answer.results.map((result) => result.record_id),
        scores: answer.results.map((result) => result.similarity),
        total: answer.results.length,
        // Without a model the similarity is the lexical mix, not a vector's cosine.
        signals: answer.results.map(({ similarity }) =>
          semantic ? { fused: similarity, vector: similarity } : { fused: similarity },
        ),
      },
      returned: answer.results.map((result) => result.record_id),
      similarityFallback: true,
      similarityMode: answer.mode,
      latencyMs: performance.now() - startedAt,
      signedIn: searcher.userId !== undefined,
    });
    this.events.record(event);
    this.served.remember(event, searcher);
    this.appEvents.notify('search.answered', {
      kind: request.type,
      restriction: event.restriction,
      withText: true,
      latencyMs: event.latencyMs,
      hits: event.hits,
      similarityFallback: true,
    });
    return { ...answer, results: await this.explain(request, answer), eventId: event.eventId };
  }

  private async explain(request: SortRequest, answer: SortAnswer): Promise<ExplainedSortResult[]> {
    const filter = toActiveQuery(request.type, request.filter, 'min_1_match', 1);
    const docs = await this.index.getMany(
      answer.results.map((result) => result.record_id),
      { vectors: false },
    );
    // Without a model the ranking is lexical: no vector took part.
    const semantic = answer.mode === 'semantic';
    return answer.results.map((result, at) => ({
      ...result,
      why: whyOf(docs[at], filter, semantic ? { vector: result.similarity } : {}),
    }));
  }

  private async rank(request: SortRequest): Promise<SortAnswer> {
    try {
      return await this.ranker.rank(request);
    } catch (error) {
      if (error instanceof EmptySortQueryError) throw new BadRequestException({ message: error.message });
      throw error;
    }
  }
}
