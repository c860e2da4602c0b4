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
import { SEARCH_INDEX } from '../core/tokens';
import { ProjectService } from '../projects/project.service';
import { TeammateService } from '../teammates/teammate.service';

/** Traditional filtering: the index ranks ids, the store supplies the records shown for them. */
@Injectable()
export class FilteringService {
  constructor(
    @Inject(SEARCH_INDEX) private readonly index: SearchIndex,
    private readonly projects: ProjectService,
    private readonly teammates: TeammateService,
  ) {}

  async projectsMatching(
    request: FilteringRequest,
    viewerId?: string,
  ): Promise<{ items: ProjectView[]; total: number; pages: number }> {
    const result = await this.search('project', request);
    return {
      items: await this.projects.viewsInOrder(result.ids, viewerId),
      total: result.total,
      pages: pageCount(result.total),
    };
  }

  async teammatesMatching(
    request: FilteringRequest,
    viewerId?: string,
  ): Promise<{ teammates: TeammateView[]; total: number; teammatesPages: number }> {
    const result = await this.search('teammate', request);
    return {
      teammates: await this.teammates.viewsInOrder(result.ids, viewerId),
      total: result.total,
      teammatesPages: pageCount(result.total),
    };
  }

  private search(kind: SearchKind, request: FilteringRequest): Promise<SearchResult> {
    return this.index.search(
      toActiveQuery(kind, request.activeFilters, request.filtering_restriction, request.page),
    );
  }
}
