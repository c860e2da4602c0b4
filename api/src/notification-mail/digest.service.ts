import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import {
  NOTIFICATION_GROUP_OF,
  NOTIFICATION_KINDS,
  NOTIFICATION_SETTING_GROUPS,
  type NotificationRecord,
  type NotificationSettingGroup,
} from '@skillers/domain';
import type { RepeatingTask } from '@skillers/queue';
import { COLLECTIONS, type RecordStore } from '@skillers/store';
import { UsersRepository } from '../auth/users.repository';
import { NEWEST_FIRST } from '../common/newest-first';
import type { AppConfig } from '../config/app-config';
import { AppEvents } from '../core/events/app-events.service';
import { APP_CONFIG, RECORD_STORE } from '../core/tokens';
import { MAIL_SENDER, type MailSender } from '../mail/mail-sender';
import { type DigestPeriod, digestPeriodBefore } from './digest-period';
import { DigestsSentRepository } from './digests-sent.repository';
import { DIGEST_TASK } from './digest-task';
import { digestMail } from './notification-mails';
import { UnsubscribeLinks } from './unsubscribe-links';

/** A digest lists at most this many notifications, the day's latest. */
export const DIGEST_NOTIFICATIONS_MAX = 50;

/**
 * The daily digest: one task for all users mails each user who chose `digest` for some group the previous
 * UTC day's notifications of those groups (none, no mail). It runs every hour, so a day missed while the
 * app was down is sent at the next run, and a user's digest is recorded as sent per day so no run sends
 * it twice.
 */
@Injectable()
export class DigestService implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(DigestService.name);

  constructor(
    @Inject(RECORD_STORE) private readonly store: RecordStore,
    @Inject(DIGEST_TASK) private readonly task: RepeatingTask,
    @Inject(MAIL_SENDER) private readonly mail: MailSender,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly sent: DigestsSentRepository,
    private readonly users: UsersRepository,
    private readonly events: AppEvents,
    private readonly unsubscribe: UnsubscribeLinks,
  ) {}

  onModuleInit(): void {
    this.events.subscribe('account.deleted', ({ userId }) => this.sent.forget(userId));
  }

  /** Not awaited: a Redis that is down at start delays the digest, never the app. */
  onApplicationBootstrap(): void {
    this.task
      .start(() => this.run())
      .catch((error: Error) => this.logger.error(`The digest task did not start: ${error.message}`));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.task.close();
  }

  /** Sends the digests of the day before `now` that have not been sent. */
  async run(now = new Date()): Promise<void> {
    const period = digestPeriodBefore(now);
    for (const [userId, groups] of await this.digestGroupsByUser()) {
      await this.sendDigest(userId, groups, period).catch((error: Error) =>
        this.logger.error(`The digest of ${period.day} was not sent to a user: ${error.message}`),
      );
    }
  }

  private async digestGroupsByUser(): Promise<Map<string, Set<NotificationSettingGroup>>> {
    const settings = this.store.collection<{ _id: string }>(COLLECTIONS.notificationSettings);
    const groupsByUser = new Map<string, Set<NotificationSettingGroup>>();
    for (const group of NOTIFICATION_SETTING_GROUPS) {
      for (const { _id } of await settings.find({ [group]: 'digest' })) {
        groupsByUser.set(_id, (groupsByUser.get(_id) ?? new Set()).add(group));
      }
    }
    return groupsByUser;
  }

  /**
   * The order keeps "never twice": the digest is recorded as sent (an insert that only one run can make
   * for the user and day) before the mail goes. A crash between the two loses that one digest; the other
   * order would send it again after the crash. A send that fails takes the record back for the next run.
   */
  private async sendDigest(
    userId: string,
    groups: ReadonlySet<NotificationSettingGroup>,
    period: DigestPeriod,
  ): Promise<void> {
    const notifications = await this.dayNotifications(userId, groups, period);
    if (notifications.length === 0) return;
    const user = await this.users.findById(userId);
    if (!user || !(await this.sent.claim(userId, period.day))) return;
    try {
      const unsubscribeUrl = this.unsubscribe.urlFor(userId, groups);
      await this.mail.send(
        digestMail(notifications, user, period.day, this.config.publicUrl, unsubscribeUrl),
      );
    } catch (error) {
      await this.sent.release(userId, period.day);
      throw error;
    }
  }

  private async dayNotifications(
    userId: string,
    groups: ReadonlySet<NotificationSettingGroup>,
    { from, until }: DigestPeriod,
  ): Promise<NotificationRecord[]> {
    const kinds = NOTIFICATION_KINDS.filter((kind) => groups.has(NOTIFICATION_GROUP_OF[kind]));
    const latest = await this.store
      .collection<NotificationRecord>(COLLECTIONS.notifications)
      .find(
        { userId, kind: { $in: kinds }, createdAt: { $lt: until } },
        { sort: NEWEST_FIRST, limit: DIGEST_NOTIFICATIONS_MAX },
      );
    return latest.filter((notification) => notification.createdAt >= from);
  }
}
