import { ForbiddenException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  answerRankFactor,
  type FacetCounts,
  LIST_PAGE_SIZE,
  type MatchQuery,
  needWeightOf,
  type NeedWeightTable,
  needWeightTable,
  pageCount,
  type ProfileRecord,
  type ProfileView,
  profilesMatchQuery,
  type ProjectRecord,
  projectsMatchQuery,
  type ProjectView,
  type TwoSidedFit,
  twoSidedFit,
} from '@skillers/domain';
import type { MatchHit, SearchIndex } from '@skillers/search';
import { SEARCH_INDEX } from '../core/tokens';
import { AnswerRatesService } from '../answer-rates/answer-rates.service';
import { ChatRepository } from '../chat/chat.repository';
import { BlocksRepository } from '../trust/blocks.repository';
import { HiddenMatches } from './hidden-matches';
import { ProfileRepository } from '../profiles/profile.repository';
import { ProfileService } from '../profiles/profile.service';
import { ProjectRepository } from '../projects/project.repository';
import { ProjectService } from '../projects/project.service';

export const MATCH_MESSAGES = {
  projectNotFound: 'Project not found',
  notYourProject: 'Only the owner of a project sees its matches',
  noProfile: 'Create your skiller profile to see projects for you',
} as const;

/** A recommended record with its two-sided fit as `why`. */
export type Matched<T> = T & { why: TwoSidedFit };

/**
 * How many of the index's best matches are reranked by answer rate, per record shown up to the page asked.
 * The rate changes a rank by at most the factor 0.85 (`answerRankFactor`), so a record can only pass one
 * whose fit is less than 1/0.85 ≈ 1.18 times its own. Three times the records up to the page reaches down to
 * every record that could move onto it, unless more than that many fits lie within those 18 % of each other
 * (then the page keeps the index's order at its end). A page costs k = page × 12 × 3 from the index.
 */
const RERANKED_PER_SHOWN = 3;

/**
 * Matches for you (docs/matching.md): the other kind's records ranked by their two-sided fit with the
 * caller's project or profile, a little weighed by how their owners answer, best first. Left out: the
 * caller's own records, users either side blocked, users the caller already talks with (an invitation
 * reserves the conversation), records the caller hid, and pairs with no fit at all.
 */
@Injectable()
export class MatchesService {
  private weightsKept?: { counts: FacetCounts; profiles: number; table: NeedWeightTable };

  constructor(
    private readonly projects: ProjectRepository,
    private readonly profiles: ProfileRepository,
    private readonly projectViews: ProjectService,
    private readonly profileViews: ProfileService,
    private readonly chats: ChatRepository,
    private readonly blocks: BlocksRepository,
    private readonly answerRates: AnswerRatesService,
    private readonly hidden: HiddenMatches,
    @Inject(SEARCH_INDEX) private readonly index: SearchIndex,
  ) {}

  async profilesForProject(
    userId: string,
    projectId: string,
    page: number,
  ): Promise<{ teammates: Matched<ProfileView>[]; total: number; teammatesPages: number }> {
    const project = await this.projects.findById(projectId);
    if (!project) throw new NotFoundException(MATCH_MESSAGES.projectNotFound);
    if (project.ownerId !== userId) throw new ForbiddenException(MATCH_MESSAGES.notYourProject);
    const weights = await this.needWeights();
    const { items, total } = await this.matchPage(
      userId,
      page,
      profilesMatchQuery(project, weights),
      (ids) => this.profileViews.viewsInOrder(ids, userId),
      (profile) => twoSidedFit(project, profile, needWeightOf(weights)),
    );
    return { teammates: items, total, teammatesPages: pageCount(total) };
  }

  async projectsForProfile(
    userId: string,
    page: number,
  ): Promise<{ projects: Matched<ProjectView>[]; total: number; projectsPages: number }> {
    const profile = await this.profiles.findByOwner(userId);
    if (!profile) throw new NotFoundException(MATCH_MESSAGES.noProfile);
    const weights = await this.needWeights();
    const { items, total } = await this.matchPage(
      userId,
      page,
      projectsMatchQuery(profile, weights),
      (ids) => this.projectViews.viewsInOrder(ids, userId),
      (project) => twoSidedFit(project, profile, needWeightOf(weights)),
    );
    return { projects: items, total, projectsPages: pageCount(total) };
  }

  /**
   * One page of the records with any fit, best first (the index's order, reranked by answer rate), as views
   * with their fit as `why` (a record gone from the store since it was indexed is left out).
   */
  private async matchPage<V>(
    userId: string,
    page: number,
    query: MatchQuery,
    viewsInOrder: (ids: string[]) => Promise<V[]>,
    fitOf: (view: V) => TwoSidedFit,
  ): Promise<{ items: Matched<V>[]; total: number }> {
    const { owners: leftOut, records: hidden } = await this.leftOutOf(userId);
    // Hidden records are dropped from the hits: asking for that many more keeps the reranked pool whole.
    const answer = await this.index.matches(query, {
      k: page * LIST_PAGE_SIZE * RERANKED_PER_SHOWN + hidden.size,
      excludeOwners: [...leftOut],
    });
    const hits = answer.hits.filter((hit) => !hidden.has(hit.id));
    // A hidden record ranked below the hits fetched still counts in the total: a rare, small overcount.
    const total = answer.total - (answer.hits.length - hits.length);
    // Who answers ranks a little higher: the fit's score stays as it is in `why`.
    const rates = await this.answerRates.ratesOf(hits.map(({ ownerId }) => ownerId));
    const ranked = hits
      .map((hit) => ({ hit, rank: hit.score * answerRankFactor(rates.get(hit.ownerId)) }))
      .sort((a, b) => b.rank - a.rank);
    const shown = ranked.slice((page - 1) * LIST_PAGE_SIZE, page * LIST_PAGE_SIZE).map(({ hit }) => hit.id);
    const views = await viewsInOrder(shown);
    return { items: views.map((view) => ({ ...view, why: fitOf(view) })), total };
  }

  /**
   * The best `k` records of the other kind for a project's or profile's match query (from `matchQueries`),
   * with nobody left out: the weekly digest asks once per new record and leaves out per recipient
   * (`leftOutOf`).
   */
  async bestFor(query: MatchQuery, k: number): Promise<MatchHit[]> {
    return (await this.index.matches(query, { k })).hits;
  }

  /** The match queries of projects and profiles under the labels' rarity as it is now. */
  async matchQueries(): Promise<{
    ofProject: (project: ProjectRecord) => MatchQuery;
    ofProfile: (profile: ProfileRecord) => MatchQuery;
  }> {
    const weights = await this.needWeights();
    return {
      ofProject: (project) => profilesMatchQuery(project, weights),
      ofProfile: (profile) => projectsMatchQuery(profile, weights),
    };
  }

  /** Who never comes back in a user's matches: owners left out (as `usersLeftOut`) and the records hidden. */
  async leftOutOf(userId: string): Promise<{ owners: ReadonlySet<string>; records: ReadonlySet<string> }> {
    const [owners, records] = await Promise.all([this.usersLeftOut(userId), this.hidden.idsOf(userId)]);
    return { owners, records };
  }

  /** The caller, users either side blocked, and users the caller already has a conversation with. */
  private async usersLeftOut(userId: string): Promise<Set<string>> {
    const [conversations, blocked, blockers] = await Promise.all([
      this.chats.conversationsOf(userId),
      this.blocks.blockedIdsOf(userId),
      this.blocks.blockerIdsOf(userId),
    ]);
    const leftOut = new Set([userId, ...blocked, ...blockers]);
    for (const { participants } of conversations) for (const id of participants) leftOut.add(id);
    return leftOut;
  }

  /** The two-sided fit of any project and profile, with the labels' rarity as it is now. */
  async fitMeasure(): Promise<(project: ProjectRecord, profile: ProfileRecord) => TwoSidedFit> {
    const weightOf = needWeightOf(await this.needWeights());
    return (project, profile) => twoSidedFit(project, profile, weightOf);
  }

  /**
   * An asked label weighs its rarity among profiles, as a picked option does in the search. The table is
   * kept while the index answers the same counts object (the embedded index keeps one until a write), so
   * the index's own per-table work is done once too.
   */
  private async needWeights(): Promise<NeedWeightTable> {
    const [counts, profiles] = await Promise.all([
      this.index.labelCounts('teammate'),
      this.index.count('teammate'),
    ]);
    const kept = this.weightsKept;
    if (kept?.counts === counts && kept.profiles === profiles) return kept.table;
    const table = needWeightTable(profiles, counts);
    this.weightsKept = { counts, profiles, table };
    return table;
  }
}
