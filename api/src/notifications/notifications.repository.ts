import { Inject, Injectable } from '@nestjs/common';
import type { NotificationRecord } from '@skillers/domain';
import { countUnreadNotifications } from '@skillers/indexing';
import { COLLECTIONS, type Filter, type RecordStore, type WriteOptions } from '@skillers/store';
import { NEWEST_FIRST } from '../common/newest-first';
import { RECORD_STORE } from '../core/tokens';

/** Marking read walks the unread ones in batches, so a long-absent user's backlog stays bounded per query. */
const MARK_READ_BATCH = 200;

@Injectable()
export class NotificationsRepository {
  constructor(@Inject(RECORD_STORE) private readonly store: RecordStore) {}

  private get notifications() {
    return this.store.collection<NotificationRecord>(COLLECTIONS.notifications);
  }

  insert(notification: NotificationRecord, options?: WriteOptions) {
    return this.notifications.insert(notification, options);
  }

  async hasLike(userId: string, actorId: string, postId: string | undefined): Promise<boolean> {
    if (postId === undefined) return false;
    return (
      (await this.notifications.findOne({ userId, kind: 'like', postId, 'actor._id': actorId })) !== null
    );
  }

  /** The conversation's message notification the user has not read yet, refreshed by later messages. */
  unreadMessageNotification(userId: string, conversationId: string) {
    return this.notifications.findOne({ userId, kind: 'message', conversationId, read: false });
  }

  refresh(id: string, changes: Pick<NotificationRecord, 'actor' | 'text' | 'createdAt'>) {
    return this.notifications.update(id, changes);
  }

  async latestOfKind(userId: string, kind: NotificationRecord['kind']) {
    const [latest] = await this.notifications.find({ userId, kind }, { sort: NEWEST_FIRST, limit: 1 });
    return latest;
  }

  latest(userId: string, limit: number) {
    return this.notifications.find({ userId }, { sort: NEWEST_FIRST, limit });
  }

  /** Those about users the reader blocked are not counted. */
  countUnread(userId: string) {
    return countUnreadNotifications(this.store, userId);
  }

  /** Marks every unread notification of the user (or of one conversation) read; resolves to how many changed. */
  async markAllRead(userId: string, conversationId?: string): Promise<number> {
    const filter: Filter = { userId, read: false, ...(conversationId && { conversationId }) };
    let changed = 0;
    for (;;) {
      const unread = await this.notifications.find(filter, { limit: MARK_READ_BATCH });
      for (const notification of unread) await this.notifications.update(notification._id, { read: true });
      changed += unread.length;
      if (unread.length < MARK_READ_BATCH) return changed;
    }
  }
}
