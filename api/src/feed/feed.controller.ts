import {
  Body,
  Controller,
  Delete,
  Get,
  Header,
  HttpCode,
  Param,
  Post,
  Query,
  StreamableFile,
  UseGuards,
} from '@nestjs/common';
import {
  type CommentInput,
  commentSchema,
  objectIdSchema,
  type PageQuery,
  pageQuerySchema,
  type PostInput,
  postSchema,
} from '@skillers/domain';
import { CurrentUser } from '../auth/current-user.decorator';
import { JwtAuthGuard, OptionalJwtAuthGuard } from '../auth/jwt-auth.guard';
import type { AuthenticatedUser } from '../auth/token.service';
import { ZodPipe } from '../common/zod-body.pipe';
import { FeedService } from './feed.service';
import { PerMinuteLimit } from '../common/per-minute-limit.decorator';
import { USER_LIMITS } from '../common/rate-limits';
import { PerUserLimit } from '../auth/per-user-limit';

const postId = new ZodPipe(objectIdSchema);

@Controller('post')
export class FeedController {
  constructor(private readonly feed: FeedService) {}

  /** Open to visitors; a signed-in viewer's page leaves out the users they blocked. */
  @Get()
  @UseGuards(OptionalJwtAuthGuard)
  page(
    @CurrentUser() user: AuthenticatedUser | undefined,
    @Query(new ZodPipe(pageQuerySchema)) query: PageQuery,
  ) {
    return this.feed.page(query.page, user?.id);
  }

  @Post()
  @UseGuards(JwtAuthGuard)
  @PerMinuteLimit(30)
  @PerUserLimit(USER_LIMITS.posts)
  create(@CurrentUser() user: AuthenticatedUser, @Body(new ZodPipe(postSchema)) body: PostInput) {
    return this.feed.create(user, body);
  }

  /** Images never change once posted, so browsers may keep them. */
  @Get(':id/image')
  @Header('Cache-Control', 'public, max-age=31536000, immutable')
  async image(@Param('id', postId) id: string): Promise<StreamableFile> {
    const image = await this.feed.image(id);
    return new StreamableFile(image.bytes, { type: image.contentType, length: image.bytes.length });
  }

  @Post(':id/like')
  @HttpCode(200)
  @UseGuards(JwtAuthGuard)
  @PerUserLimit(USER_LIMITS.likes)
  like(@CurrentUser() user: AuthenticatedUser, @Param('id', postId) id: string) {
    return this.feed.like(id, user);
  }

  @Delete(':id/like')
  @UseGuards(JwtAuthGuard)
  @PerUserLimit(USER_LIMITS.likes)
  unlike(@CurrentUser() user: AuthenticatedUser, @Param('id', postId) id: string) {
    return this.feed.unlike(id, user.id);
  }

  @Post(':id/comments')
  @UseGuards(JwtAuthGuard)
  @PerMinuteLimit(60)
  @PerUserLimit(USER_LIMITS.comments)
  comment(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', postId) id: string,
    @Body(new ZodPipe(commentSchema)) body: CommentInput,
  ) {
    return this.feed.comment(id, user, body.data);
  }
}
