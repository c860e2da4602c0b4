import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  type CommentRecord,
  type PostImageRecord,
  type PostRecord,
  readStoredComment,
  readStoredPost,
} from '@skillers/domain';
import { COLLECTIONS, type RecordStore } from '@skillers/store';
import { NEWEST_FIRST } from '../common/newest-first';
import { StoredRows } from '../common/stored-rows';
import { RECORD_STORE } from '../core/tokens';

@Injectable()
export class FeedRepository {
  private readonly logger = new Logger(FeedRepository.name);
  /** Pages leave out a stored post or comment that no longer reads rather than failing. */
  private readonly storedPosts = new StoredRows(readStoredPost, 'post', this.logger);
  private readonly storedComments = new StoredRows(readStoredComment, 'comment', this.logger);

  constructor(@Inject(RECORD_STORE) private readonly store: RecordStore) {}

  private get posts() {
    return this.store.collection<PostRecord>(COLLECTIONS.posts);
  }

  private get images() {
    return this.store.collection<PostImageRecord>(COLLECTIONS.postImages);
  }

  private get comments() {
    return this.store.collection<CommentRecord>(COLLECTIONS.comments);
  }

  /** Stores the image first, so a post never points at an image that is not there. */
  async insertPost(post: PostRecord, image?: PostImageRecord): Promise<void> {
    if (image) await this.images.insert(image);
    await this.posts.insert(post);
  }

  findPost(id: string) {
    return this.posts.findById(id);
  }

  findImage(postId: string) {
    return this.images.findById(postId);
  }

  async newestPosts(skip: number, limit: number): Promise<PostRecord[]> {
    return this.storedPosts.readable(await this.posts.find({}, { sort: NEWEST_FIRST, skip, limit }));
  }

  like(postId: string, userId: string) {
    return this.posts.addToSet(postId, 'likes', userId);
  }

  unlike(postId: string, userId: string) {
    return this.posts.pull(postId, 'likes', userId);
  }

  insertComment(comment: CommentRecord) {
    return this.comments.insert(comment);
  }

  /** The latest comments of a post, oldest first. */
  async latestComments(postId: string, limit: number): Promise<CommentRecord[]> {
    const newest = await this.comments.find({ postId }, { sort: NEWEST_FIRST, limit });
    return this.storedComments.readable(newest).reverse();
  }

  /** The post's comments, less those by `leftOut` authors. */
  async countComments(postId: string, leftOut: readonly string[]): Promise<number> {
    const all = await this.comments.count({ postId });
    if (leftOut.length === 0) return all;
    return all - (await this.comments.count({ postId, 'user._id': { $in: leftOut } }));
  }
}
