import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import type { SortRequest } from '@skillers/domain';
import { type Embedder, EmptySortQueryError, SimilarityRanker, type SortAnswer } from '@skillers/embedding';
import type { SearchIndex } from '@skillers/search';
import { SEARCH_INDEX } from '../core/tokens';
import { EMBEDDER } from '../embedder/embedder.tokens';
import { SEARCH_EVENT_SINK, type SearchEventSink } from './search-events/search-event-sink';
import { searchEventOf } from './search-events/search-event';

/** `/sort` on the API: the shared similarity ranking over the live index, recorded as a search event. */
@Injectable()
export class SortService {
  private readonly ranker: SimilarityRanker;

  constructor(
    @Inject(EMBEDDER) embedder: Embedder,
    @Inject(SEARCH_INDEX) index: SearchIndex,
    @Inject(SEARCH_EVENT_SINK) private readonly events: SearchEventSink,
  ) {
    this.ranker = new SimilarityRanker(embedder, index);
  }

  /** The ranking, with the `eventId` of its search event so that clicks on its results can name it. */
  async sort(request: SortRequest, signedIn = false): Promise<SortAnswer & { eventId: string }> {
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
      signedIn,
    });
    this.events.record(event);
    return { ...answer, eventId: event.eventId };
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
