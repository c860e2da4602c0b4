import { z } from 'zod';
import { isPlainText, unsafeTextMessage } from './text';
import {
  type CommentRecord,
  COMMENT_MAX_LENGTH,
  POST_IMAGE_MAX_BYTES,
  POST_IMAGE_TYPES,
  POST_MAX_LENGTH,
  type PostImageType,
  type PostRecord,
} from '../feed';
import { FEED_MESSAGES } from '../messages';
import { base64DecodedLength, base64Head, isPostImageType, parseImageDataUrl, sniffImageType } from './image';

const requiredText = (max: number, label: string, requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(max, `${label} must be at most ${max} characters`)
    .refine(isPlainText, unsafeTextMessage(label));

export interface PostImageInput {
  contentType: PostImageType;
  base64: string;
}

const IMAGE_TOO_LARGE = `The image must be at most ${POST_IMAGE_MAX_BYTES / 1024 / 1024} MB.`;
/** The longest data address a POST_IMAGE_MAX_BYTES image can take: its base64 and a short header. */
export const IMAGE_DATA_URL_MAX_LENGTH = Math.ceil(POST_IMAGE_MAX_BYTES / 3) * 4 + 128;

/**
 * An image attached as a `data:image/...;base64,` address. Only the listed types pass, and the
 * bytes must carry that type's magic number: a renamed text file does not get through.
 */
export const imageDataUrlSchema = z
  .string()
  .max(IMAGE_DATA_URL_MAX_LENGTH, IMAGE_TOO_LARGE)
  .transform((value, ctx): PostImageInput => {
    const parsed = parseImageDataUrl(value);
    if (!parsed || !isPostImageType(parsed.contentType)) {
      ctx.addIssue({ code: 'custom', message: FEED_MESSAGES.imageTypeNotAllowed });
      return z.NEVER;
    }
    if (base64DecodedLength(parsed.base64) > POST_IMAGE_MAX_BYTES) {
      ctx.addIssue({ code: 'custom', message: IMAGE_TOO_LARGE });
      return z.NEVER;
    }
    if (sniffImageType(base64Head(parsed.base64)) !== parsed.contentType) {
      ctx.addIssue({ code: 'custom', message: FEED_MESSAGES.imageContentMismatch });
      return z.NEVER;
    }
    return { contentType: parsed.contentType, base64: parsed.base64 };
  });

export const postSchema = z.strictObject({
  data: requiredText(POST_MAX_LENGTH, 'A post', FEED_MESSAGES.postRequired),
  image: imageDataUrlSchema.optional(),
});

export const commentSchema = z.strictObject({
  data: requiredText(COMMENT_MAX_LENGTH, 'A comment', FEED_MESSAGES.commentRequired),
});

export type PostInput = z.infer<typeof postSchema>;
export type CommentInput = z.infer<typeof commentSchema>;

const storedAuthor = z.object({ _id: z.string().min(1), username: z.string() });

const storedPostSchema: z.ZodType<PostRecord> = z.object({
  _id: z.string().min(1),
  data: z.string(),
  user: storedAuthor,
  likes: z.array(z.string()),
  imageType: z.enum(POST_IMAGE_TYPES).optional(),
  createdAt: z.string(),
});

const storedCommentSchema: z.ZodType<CommentRecord> = z.object({
  _id: z.string().min(1),
  postId: z.string(),
  data: z.string(),
  user: storedAuthor,
  createdAt: z.string(),
});

/** A post as the feed stores it, read back before it is shown. */
export const readStoredPost = (row: unknown) => storedPostSchema.safeParse(row);

/** A comment as the feed stores it, read back before it is shown. */
export const readStoredComment = (row: unknown) => storedCommentSchema.safeParse(row);
