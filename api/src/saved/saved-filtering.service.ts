import { Inject, Injectable } from '@nestjs/common';
import {
  pageCount,
  type ProjectView,
  referenceSearch,
  type SavedFilteringRequest,
  type SavedKind,
  type SearchDocument,
  type SearchQuery,
  SORT_LIMIT_DEFAULT,
  toActiveQuery,
  toMustHave,
  toMustNot,
} from '@skillers/domain';
import { type Embedder, EmbedderUnavailableError, sortQueryText } from '@skillers/embedding';
import type { SearchIndex } from '@skillers/search';
import { SEARCH_INDEX } from '../core/tokens';
import { EMBEDDER } from '../core/embedder.tokens';
import { ProjectService } from '../projects/project.service';
import { type ClosestHit, closestFirst, cosineHits, lexicalHits } from './closest-saved';
import { SavedRepository } from './saved.repository';

export interface SavedProjectsFilterAnswer {
  /** The page of saved projects the filters match, ranked as the filtering call ranks. */
  projects: ProjectView[];
  total: number;
  projectPages: number;
  /** When nothing matches: the saved projects closest to the search, best first, each with `similarity`. */
  closest: (ProjectView & { similarity: number })[];
}

/**
 * Filtering within the user's saved items. The filters keep the filtering call's semantics exactly: the
 * saved items' search documents are matched and ranked by `referenceSearch`, which every index adapter
 * must equal. When none match, the saved items are ranked as `/sort` ranks the whole index: cosine
 * similarity to the embedded query text, or tag and word overlap when no model can be loaded.
 */
@Injectable()
export class SavedFilteringService {
  constructor(
    private readonly saved: SavedRepository,
    private readonly projects: ProjectService,
    @Inject(SEARCH_INDEX) private readonly index: SearchIndex,
    @Inject(EMBEDDER) private readonly embedder: Embedder,
  ) {}

  async filterProjects(userId: string, request: SavedFilteringRequest): Promise<SavedProjectsFilterAnswer> {
    const docs = await this.savedDocuments(userId, 'project');
    const query = {
      ...toActiveQuery('project', request.activeFilters, request.filtering_restriction, request.page),
      ...toMustHave(request.mustHave),
      ...toMustNot(request.mustNot),
    };
    const { ids, total } = referenceSearch(docs, query);
    const hits =
      total === 0 ? await this.closest(docs, query, sortQueryText(request.activeFilters, request.text)) : [];
    const similarity = new Map(hits.map((hit) => [hit.id, hit.similarity]));
    const [projects, closest] = await Promise.all([
      this.projects.viewsInOrder(ids, userId),
      this.projects.viewsInOrder([...similarity.keys()], userId),
    ]);
    return {
      projects,
      total,
      projectPages: pageCount(total),
      closest: closest.map((project) => ({ ...project, similarity: similarity.get(project._id) ?? 0 })),
    };
  }

  /** The search documents of the user's saved items; an item not indexed (yet or any more) has none. */
  private async savedDocuments(userId: string, kind: SavedKind): Promise<SearchDocument[]> {
    const ids = await this.saved.itemIds(userId, kind);
    const docs = await this.index.getMany(ids);
    return docs.filter((doc): doc is SearchDocument => doc?.kind === kind);
  }

  private async closest(
    docs: SearchDocument[],
    query: SearchQuery,
    queryText: string,
  ): Promise<ClosestHit[]> {
    if (docs.length === 0 || queryText === '') return [];
    let hits: ClosestHit[];
    try {
      const [vector] = await this.embedder.embed([queryText]);
      hits = cosineHits(docs, vector);
    } catch (error) {
      if (!(error instanceof EmbedderUnavailableError)) throw error;
      hits = lexicalHits(docs, query, queryText);
    }
    return closestFirst(hits, docs, SORT_LIMIT_DEFAULT);
  }
}
