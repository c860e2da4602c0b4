import { Inject, Injectable } from '@nestjs/common';
import {
  type FilteringRequest,
  pageCount,
  type ProjectView,
  type SearchKind,
  type TeammateView,
  toActiveQuery,
} from '@skillers/domain';
import type { SearchIndex, SearchResult } from '@skillers/search';
import { performance } from 'node:perf_hooks';
import { SEARCH_INDEX } from '../core/tokens';
import { ProjectService } from '../projects/project.service';
import { TeammateService } from '../teammates/teammate.service';
import { searchEventOf } from './search-events/search-event';
import { SEARCH_EVENT_SINK, type SearchEventSink } from './search-events/search-event-sink';

/** Traditional filtering: the index ranks ids, the store supplies the records shown for them. */
@Injectable()
export class FilteringService {
  constructor(
    @Inject(SEARCH_INDEX) private readonly index: SearchIndex,
    private readonly projects: ProjectService,
    private readonly teammates: TeammateService,
    @Inject(SEARCH_EVENT_SINK) private readonly events: SearchEventSink,
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

  private search(kind: SearchKind, request: FilteringRequest): Promise<SearchResult> {
    return this.index.search(
      toActiveQuery(kind, request.activeFilters, request.filtering_restriction, request.page),
    );
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
