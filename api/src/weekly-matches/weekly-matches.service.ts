import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import {
  compareIdsDescending,
  LIST_PAGE_SIZE,
  type MatchQuery,
  type NotificationListing,
} from '@skillers/domain';
import type { RepeatingTask } from '@skillers/queue';
import { DuplicateKeyError } from '@skillers/store';
import { UsersRepository } from '../auth/users.repository';
import { MatchesService } from '../matches/matches.service';
import { DigestsSentRepository } from '../notification-mail/digests-sent.repository';
import { NotificationsService } from '../notifications/notifications.service';
import { ProfileRepository } from '../profiles/profile.repository';
import { ProjectRepository } from '../projects/project.repository';
import { toPublicUser } from '../users/users.service';
import { matchesWeekOf, weekBeforeStart } from './matches-week';
import { WEEKLY_MATCHES_TASK } from './weekly-matches-task';

/**
 * A match is strong from this reciprocal score on. The score is the geometric mean of both sides' shares,
 * so at 0.6 a pair fits both ways about as well as one where each side has 60 % of what the other asks
 * (or one side all and the other at least 36 %): enough to be worth a nudge, where the home page's lists
 * also show weaker fits.
 */
export const STRONG_MATCH_MIN_SCORE = 0.6;

/** How many of a new record's best matches hear of it: the strong ones among them. */
export const MATCHES_ASKED_PER_NEW_RECORD = 50;

/** A strong match on its way to one user's digest, with what ranks it there. */
interface Found {
  listing: NotificationListing;
  ownerId: string;
  score: number;
}

/** What a digest names of a project, and whether it is its owner's newest. */
interface ProjectBrief {
  id: string;
  ownerId: string;
  projectName: string;
  createdAt: string;
}

/** What a digest names of a profile. */
interface ProfileBrief {
  id: string;
  ownerId: string;
  nickname: string;
}

const keyOf = (match: NotificationListing) => `${match.kind}:${match.id}`;

/** The strong matches found for each user in a run, each once, with its best score. */
class FoundPerUser {
  readonly byUser = new Map<string, Map<string, Found>>();

  add(userId: string, found: Found): void {
    let mine = this.byUser.get(userId);
    if (!mine) this.byUser.set(userId, (mine = new Map()));
    const key = keyOf(found.listing);
    if ((mine.get(key)?.score ?? -1) < found.score) mine.set(key, found);
  }
}

/**
 * The weekly digest of new strong matches (docs/notifications.md): one in-app notification per user and
 * UTC week, listing the strong matches with a record published or edited lately that their previous one
 * did not list. It is an `alertMatches` notification, so the instant mails and the daily digest mail it to
 * those who chose so. Pairs in conversation (invited, declined or talking), blocked pairs and hidden records
 * never appear, as in MatchesService's lists.
 */
@Injectable()
export class WeeklyMatchesService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(WeeklyMatchesService.name);

  constructor(
    @Inject(WEEKLY_MATCHES_TASK) private readonly task: RepeatingTask,
    private readonly matches: MatchesService,
    private readonly notifications: NotificationsService,
    private readonly sent: DigestsSentRepository,
    private readonly projects: ProjectRepository,
    private readonly profiles: ProfileRepository,
    private readonly users: UsersRepository,
  ) {}

  /** Not awaited: a Redis that is down at start delays the digest, never the app. */
  onApplicationBootstrap(): void {
    this.task
      .start(() => this.run())
      .catch((error: Error) => this.logger.error(`The weekly matches task did not start: ${error.message}`));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.task.close();
  }

  /**
   * Sends this week's digests not sent yet. Only a pair with a record published or edited since the start of
   * last week can be new: each such record asks the index once for its best matches, and the strong ones go
   * to both owners (to a project's owner only for their newest project, as the home page shows). So a run
   * costs one index query per recent record, not one per user.
   */
  async run(now = new Date()): Promise<void> {
    const week = matchesWeekOf(now);
    const found = await this.strongPairsSince(weekBeforeStart(week));
    for (const [userId, mine] of found.byUser) {
      await this.sendDigest(userId, [...mine.values()], week).catch((error: Error) =>
        this.logger.error(`The weekly matches of ${week} were not sent to a user: ${error.message}`),
      );
    }
  }

  /**
   * The strong pairs with a record published or edited since `since`, for each owner told of them. Every
   * record can be matched, but only a few fields of each are kept (`ProjectBrief`, `ProfileBrief`): the
   * records themselves are read a batch at a time, twice (a million profiles whole would not fit the heap).
   */
  private async strongPairsSince(since: string): Promise<FoundPerUser> {
    const queries = await this.matches.matchQueries();
    const projects = new Map<string, ProjectBrief>();
    for await (const batch of this.projects.batches())
      for (const { _id, ownerId, projectName, createdAt } of batch)
        projects.set(_id, { id: _id, ownerId, projectName, createdAt });
    const profiles = new Map<string, ProfileBrief>();
    for await (const batch of this.profiles.batches())
      for (const { _id, ownerId, nickname } of batch) profiles.set(_id, { id: _id, ownerId, nickname });
    const newestProjectOf = new Map<string, ProjectBrief>();
    for (const project of projects.values()) {
      const kept = newestProjectOf.get(project.ownerId);
      if (!kept || project.createdAt > kept.createdAt) newestProjectOf.set(project.ownerId, project);
    }
    const found = new FoundPerUser();
    const pair = (project: ProjectBrief, profile: ProfileBrief, score: number) => {
      if (score < STRONG_MATCH_MIN_SCORE) return;
      found.add(profile.ownerId, {
        listing: { kind: 'project', id: project.id, name: project.projectName },
        ownerId: project.ownerId,
        score,
      });
      if (newestProjectOf.get(project.ownerId) !== project) return;
      found.add(project.ownerId, {
        listing: { kind: 'teammate', id: profile.id, name: profile.nickname },
        ownerId: profile.ownerId,
        score,
      });
    };
    /** Each recent record's best matches among `others`, paired as `pairOf` says. */
    const matchRecent = async <R extends { _id: string; updatedAt: string }, O>(
      batches: AsyncIterable<R[]>,
      queryOf: (record: R) => MatchQuery,
      others: ReadonlyMap<string, O>,
      pairOf: (record: R, other: O, score: number) => void,
    ) => {
      for await (const batch of batches)
        for (const record of batch) {
          if (record.updatedAt < since) continue;
          for (const hit of await this.matches.bestFor(queryOf(record), MATCHES_ASKED_PER_NEW_RECORD)) {
            const other = others.get(hit.id);
            if (other) pairOf(record, other, hit.score);
          }
          // The embedded index answers at once: without a turn of the event loop per query, requests would
          // wait for a whole batch of new records' queries.
          await nextTurn();
        }
    };
    // A record written between the two reads is left for the next run.
    await matchRecent(this.projects.batches(), queries.ofProject, profiles, (project, profile, score) => {
      const brief = projects.get(project._id);
      if (brief) pair(brief, profile, score);
    });
    await matchRecent(this.profiles.batches(), queries.ofProfile, projects, (profile, project, score) => {
      const brief = profiles.get(profile._id);
      if (brief) pair(project, brief, score);
    });
    return found;
  }

  /**
   * Stored with its sent record (one write in SQLite; the record first in MongoDB), so no run (nor a
   * restart) stores a week's digest twice; a failure takes the record back for the next run.
   */
  private async sendDigest(userId: string, found: Found[], week: string): Promise<void> {
    const strong = await this.stillShown(userId, found);
    if (strong.length === 0) return;
    const previous = await this.notifications.latestOfKind(userId, 'weekly_matches');
    const listedBefore = new Set((previous?.matches ?? []).map(keyOf));
    const fresh = strong.filter((match) => !listedBefore.has(keyOf(match)));
    if (fresh.length === 0) return;
    const user = await this.users.findById(userId);
    if (!user) return;
    const period = `weekly-matches:${week}`;
    try {
      await this.notifications.notifyOwner(
        userId,
        { kind: 'weekly_matches', actor: toPublicUser(user), matches: fresh },
        { with: [this.sent.claimWith(userId, period)] },
      );
    } catch (error) {
      if (error instanceof DuplicateKeyError) return;
      await this.sent.release(userId, period);
      throw error;
    }
  }

  /**
   * What the user's match lists would show of what was found: never their own records, pairs in a
   * conversation, blocked or hidden; the best page of each list (profiles, then projects), best first and
   * the newest first among equals.
   */
  private async stillShown(userId: string, found: Found[]): Promise<NotificationListing[]> {
    const leftOut = await this.matches.leftOutOf(userId);
    const shown = found
      .filter(({ ownerId, listing }) => !leftOut.owners.has(ownerId) && !leftOut.records.has(listing.id))
      .sort((a, b) => b.score - a.score || compareIdsDescending(a.listing.id, b.listing.id));
    const firstPage = (kind: NotificationListing['kind']) =>
      shown
        .filter(({ listing }) => listing.kind === kind)
        .slice(0, LIST_PAGE_SIZE)
        .map(({ listing }) => listing);
    return [...firstPage('teammate'), ...firstPage('project')];
  }
}
