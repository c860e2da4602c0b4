import { Body, Controller, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import {
  type InvitationCreate,
  invitationCreateSchema,
  type InvitationDecline,
  invitationDeclineSchema,
  objectIdSchema,
} from '@skillers/domain';
import { CurrentUser } from '../auth/current-user.decorator';
import { JwtAuthGuard } from '../auth/jwt-auth.guard';
import type { AuthenticatedUser } from '../auth/token.service';
import { PerUserLimit } from '../auth/per-user-limit';
import { USER_LIMITS } from '../common/rate-limits';
import { ZodPipe } from '../common/zod-body.pipe';
import { InvitationsService } from './invitations.service';

/** `POST /invitations`, `GET /invitations`, `POST /invitations/{id}/accept` and `/decline`. */
@Controller('invitations')
@UseGuards(JwtAuthGuard)
export class InvitationsController {
  constructor(private readonly invitations: InvitationsService) {}

  @Post()
  @PerUserLimit(USER_LIMITS.messages)
  send(
    @Body(new ZodPipe(invitationCreateSchema)) body: InvitationCreate,
    @CurrentUser() user: AuthenticatedUser,
  ) {
    return this.invitations.send(user.id, body);
  }

  @Get()
  list(@CurrentUser() user: AuthenticatedUser) {
    return this.invitations.list(user.id);
  }

  @Post(':id/accept')
  @HttpCode(200)
  accept(@Param('id', new ZodPipe(objectIdSchema)) id: string, @CurrentUser() user: AuthenticatedUser) {
    return this.invitations.accept(user.id, id);
  }

  @Post(':id/decline')
  @HttpCode(200)
  decline(
    @Param('id', new ZodPipe(objectIdSchema)) id: string,
    @Body(new ZodPipe(invitationDeclineSchema)) body: InvitationDecline,
    @CurrentUser() user: AuthenticatedUser,
  ) {
    return this.invitations.decline(user.id, id, body.reason);
  }
}
