import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import { NOTIFICATION_GROUP_OF, type NotificationRecord } from '@skillers/domain';
import { type PendingNotificationMail as PendingMail, scheduleNotificationMails } from '@skillers/indexing';
import type { RecordStore } from '@skillers/store';
import { UsersRepository } from '../auth/users.repository';
import type { AppConfig } from '../config/app-config';
import { AppEvents } from '../core/events/app-events.service';
import { APP_CONFIG, RECORD_STORE } from '../core/tokens';
import { MAIL_SENDER, type MailSender } from '../mail/mail-sender';
import { NotificationSettingsRepository } from '../notification-settings/notification-settings.repository';
import { instantMail } from './notification-mails';
import { PendingMailsRepository } from './pending-mails.repository';
import { UnsubscribeLinks } from './unsubscribe-links';

/** How often the stored mails are looked at; a mail due meanwhile waits at most this much longer. */
export const PENDING_MAIL_SWEEP_MS = 30 * 1000;
const SWEEP_BATCH = 100;
/** A mail the server refused is tried again a minute later, this many times in all. */
const SEND_TRIES = 5;
const RETRY_AFTER_MS = 60 * 1000;

/**
 * Mails each notification of a group its user wants by email. Every mail is stored with its due time first
 * (now, or 10 minutes on for a message; saved-search alerts are scheduled where they are stored) and sent by
 * a sweep, so a restart loses none. A sweep claims a mail by deleting it before sending: of several sweeps or
 * processes exactly one sends it, and a crash between the claim and the send loses that mail rather than
 * sending it twice.
 */
@Injectable()
export class InstantMailsService implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(InstantMailsService.name);
  private timer?: NodeJS.Timeout;
  private sweeps: Promise<void> = Promise.resolve();

  constructor(
    @Inject(RECORD_STORE) private readonly store: RecordStore,
    private readonly pending: PendingMailsRepository,
    private readonly settings: NotificationSettingsRepository,
    private readonly users: UsersRepository,
    private readonly events: AppEvents,
    private readonly unsubscribe: UnsubscribeLinks,
    @Inject(MAIL_SENDER) private readonly mail: MailSender,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    // A mail that cannot be scheduled is logged; the notification, and what caused it, stand.
    this.events.subscribe('notification.stored', ({ notification }) =>
      this.schedule(notification).catch((error: Error) =>
        this.logger.error(`A notification mail was not scheduled: ${error.message}`),
      ),
    );
    this.events.subscribe('account.deleted', ({ userId }) => this.pending.forget(userId));
  }

  /** Sends what came due while the app was down, then sweeps on a timer. */
  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.sendDue(), PENDING_MAIL_SWEEP_MS);
    this.timer.unref();
    void this.sendDue();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.sweeps;
  }

  /**
   * Sends every stored mail due now. Sweeps of this process run one after another, each starting after
   * the call, so a caller sees every mail that was due when it called.
   */
  sendDue(): Promise<void> {
    this.sweeps = this.sweeps.then(() =>
      this.sweep().catch((error: Error) => this.logger.error(`Notification mails: ${error.message}`)),
    );
    return this.sweeps;
  }

  /** A mail due now is sent at once rather than at the next sweep. */
  private async schedule(notification: NotificationRecord): Promise<void> {
    const [scheduled] = await scheduleNotificationMails(this.store, [notification]);
    if (scheduled && Date.parse(scheduled.dueAt) <= Date.now()) void this.sendDue();
  }

  private async wantsEmail(notification: NotificationRecord): Promise<boolean> {
    const settings = await this.settings.of(notification.userId);
    return settings[NOTIFICATION_GROUP_OF[notification.kind]] === 'email';
  }

  private async sweep(): Promise<void> {
    for (;;) {
      // Strictly before a millisecond on: what is due at this very millisecond is due.
      const due = await this.pending.due(new Date(Date.now() + 1).toISOString(), SWEEP_BATCH);
      for (const mail of due) if (await this.pending.claim(mail._id)) await this.send(mail);
      if (due.length < SWEEP_BATCH) return;
    }
  }

  /** Nothing goes out for a notification read meanwhile (its conversation opened) or a setting changed. */
  private async send(mail: PendingMail): Promise<void> {
    const notification = await this.pending.notification(mail._id);
    if (!notification || notification.read || !(await this.wantsEmail(notification))) return;
    const user = await this.users.findById(mail.userId);
    if (!user) return;
    try {
      const unsubscribeUrl = this.unsubscribe.urlFor(user._id, [NOTIFICATION_GROUP_OF[notification.kind]]);
      await this.mail.send(instantMail(notification, user, this.config.publicUrl, unsubscribeUrl));
    } catch (error) {
      const failures = mail.failures + 1;
      this.logger.warn(`A notification mail was not sent (try ${failures}): ${(error as Error).message}`);
      if (failures < SEND_TRIES) {
        await this.pending.putBack({
          ...mail,
          failures,
          dueAt: new Date(Date.now() + RETRY_AFTER_MS).toISOString(),
        });
      }
    }
  }
}
