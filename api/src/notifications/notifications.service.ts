import { Injectable, type OnModuleInit } from '@nestjs/common';
import {
  type Notification,
  type NotificationKind,
  type NotificationListing,
  type ModeratedItem,
  type NotificationRecord,
  NOTIFICATION_PREVIEW_LENGTH,
  NOTIFICATIONS_LIMIT,
  type NotificationsPage,
  type PublicUser,
} from '@skillers/domain';
import { newId, type WriteOptions } from '@skillers/store';
import { RealtimeBroadcaster } from '../realtime/realtime-broadcaster';
import { AppEvents } from '../core/events/app-events.service';
import { BlocksRepository } from '../trust/blocks.repository';
import { NotificationsRepository } from './notifications.repository';

export interface NotificationEvent {
  kind: NotificationKind;
  actor: PublicUser;
  conversationId?: string;
  postId?: string;
  listing?: NotificationListing;
  moderated?: ModeratedItem;
  matches?: NotificationListing[];
  text?: string;
}

const toNotification = ({ userId: _userId, ...notification }: NotificationRecord): Notification =>
  notification;

const preview = (text: string | undefined) =>
  text === undefined ? {} : { text: text.slice(0, NOTIFICATION_PREVIEW_LENGTH) };

/** Stores a user's events and pushes each one live to that user's sockets. */
@Injectable()
export class NotificationsService implements OnModuleInit {
  constructor(
    private readonly notifications: NotificationsRepository,
    private readonly broadcaster: RealtimeBroadcaster,
    private readonly events: AppEvents,
    private readonly blocks: BlocksRepository,
  ) {}

  /**
   * A message notifies its recipient; reading its conversation reads that notification. An invitation
   * notifies its receiver, and its answer its sender.
   */
  onModuleInit(): void {
    this.events.subscribe('message.sent', ({ message, recipientId, sender }) =>
      this.notify(recipientId, {
        kind: 'message',
        actor: sender,
        conversationId: message.conversationId,
        text: message.message,
      }),
    );
    this.events.subscribe('invitation.sent', ({ invitation, sender, projectName }) =>
      this.notify(invitation.toId, {
        kind: invitation.direction === 'invite' ? 'invitation' : 'join_request',
        actor: sender,
        listing: { kind: 'project', id: invitation.projectId, name: projectName },
        text: invitation.message,
      }),
    );
    this.events.subscribe('invitation.answered', ({ invitation, status, answerer, projectName }) =>
      this.notify(invitation.fromId, {
        kind: status === 'accepted' ? 'invitation_accepted' : 'invitation_declined',
        actor: answerer,
        listing: { kind: 'project', id: invitation.projectId, name: projectName },
        conversationId: invitation.conversationId,
      }),
    );
    this.events.subscribe('conversation.read', ({ userId, conversationId }) =>
      this.conversationRead(userId, conversationId),
    );
  }

  /**
   * Nobody is notified of their own doing, nor of what someone they blocked did (nothing is stored or
   * pushed). A like is notified once per person and post; messages in a conversation share one
   * notification until it is read, refreshed with the latest message.
   */
  async notify(userId: string, event: NotificationEvent): Promise<void> {
    if (event.actor._id === userId) return;
    if (await this.blocks.hasBlocked(userId, event.actor._id)) return;
    if (event.kind === 'like' && (await this.notifications.hasLike(userId, event.actor._id, event.postId))) {
      return;
    }
    await this.deliver(userId, event);
  }

  /** The user's latest notification of that kind, if any. */
  latestOfKind(userId: string, kind: NotificationKind): Promise<NotificationRecord | undefined> {
    return this.notifications.latestOfKind(userId, kind);
  }

  /**
   * A notice about the user's own listing (its actor is the user): stored and pushed like any other.
   * `options.with` are written together with it (a digest's sent record).
   */
  notifyOwner(userId: string, event: NotificationEvent, options?: WriteOptions): Promise<void> {
    return this.deliver(userId, event, options);
  }

  private async deliver(userId: string, event: NotificationEvent, options?: WriteOptions): Promise<void> {
    const record = await this.store(userId, event, options);
    await this.events.publish('notification.stored', { notification: record });
    this.broadcaster.notified(userId, {
      notification: toNotification(record),
      unread: await this.notifications.countUnread(userId),
    });
  }

  private async store(
    userId: string,
    event: NotificationEvent,
    options?: WriteOptions,
  ): Promise<NotificationRecord> {
    const actor = { _id: event.actor._id, username: event.actor.username };
    const createdAt = new Date().toISOString();
    if (event.kind === 'message' && event.conversationId) {
      const pending = await this.notifications.unreadMessageNotification(userId, event.conversationId);
      if (pending) {
        const refreshed = await this.notifications.refresh(pending._id, {
          actor,
          createdAt,
          ...preview(event.text),
        });
        if (refreshed) return refreshed;
      }
    }
    const record: NotificationRecord = {
      _id: newId(),
      userId,
      kind: event.kind,
      actor,
      ...(event.conversationId && { conversationId: event.conversationId }),
      ...(event.postId && { postId: event.postId }),
      ...(event.listing && { listing: event.listing }),
      ...(event.moderated && { moderated: event.moderated }),
      ...(event.matches && { matches: event.matches }),
      ...preview(event.text),
      read: false,
      createdAt,
    };
    return this.notifications.insert(record, options);
  }

  /** Those about users the reader blocked, from before the block, stay out of the list while it lasts. */
  async latest(userId: string): Promise<NotificationsPage> {
    const [records, unread, blocked] = await Promise.all([
      this.notifications.latest(userId, NOTIFICATIONS_LIMIT),
      this.notifications.countUnread(userId),
      this.blocks.blockedIdsOf(userId),
    ]);
    const shown = records.filter((record) => !blocked.has(record.actor._id));
    return { notifications: shown.map(toNotification), unread };
  }

  unreadCount(userId: string): Promise<number> {
    return this.notifications.countUnread(userId);
  }

  /**
   * Other tabs hear of it, so their bell clears too; a saved search's alert read, its next new match is
   * notified again.
   */
  async markAllRead(userId: string): Promise<{ marked: number; unread: number }> {
    const marked = await this.notifications.markAllRead(userId);
    await this.events.publish('notifications.read', { userId });
    const unread = await this.notifications.countUnread(userId);
    this.broadcaster.notificationsRead(userId, unread);
    return { marked, unread };
  }

  /** Reading a conversation reads its message notification; the next message then starts a new one. */
  async conversationRead(userId: string, conversationId: string): Promise<void> {
    if ((await this.notifications.markAllRead(userId, conversationId)) > 0) {
      this.broadcaster.notificationsRead(userId, await this.notifications.countUnread(userId));
    }
  }
}
