import { Inject, Injectable } from '@nestjs/common';
import {
  type ClientFacets,
  type ClientRelaxEntry,
  picksLabels,
  type FilteringRequest,
  type MatchExplanation,
  pageCount,
  type ProjectView,
  type SearchKind,
  type SearchQuery,
  type ProfileView,
  toActiveQuery,
  type UnderstoodText,
  understoodOptions,
  withoutDismissed,
  toClientFacets,
  toClientRelax,
  toMustHave,
  toMustNot,
  whyOf,
} from '@skillers/domain';
import { rankingQueryText } from '@skillers/embedding';
import type { SearchIndex, SearchResult } from '@skillers/search';
import { performance } from 'node:perf_hooks';
import { SEARCH_INDEX } from '../core/tokens';
import { AppEvents } from '../core/events/app-events.service';
import { ProjectService } from '../projects/project.service';
import { ProfileService } from '../profiles/profile.service';
import { searchEventOf } from '../analytics/search-event';
import { SEARCH_EVENT_SINK, type SearchEventSink } from '../analytics/search-event-sink';
import { type Searcher, ServedSearches } from '../analytics/served-searches';
import { QueryVectors } from './query-vectors';
import { TextUnderstandingService } from './text-understanding.service';

/** Each item says why it is shown. */
export type Explained<T> = T & { why: MatchExplanation };

/**
 * What both filtering calls add beside their lists: facet counts when asked, relaxations on no match, and
 * what the server understood of the free text.
 */
export interface FilteringExtras {
  facets?: ClientFacets;
  relax?: ClientRelaxEntry[];
  understood?: UnderstoodText;
}

/**
 * Traditional filtering: the index ranks ids (hybrid ranking, docs/ranking.md) and hands back their indexed
 * labels, the store supplies the records shown for them, and each record's indexed labels are held
 * against the query to say why it is shown. With
 * free text the query is also embedded, so that vectors take part in the ranking.
 */
@Injectable()
export class FilteringService {
  constructor(
    @Inject(SEARCH_INDEX) private readonly index: SearchIndex,
    private readonly projects: ProjectService,
    private readonly profiles: ProfileService,
    @Inject(SEARCH_EVENT_SINK) private readonly events: SearchEventSink,
    private readonly queryVectors: QueryVectors,
    private readonly served: ServedSearches,
    private readonly understanding: TextUnderstandingService,
    private readonly appEvents: AppEvents,
  ) {}

  /** `searcher.userId`, when signed in, is the viewer whose saved marks are shown. */
  async projectsMatching(
    request: FilteringRequest,
    searcher: Searcher,
  ): Promise<
    { items: Explained<ProjectView>[]; total: number; pages: number; eventId: string } & FilteringExtras
  > {
    const startedAt = performance.now();
    const { query, result, understood } = await this.search('project', request);
    const views = await this.projects.viewsInOrder(result.ids, searcher.userId);
    const whys = explain(query, result);
    const items = views.map((view) => ({ ...view, why: whys.get(view._id) ?? whyOf(null, query) }));
    const eventId = this.recordSearch('project', request, result, items, startedAt, searcher);
    return {
      items,
      total: result.total,
      pages: pageCount(result.total),
      eventId,
      ...extras(result, understood),
    };
  }

  async profilesMatching(
    request: FilteringRequest,
    searcher: Searcher,
  ): Promise<
    {
      teammates: Explained<ProfileView>[];
      total: number;
      teammatesPages: number;
      eventId: string;
    } & FilteringExtras
  > {
    const startedAt = performance.now();
    const { query, result, understood } = await this.search('teammate', request);
    const views = await this.profiles.viewsInOrder(result.ids, searcher.userId);
    const whys = explain(query, result);
    const profiles = views.map((view) => ({ ...view, why: whys.get(view._id) ?? whyOf(null, query) }));
    const eventId = this.recordSearch('teammate', request, result, profiles, startedAt, searcher);
    return {
      teammates: profiles,
      total: result.total,
      teammatesPages: pageCount(result.total),
      eventId,
      ...extras(result, understood),
    };
  }

  private async search(
    kind: SearchKind,
    request: FilteringRequest,
  ): Promise<{ query: SearchQuery; result: SearchResult; understood?: UnderstoodText }> {
    const { query, understood } = await this.queryFor(kind, request);
    // The labels only say which picked labels each record has: without picks they are not read.
    const labels = picksLabels(query);
    return { query, result: await this.index.search(query, { labels }), understood };
  }

  /**
   * The index query of a filtering request. With free text, the server reads it first
   * (docs/search-understanding.md): the labels it names rank as understood options, the ones it rules out
   * demote, and only its remaining words go to BM25 and the query vector. Picks alone narrow the matches.
   */
  async queryFor(
    kind: SearchKind,
    request: FilteringRequest,
  ): Promise<{ query: SearchQuery; understood?: UnderstoodText }> {
    const query: SearchQuery = {
      ...toActiveQuery(kind, request.activeFilters, request.filtering_restriction, request.page),
      ...toMustHave(request.mustHave),
      ...toMustNot(request.mustNot),
    };
    if (request.facets) query.facets = true;
    if (!request.text) return { query };
    // The query vector is asked for beside the understanding, so the model reads both in one batch.
    const words = this.understanding.wordsOf(request.text).join(' ');
    const [read, queryVector] = await Promise.all([
      this.understanding.understand(kind, request.text),
      this.queryVector(request.activeFilters, words === '' ? undefined : words),
    ]);
    const understood = withoutDismissed(read, request.dismissed);
    query.understood = understoodOptions(kind, understood);
    if (words !== '') query.text = words;
    // Freshness ranks where every match is scored anyway (docs/ranking.md): with free text.
    query.rankedAt = new Date().toISOString();
    if (queryVector) query.queryVector = queryVector;
    return { query, understood };
  }

  /** Without a model the ranking goes on without vectors (facet evidence and BM25). */
  private async queryVector(
    activeFilters: FilteringRequest['activeFilters'],
    words: string | undefined,
  ): Promise<number[] | undefined> {
    const text = rankingQueryText(activeFilters, words);
    return text === undefined ? undefined : this.queryVectors.vectorOf(text);
  }

  /**
   * Fire-and-forget: the sink buffers the event and writes it after the answer has gone out. Returns the
   * event's id, which the answer carries so that clicks on its results can name it; the page is
   * remembered so that only such clicks count.
   */
  private recordSearch(
    kind: SearchKind,
    request: FilteringRequest,
    ranked: SearchResult,
    shown: readonly { _id: string }[],
    startedAt: number,
    searcher: Searcher,
  ): string {
    const event = searchEventOf({
      kind,
      request,
      ranked,
      returned: shown.map((record) => record._id),
      similarityFallback: false,
      latencyMs: performance.now() - startedAt,
      signedIn: searcher.userId !== undefined,
    });
    this.events.record(event);
    this.served.remember(event, searcher);
    this.appEvents.notify('search.answered', {
      kind,
      restriction: event.restriction,
      withText: Boolean(request.text),
      latencyMs: event.latencyMs,
      hits: event.hits,
      similarityFallback: false,
    });
    return event.eventId;
  }
}

/**
 * The `why` of each id on the page, by id, from the document the index matched (handed back with the page,
 * not read again) and the rank signals.
 */
const explain = (query: SearchQuery, result: SearchResult): Map<string, MatchExplanation> =>
  new Map(
    result.ids.map((id, at) => [
      id,
      whyOf(result.labels?.[at] ?? null, query, {
        vector: result.signals?.[at]?.vector,
        textTerms: result.signals?.[at]?.textTerms,
      }),
    ]),
  );

const extras = (result: SearchResult, understood?: UnderstoodText): FilteringExtras => ({
  ...(result.facets ? { facets: toClientFacets(result.facets) } : {}),
  ...(result.relax ? { relax: toClientRelax(result.relax) } : {}),
  ...(understood ? { understood } : {}),
});
