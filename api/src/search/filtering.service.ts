import { Inject, Injectable } from '@nestjs/common';
import {
  type FilteringRequest,
  pageCount,
  type ProjectView,
  type SearchKind,
  type TeammateView,
  toActiveQuery,
} from '@skillers/domain';
import { type Embedder, EmbedderUnavailableError, rankingQueryText } from '@skillers/embedding';
import type { SearchIndex, SearchResult } from '@skillers/search';
import { performance } from 'node:perf_hooks';
import { SEARCH_INDEX } from '../core/tokens';
import { EMBEDDER } from '../embedder/embedder.tokens';
import { ProjectService } from '../projects/project.service';
import { TeammateService } from '../teammates/teammate.service';
import { searchEventOf } from './search-events/search-event';
import { SEARCH_EVENT_SINK, type SearchEventSink } from './search-events/search-event-sink';

/**
 * Traditional filtering: the index ranks ids (hybrid ranking, docs/ranking.md), the store supplies the records
 * shown for them. With free text the query is also embedded, so that vectors take part in the ranking.
 */
@Injectable()
export class FilteringService {
  constructor(
    @Inject(SEARCH_INDEX) private readonly index: SearchIndex,
    private readonly projects: ProjectService,
    private readonly teammates: TeammateService,
    @Inject(SEARCH_EVENT_SINK) private readonly events: SearchEventSink,
    @Inject(EMBEDDER) private readonly embedder: Embedder,
  ) {}

  async projectsMatching(
    request: FilteringRequest,
    viewerId?: string,
  ): Promise<{ items: ProjectView[]; total: number; pages: number; eventId: string }> {
    const startedAt = performance.now();
    const result = await this.search('project', request);
    const items = await this.projects.viewsInOrder(result.ids, viewerId);
    const eventId = this.recordSearch('project', request, result, items, startedAt, viewerId);
    return { items, total: result.total, pages: pageCount(result.total), eventId };
  }

  async teammatesMatching(
    request: FilteringRequest,
    viewerId?: string,
  ): Promise<{ teammates: TeammateView[]; total: number; teammatesPages: number; eventId: string }> {
    const startedAt = performance.now();
    const result = await this.search('teammate', request);
    const teammates = await this.teammates.viewsInOrder(result.ids, viewerId);
    const eventId = this.recordSearch('teammate', request, result, teammates, startedAt, viewerId);
    return { teammates, total: result.total, teammatesPages: pageCount(result.total), eventId };
  }

  private async search(kind: SearchKind, request: FilteringRequest): Promise<SearchResult> {
    const query = toActiveQuery(kind, request.activeFilters, request.filtering_restriction, request.page);
    if (request.text) query.text = request.text;
    const queryVector = await this.queryVector(request);
    if (queryVector) query.queryVector = queryVector;
    return this.index.search(query);
  }

  /** Without a model the ranking goes on without vectors (facet evidence and BM25). */
  private async queryVector(request: FilteringRequest): Promise<number[] | undefined> {
    const text = rankingQueryText(request.activeFilters, request.text);
    if (text === undefined) return undefined;
    try {
      return (await this.embedder.embed([text]))[0];
    } catch (error) {
      if (error instanceof EmbedderUnavailableError) return undefined;
      throw error;
    }
  }

  /**
   * Fire-and-forget: the sink buffers the event and writes it after the answer has gone out. Returns the
   * event's id, which the answer carries so that clicks on its results can name it.
   */
  private recordSearch(
    kind: SearchKind,
    request: FilteringRequest,
    ranked: SearchResult,
    shown: readonly { _id: string }[],
    startedAt: number,
    viewerId?: string,
  ): string {
    const event = searchEventOf({
      kind,
      request,
      ranked,
      returned: shown.map((record) => record._id),
      similarityFallback: false,
      latencyMs: performance.now() - startedAt,
      signedIn: viewerId !== undefined,
    });
    this.events.record(event);
    return event.eventId;
  }
}
