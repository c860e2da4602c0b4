import { Inject, Injectable } from '@nestjs/common';
import type { PostRecord, SavedKind } from '@skillers/domain';
import { COLLECTIONS, type CollectionSpec, type RecordStore, type StoredDocument } from '@skillers/store';
import { AppEvents } from '../core/events/app-events.service';
import { RECORD_STORE } from '../core/tokens';
import { RecordChangesService } from '../indexing/record-changes.service';

/** The searchable records a user owns, with the kind the index and saved marks know them by. */
const OWNED_LISTINGS: readonly { collection: CollectionSpec; kind: SavedKind }[] = [
  { collection: COLLECTIONS.teammates, kind: 'teammate' },
  { collection: COLLECTIONS.projects, kind: 'project' },
];

/**
 * Removes what a deleted account leaves behind. Every step finds what is still there and removes it, so
 * running it again after a crash part-way finishes the job. The messages the user sent stay: they belong to
 * the other party's conversation too, which shows their sender as a deleted user. Reports the user filed
 * stay for the moderators, shown without a reporter.
 */
@Injectable()
export class AccountDataRemoval {
  constructor(
    @Inject(RECORD_STORE) private readonly store: RecordStore,
    private readonly changes: RecordChangesService,
    private readonly events: AppEvents,
  ) {}

  async remove(userId: string): Promise<void> {
    for (const { collection, kind } of OWNED_LISTINGS) await this.removeListings(collection, kind, userId);
    await this.removeFeedActivity(userId);
    await this.store.collection(COLLECTIONS.saved).deleteMany({ userId });
    await this.store.collection(COLLECTIONS.notifications).deleteMany({ userId });
    await this.store.collection(COLLECTIONS.notificationSettings).delete(userId);
    await this.store.collection(COLLECTIONS.conversationReads).deleteMany({ userId });
    // Mailed links: a confirmation row keeps the address the account had.
    await this.store.collection(COLLECTIONS.passwordResets).deleteMany({ userId });
    await this.store.collection(COLLECTIONS.emailVerifications).deleteMany({ userId });
    await this.store.collection(COLLECTIONS.blocks).deleteMany({ blockerId: userId });
    await this.store.collection(COLLECTIONS.blocks).deleteMany({ blockedId: userId });
    // Items a moderator hid are kept as copies of the record: the user's go with the account.
    await this.store.collection(COLLECTIONS.hiddenItems).deleteMany({ 'record.ownerId': userId });
    await this.store.collection(COLLECTIONS.hiddenItems).deleteMany({ 'record.user._id': userId });
    // Features that keep more in memory than in the store (the saved-search matcher) remove their own.
    await this.events.publish('account.deleted', { userId });
  }

  /** Profiles and projects leave search through the outbox, as an owner's delete does. */
  private async removeListings(collection: CollectionSpec, kind: SavedKind, userId: string): Promise<void> {
    const records = this.store.collection<StoredDocument>(collection);
    for (const { _id } of await records.find({ ownerId: userId })) {
      const change = this.changes.removal(kind, _id);
      await records.delete(_id, change.write);
      this.changes.written(change);
      await this.events.publish('record.deleted', { kind, id: _id });
    }
  }

  /** The user's posts with their images and every comment under them, the user's comments, and likes. */
  private async removeFeedActivity(userId: string): Promise<void> {
    const posts = this.store.collection<PostRecord>(COLLECTIONS.posts);
    const comments = this.store.collection(COLLECTIONS.comments);
    for (const { _id } of await posts.find({ 'user._id': userId })) {
      await comments.deleteMany({ postId: _id });
      await this.store.collection(COLLECTIONS.postImages).delete(_id);
      await posts.delete(_id);
    }
    await comments.deleteMany({ 'user._id': userId });
    for (const { _id } of await posts.find({ likes: { $contains: userId } }))
      await posts.pull(_id, 'likes', userId);
  }
}
