import { Inject, Injectable } from '@nestjs/common';
import type {
  BlockRecord,
  ChatMessage,
  CommentRecord,
  ContactAnswerRecord,
  ConversationRecord,
  HiddenMatchRecord,
  InvitationRecord,
  PostRecord,
  ProfileRecord,
  ProjectRecord,
  ReportRecord,
  SavedRecord,
  SavedSearchRecord,
  UserRecord,
} from '@skillers/domain';
import { COLLECTIONS, type RecordStore, type SortKey } from '@skillers/store';
import { NEWEST_FIRST } from '../common/newest-first';
import { RECORD_STORE } from '../core/tokens';

const OLDEST_FIRST: readonly SortKey[] = [
  { field: 'date', direction: 'asc' },
  { field: '_id', direction: 'asc' },
];

/** What the store keeps of one user, read for the export, across the features' collections. */
@Injectable()
export class AccountRecords {
  constructor(@Inject(RECORD_STORE) private readonly store: RecordStore) {}

  user(userId: string) {
    return this.store.collection<UserRecord>(COLLECTIONS.users).findById(userId);
  }

  userByEmail(email: string) {
    return this.store.collection<UserRecord>(COLLECTIONS.users).findOne({ email });
  }

  profile(userId: string) {
    return this.store.collection<ProfileRecord>(COLLECTIONS.teammates).findOne({ ownerId: userId });
  }

  projects(userId: string) {
    return this.store
      .collection<ProjectRecord>(COLLECTIONS.projects)
      .find({ ownerId: userId }, { sort: NEWEST_FIRST });
  }

  savedItems(userId: string) {
    return this.store.collection<SavedRecord>(COLLECTIONS.saved).find({ userId }, { sort: NEWEST_FIRST });
  }

  savedSearches(userId: string) {
    return this.store
      .collection<SavedSearchRecord>(COLLECTIONS.savedSearches)
      .find({ ownerId: userId }, { sort: NEWEST_FIRST });
  }

  /** Every message of the user's conversations, both ways, oldest first. */
  async messages(userId: string): Promise<ChatMessage[]> {
    const conversations = await this.store
      .collection<ConversationRecord>(COLLECTIONS.conversations)
      .find({ participants: { $contains: userId } });
    if (conversations.length === 0) return [];
    return this.store
      .collection<ChatMessage>(COLLECTIONS.messages)
      .find({ conversationId: { $in: conversations.map(({ _id }) => _id) } }, { sort: OLDEST_FIRST });
  }

  posts(userId: string) {
    return this.store
      .collection<PostRecord>(COLLECTIONS.posts)
      .find({ 'user._id': userId }, { sort: NEWEST_FIRST });
  }

  comments(userId: string) {
    return this.store
      .collection<CommentRecord>(COLLECTIONS.comments)
      .find({ 'user._id': userId }, { sort: NEWEST_FIRST });
  }

  likedPosts(userId: string) {
    return this.store
      .collection<PostRecord>(COLLECTIONS.posts)
      .find({ likes: { $contains: userId } }, { sort: NEWEST_FIRST });
  }

  reportsFiled(userId: string) {
    return this.store
      .collection<ReportRecord>(COLLECTIONS.reports)
      .find({ reporterId: userId }, { sort: NEWEST_FIRST });
  }

  async invitations(userId: string): Promise<InvitationRecord[]> {
    const invitations = this.store.collection<InvitationRecord>(COLLECTIONS.invitations);
    const [sent, received] = await Promise.all([
      invitations.find({ fromId: userId }),
      invitations.find({ toId: userId }),
    ]);
    return [...sent, ...received.filter((invitation) => !invitation.withheld)].sort((a, b) =>
      a.createdAt.localeCompare(b.createdAt),
    );
  }

  contactAnswers(userId: string) {
    return this.store.collection<ContactAnswerRecord>(COLLECTIONS.contactAnswers).find(
      { userId },
      {
        sort: [
          { field: 'receivedAt', direction: 'asc' },
          { field: '_id', direction: 'asc' },
        ],
      },
    );
  }

  hiddenMatches(userId: string) {
    return this.store.collection<HiddenMatchRecord>(COLLECTIONS.hiddenMatches).find({ userId });
  }

  blocks(userId: string) {
    return this.store
      .collection<BlockRecord>(COLLECTIONS.blocks)
      .find({ blockerId: userId }, { sort: NEWEST_FIRST });
  }
}
