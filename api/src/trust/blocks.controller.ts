import { Controller, Delete, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { objectIdSchema } from '@skillers/domain';
import { CurrentUser } from '../auth/current-user.decorator';
import { JwtAuthGuard } from '../auth/jwt-auth.guard';
import type { AuthenticatedUser } from '../auth/token.service';
import { USER_LIMITS } from '../common/rate-limits';
import { PerUserLimit } from '../auth/per-user-limit';
import { ZodPipe } from '../common/zod-body.pipe';
import { BlocksService } from './blocks.service';

const userId = new ZodPipe(objectIdSchema);

@Controller('user/blocks')
@UseGuards(JwtAuthGuard)
export class BlocksController {
  constructor(private readonly blocks: BlocksService) {}

  @Get()
  list(@CurrentUser() user: AuthenticatedUser) {
    return this.blocks.list(user.id);
  }

  @Post(':id')
  @HttpCode(200)
  @PerUserLimit(USER_LIMITS.blocks)
  block(@CurrentUser() user: AuthenticatedUser, @Param('id', userId) blockedId: string) {
    return this.blocks.block(user.id, blockedId);
  }

  @Delete(':id')
  @PerUserLimit(USER_LIMITS.blocks)
  unblock(@CurrentUser() user: AuthenticatedUser, @Param('id', userId) blockedId: string) {
    return this.blocks.unblock(user.id, blockedId);
  }
}
