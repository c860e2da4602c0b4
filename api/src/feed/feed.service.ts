import { Injectable, Logger, NotFoundException } from '@nestjs/common';
import {
  type Comment,
  type CommentRecord,
  COMMENTS_PER_POST_LIMIT,
  FEED_MESSAGES,
  FEED_PAGE_SIZE,
  type FeedPage,
  pageWindow,
  type Post,
  type PostImageType,
  type PostInput,
  type PostRecord,
} from '@skillers/domain';
import { newId } from '@skillers/store';
import type { AuthenticatedUser } from '../auth/token.service';
import { BlocksRepository } from '../trust/blocks.repository';
import { type NotificationEvent, NotificationsService } from '../notifications/notifications.service';
import { FeedRepository } from './feed.repository';

/** Where a post's image is served; feed pages carry this address instead of the bytes. */
export const postImagePath = (postId: string): string => `/api/post/${postId}/image`;

const toComment = ({ _id, data, user, createdAt }: CommentRecord): Comment => ({
  _id,
  data,
  user,
  createdAt,
});

const authorOf = (user: AuthenticatedUser) => ({ _id: user.id, username: user.username });

@Injectable()
export class FeedService {
  private readonly logger = new Logger(FeedService.name);

  constructor(
    private readonly feed: FeedRepository,
    private readonly blocks: BlocksRepository,
    private readonly notifications: NotificationsService,
  ) {}

  /**
   * Newest first, FEED_PAGE_SIZE per page; `hasMore` says whether a next page has posts. A signed-in
   * viewer does not see the posts, comments and likes of users they blocked: those are left out of the
   * page (and of the counts), which then holds fewer posts, so the pages stay the same for everyone.
   */
  async page(page: number, viewerId?: string): Promise<FeedPage> {
    const { skip } = pageWindow(page, FEED_PAGE_SIZE);
    // One post more than a page tells whether another page follows, without counting them all.
    const records = await this.feed.newestPosts(skip, FEED_PAGE_SIZE + 1);
    const blocked = viewerId ? await this.blocks.blockedIdsOf(viewerId) : new Set<string>();
    const posts = await Promise.all(
      records
        .slice(0, FEED_PAGE_SIZE)
        .filter((record) => !blocked.has(record.user._id))
        .map((record) => this.withComments(record, blocked)),
    );
    return { posts, hasMore: records.length > FEED_PAGE_SIZE };
  }

  async create(author: AuthenticatedUser, input: PostInput): Promise<{ post: Post }> {
    const post: PostRecord = {
      _id: newId(),
      data: input.data,
      user: authorOf(author),
      likes: [],
      ...(input.image && { imageType: input.image.contentType }),
      createdAt: new Date().toISOString(),
    };
    const image = input.image && {
      _id: post._id,
      contentType: input.image.contentType,
      data: input.image.base64,
    };
    await this.feed.insertPost(post, image);
    return { post: toPost(post, [], 0) };
  }

  async image(postId: string): Promise<{ contentType: PostImageType; bytes: Buffer }> {
    // A hidden post's image goes with it.
    if (!(await this.feed.findPost(postId))) throw new NotFoundException(FEED_MESSAGES.postNotFound);
    const image = await this.feed.findImage(postId);
    if (!image) throw new NotFoundException('This post has no image');
    return { contentType: image.contentType, bytes: Buffer.from(image.data, 'base64') };
  }

  /**
   * Liking twice leaves one like: the likes list holds each user id at most once. A like from someone the
   * author blocked is stored and answered as any other; the author is not told and never sees it.
   */
  async like(postId: string, user: AuthenticatedUser): Promise<{ likes: string[] }> {
    const post = await this.feed.like(postId, user.id);
    if (!post) throw new NotFoundException(FEED_MESSAGES.postNotFound);
    await this.tellAuthor(post, { kind: 'like', actor: authorOf(user), postId });
    return { likes: await this.likesSeenBy(post, user.id) };
  }

  async unlike(postId: string, userId: string): Promise<{ likes: string[] }> {
    const post = await this.feed.unlike(postId, userId);
    if (!post) throw new NotFoundException(FEED_MESSAGES.postNotFound);
    return { likes: await this.likesSeenBy(post, userId) };
  }

  private async likesSeenBy(post: PostRecord, viewerId: string): Promise<string[]> {
    const blocked = await this.blocks.blockedIdsOf(viewerId);
    return post.likes.filter((id) => !blocked.has(id));
  }

  /** A comment from someone the post's author blocked is stored and answered as any other; see `page`. */
  async comment(postId: string, author: AuthenticatedUser, data: string): Promise<{ comment: Comment }> {
    const post = await this.feed.findPost(postId);
    if (!post) throw new NotFoundException(FEED_MESSAGES.postNotFound);
    const comment: CommentRecord = {
      _id: newId(),
      postId,
      data,
      user: authorOf(author),
      createdAt: new Date().toISOString(),
    };
    await this.feed.insertComment(comment);
    await this.tellAuthor(post, { kind: 'comment', actor: comment.user, postId, text: data });
    return { comment: toComment(comment) };
  }

  /** The like or comment is stored already: a failed notification is logged, not turned into a failed write. */
  private async tellAuthor(post: PostRecord, event: NotificationEvent): Promise<void> {
    try {
      await this.notifications.notify(post.user._id, event);
    } catch (error) {
      this.logger.warn(`Could not notify ${post.user._id} of a ${event.kind}: ${(error as Error).message}`);
    }
  }

  private async withComments(record: PostRecord, blocked: ReadonlySet<string>): Promise<Post> {
    const comments = await this.feed.latestComments(record._id, COMMENTS_PER_POST_LIMIT);
    const shown = comments.filter((comment) => !blocked.has(comment.user._id));
    // Past one window, the blocked users' older comments are counted out in the store.
    const count =
      comments.length < COMMENTS_PER_POST_LIMIT
        ? shown.length
        : await this.feed.countComments(record._id, [...blocked]);
    const likes = record.likes.filter((id) => !blocked.has(id));
    return toPost({ ...record, likes }, shown.map(toComment), count);
  }
}

const toPost = (record: PostRecord, comments: Comment[], commentCount: number): Post => ({
  _id: record._id,
  data: record.data,
  ...(record.imageType && { image: postImagePath(record._id) }),
  user: record.user,
  likes: record.likes,
  comments,
  commentCount,
  createdAt: record.createdAt,
});
