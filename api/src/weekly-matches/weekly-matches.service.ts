import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type { NotificationListing, ProjectRecord } from '@skillers/domain';
import type { RepeatingTask } from '@skillers/queue';
import { UsersRepository } from '../auth/users.repository';
import { MatchesService } from '../matches/matches.service';
import { DigestsSentRepository } from '../notification-mail/digests-sent.repository';
import { NotificationsService } from '../notifications/notifications.service';
import { ProfileRepository } from '../profiles/profile.repository';
import { ProjectRepository } from '../projects/project.repository';
import { toPublicUser } from '../users/users.service';
import { matchesWeekOf } from './matches-week';
import { WEEKLY_MATCHES_TASK } from './weekly-matches-task';

/**
 * A match is strong from this reciprocal score on. The score is the geometric mean of both sides' shares,
 * so at 0.6 a pair fits both ways about as well as one where each side has 60 % of what the other asks
 * (or one side all and the other at least 36 %): enough to be worth a nudge, where the home page's lists
 * also show weaker fits.
 */
export const STRONG_MATCH_MIN_SCORE = 0.6;

const keyOf = (match: NotificationListing) => `${match.kind}:${match.id}`;

/**
 * The weekly digest of new strong matches (docs/notifications.md): one in-app notification per user and
 * UTC week, listing the strong matches of their newest project and of their profile that were not in their
 * previous one. It is an `alertMatches` notification, so the instant mails and the daily digest mail it to
 * those who chose so. The matches are MatchesService's, so pairs in conversation (invited, declined or
 * talking) and blocked pairs never appear.
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

  /** Sends this week's digests not sent yet, to every user with a project or a profile. */
  async run(now = new Date()): Promise<void> {
    const week = matchesWeekOf(now);
    const [projects, profiles] = await Promise.all([this.projects.all(), this.profiles.all()]);
    const newestProjectOf = new Map<string, ProjectRecord>();
    for (const project of projects) {
      const kept = newestProjectOf.get(project.ownerId);
      if (!kept || project.createdAt > kept.createdAt) newestProjectOf.set(project.ownerId, project);
    }
    const withProfile = new Set(profiles.map((profile) => profile.ownerId));
    for (const userId of new Set([...newestProjectOf.keys(), ...withProfile])) {
      await this.sendDigest(userId, newestProjectOf.get(userId), withProfile.has(userId), week).catch(
        (error: Error) =>
          this.logger.error(`The weekly matches of ${week} were not sent to a user: ${error.message}`),
      );
    }
  }

  /**
   * Recorded as sent before it is stored, as the daily digest is, so no run (nor a restart) sends a week's
   * digest twice; a failure takes the record back for the next run.
   */
  private async sendDigest(
    userId: string,
    project: ProjectRecord | undefined,
    hasProfile: boolean,
    week: string,
  ): Promise<void> {
    const strong = await this.strongMatches(userId, project, hasProfile);
    if (strong.length === 0) return;
    const previous = await this.notifications.latestOfKind(userId, 'weekly_matches');
    const listedBefore = new Set((previous?.matches ?? []).map(keyOf));
    const fresh = strong.filter((match) => !listedBefore.has(keyOf(match)));
    if (fresh.length === 0) return;
    const user = await this.users.findById(userId);
    const period = `weekly-matches:${week}`;
    if (!user || !(await this.sent.claim(userId, period))) return;
    try {
      await this.notifications.notifyOwner(userId, {
        kind: 'weekly_matches',
        actor: toPublicUser(user),
        matches: fresh,
      });
    } catch (error) {
      await this.sent.release(userId, period);
      throw error;
    }
  }

  /** The first page of each list (as the home page shows them, best first), strong ones only. */
  private async strongMatches(
    userId: string,
    project: ProjectRecord | undefined,
    hasProfile: boolean,
  ): Promise<NotificationListing[]> {
    const [profiles, projects] = await Promise.all([
      project ? this.matches.profilesForProject(userId, project._id, 1) : undefined,
      hasProfile ? this.matches.projectsForProfile(userId, 1) : undefined,
    ]);
    return [
      ...(profiles?.teammates ?? [])
        .filter((match) => match.why.score >= STRONG_MATCH_MIN_SCORE)
        .map((match): NotificationListing => ({ kind: 'teammate', id: match._id, name: match.nickname })),
      ...(projects?.projects ?? [])
        .filter((match) => match.why.score >= STRONG_MATCH_MIN_SCORE)
        .map((match): NotificationListing => ({ kind: 'project', id: match._id, name: match.projectName })),
    ];
  }
}
