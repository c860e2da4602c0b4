import { ForbiddenException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  answerRankFactor,
  type FacetCounts,
  LIST_PAGE_SIZE,
  type NeedField,
  type NeedWeight,
  optionWeight,
  pageCount,
  type ProfileRecord,
  type ProfileView,
  type ProjectRecord,
  type ProjectView,
  type TwoSidedFit,
  twoSidedFit,
} from '@skillers/domain';
import type { SearchIndex } from '@skillers/search';
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

/** The index facet each asked list of a project is counted in, for its rarity among profiles. */
const FACET_OF_NEED: Record<NeedField, keyof FacetCounts> = {
  tools: 'tools',
  hardSkills: 'hardSkills',
  softSkills: 'softSkills',
  usedLanguages: 'usedLanguages',
  areaOfExpertise: 'industry',
};

/**
 * Matches for you (docs/matching.md): the other kind's records ranked by their two-sided fit with the
 * caller's project or profile, a little weighed by how their owners answer, best first. Left out: the
 * caller's own records, users either side blocked, users the caller already talks with (an invitation
 * reserves the conversation), records the caller hid, and pairs with no fit at all.
 */
@Injectable()
export class MatchesService {
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
    const { items, total } = await this.matchPage(
      userId,
      page,
      this.profiles.all(),
      (profile, weightOf) => twoSidedFit(project, profile, weightOf),
      (ids) => this.profileViews.viewsInOrder(ids, userId),
    );
    return { teammates: items, total, teammatesPages: pageCount(total) };
  }

  async projectsForProfile(
    userId: string,
    page: number,
  ): Promise<{ projects: Matched<ProjectView>[]; total: number; projectsPages: number }> {
    const profile = await this.profiles.findByOwner(userId);
    if (!profile) throw new NotFoundException(MATCH_MESSAGES.noProfile);
    const { items, total } = await this.matchPage(
      userId,
      page,
      this.projects.all(),
      (project, weightOf) => twoSidedFit(project, profile, weightOf),
      (ids) => this.projectViews.viewsInOrder(ids, userId),
    );
    return { projects: items, total, projectsPages: pageCount(total) };
  }

  /** One page of `candidates` with any fit, best first, then newest, as views with their fit as `why`. */
  private async matchPage<T extends { _id: string; ownerId: string; createdAt: string }, V>(
    userId: string,
    page: number,
    candidates: Promise<T[]>,
    fitOf: (record: T, weightOf: NeedWeight) => TwoSidedFit,
    viewsInOrder: (ids: string[]) => Promise<V[]>,
  ): Promise<{ items: Matched<V>[]; total: number }> {
    const [records, leftOut, hidden, weightOf] = await Promise.all([
      candidates,
      this.usersLeftOut(userId),
      this.hidden.idsOf(userId),
      this.needWeights(),
    ]);
    const fitting = records
      .filter((record) => !leftOut.has(record.ownerId) && !hidden.has(record._id))
      .map((record) => ({ record, fit: fitOf(record, weightOf) }))
      .filter(({ fit }) => fit.score > 0);
    // Who answers ranks a little higher: the fit's score stays as it is in `why`.
    const rates = await this.answerRates.ratesOf(fitting.map(({ record }) => record.ownerId));
    const ranked = fitting
      .map((match) => ({
        ...match,
        rank: match.fit.score * answerRankFactor(rates.get(match.record.ownerId)),
      }))
      .sort((a, b) => b.rank - a.rank || b.record.createdAt.localeCompare(a.record.createdAt));
    const shown = ranked.slice((page - 1) * LIST_PAGE_SIZE, page * LIST_PAGE_SIZE);
    const views = await viewsInOrder(shown.map(({ record }) => record._id));
    return { items: views.map((view, at) => ({ ...view, why: shown[at].fit })), total: ranked.length };
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
    const weightOf = await this.needWeights();
    return (project, profile) => twoSidedFit(project, profile, weightOf);
  }

  /** An asked label weighs its rarity among profiles, as a picked option does in the search. */
  private async needWeights(): Promise<NeedWeight> {
    const [counts, profiles] = await Promise.all([
      this.index.labelCounts('teammate'),
      this.index.count('teammate'),
    ]);
    return (field, label) => optionWeight(profiles, counts[FACET_OF_NEED[field]]?.[label] ?? 0);
  }
}
