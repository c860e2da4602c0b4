import type { PublicUser } from './entities';

export const POST_MAX_LENGTH = 500;
export const COMMENT_MAX_LENGTH = 1000;
export const FEED_PAGE_SIZE = 10;
/** A feed page carries each post's latest comments only; `commentCount` tells the full number. */
export const COMMENTS_PER_POST_LIMIT = 100;
export const POST_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const POST_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type PostImageType = (typeof POST_IMAGE_TYPES)[number];

/** A stored post. The author is kept with it because usernames never change. */
export interface PostRecord {
  _id: string;
  data: string;
  user: PublicUser;
  likes: string[];
  /** Set when an image is stored for the post under the same id. */
  imageType?: PostImageType;
  createdAt: string;
}

/** Image bytes live apart from the post so feed pages stay small. */
export interface PostImageRecord {
  _id: string;
  contentType: PostImageType;
  /** base64 */
  data: string;
}

export interface CommentRecord {
  _id: string;
  postId: string;
  data: string;
  user: PublicUser;
  createdAt: string;
}

export interface Comment {
  _id: string;
  data: string;
  user: PublicUser;
  createdAt: string;
}

export interface Post {
  _id: string;
  data: string;
  /** Address of the image, served with its own content type. */
  image?: string;
  user: PublicUser;
  likes: string[];
  comments: Comment[];
  commentCount: number;
  createdAt: string;
}

export interface FeedPage {
  posts: Post[];
  hasMore: boolean;
}
