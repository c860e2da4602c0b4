import { Injectable, NotFoundException } from '@nestjs/common';
import { ACCOUNT_MESSAGES, type AccountExport, isEmailVerified, type UserRecord } from '@skillers/domain';
import { NotificationSettingsRepository } from '../notification-settings/notification-settings.repository';
import { AccountRecords } from './account-records';

/** The user's own data as one JSON document (GDPR articles 15 and 20). */
@Injectable()
export class AccountExportService {
  constructor(
    private readonly records: AccountRecords,
    private readonly notificationSettings: NotificationSettingsRepository,
  ) {}

  async export(userId: string): Promise<AccountExport> {
    return this.exportOf(await this.records.user(userId));
  }

  async exportByEmail(email: string): Promise<AccountExport> {
    return this.exportOf(await this.records.userByEmail(email));
  }

  private async exportOf(user: UserRecord | null): Promise<AccountExport> {
    if (!user) throw new NotFoundException(ACCOUNT_MESSAGES.accountNotFound);
    const userId = user._id;
    const [
      notificationSettings,
      profile,
      projects,
      savedItems,
      savedSearches,
      messages,
      posts,
      comments,
      liked,
      reports,
      blocks,
      invitations,
      contactAnswers,
      hiddenMatches,
    ] = await Promise.all([
      this.notificationSettings.of(userId),
      this.records.profile(userId),
      this.records.projects(userId),
      this.records.savedItems(userId),
      this.records.savedSearches(userId),
      this.records.messages(userId),
      this.records.posts(userId),
      this.records.comments(userId),
      this.records.likedPosts(userId),
      this.records.reportsFiled(userId),
      this.records.blocks(userId),
      this.records.invitations(userId),
      this.records.contactAnswers(userId),
      this.records.hiddenMatches(userId),
    ]);
    return {
      exportedAt: new Date().toISOString(),
      // Named field by field, so the password hash and internal keys never slip in.
      account: {
        _id: user._id,
        username: user.username,
        email: user.email,
        name: user.name ?? '',
        surname: user.surname ?? '',
        phoneNumber: user.phoneNumber ?? '',
        emailVerified: isEmailVerified(user),
        createdAt: user.createdAt,
      },
      notificationSettings,
      profile,
      projects,
      savedItems,
      savedSearches,
      messages: messages.map((message) => ({ ...message, sentByMe: message.senderId === userId })),
      posts: posts.map(({ likes, ...post }) => ({ ...post, likeCount: likes.length })),
      comments,
      // Other users' likes on these posts are theirs, not the user's.
      likes: liked.map((post) => ({ postId: post._id, author: post.user.username, data: post.data })),
      reports,
      blocks,
      invitations,
      contactAnswers,
      hiddenMatches,
    };
  }
}
