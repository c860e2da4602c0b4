import { BadRequestException, Body, Controller, Get, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import { type NotificationSettings } from '@skillers/domain';
import type { Request, Response } from 'express';
import type { z } from 'zod';
import { UsersRepository } from '../auth/users.repository';
import { ZodPipe } from '../common/zod-body.pipe';
import { NotificationSettingsRepository } from '../notification-settings/notification-settings.repository';
import { type UnsubscribeGrant, UnsubscribeLinks, UNSUBSCRIBE_ROUTE } from './unsubscribe-links';
import { confirmPage, donePage } from './unsubscribe-pages';
import {
  oneClickBodySchema,
  UNSUBSCRIBE_MESSAGES,
  type UnsubscribeQuery,
  unsubscribeQuerySchema,
} from './unsubscribe.schemas';

/**
 * One-click unsubscribe (RFC 8058) from the link every notification mail carries, without signing in:
 * `POST` sets the link's groups to in-app; `GET` (what a click, or a mail scanner, does) only shows a page
 * whose button posts.
 */
@Controller(UNSUBSCRIBE_ROUTE)
export class UnsubscribeController {
  constructor(
    private readonly links: UnsubscribeLinks,
    private readonly users: UsersRepository,
    private readonly settings: NotificationSettingsRepository,
  ) {}

  @Get()
  async confirm(
    @Query(new ZodPipe(unsubscribeQuerySchema)) { token }: UnsubscribeQuery,
    @Res({ passthrough: true }) response: Response,
  ): Promise<string> {
    const grant = await this.grantOf(token);
    response.type('html');
    return confirmPage(grant.groups, `/api/${UNSUBSCRIBE_ROUTE}?token=${token}`);
  }

  /** A browser's form gets a page back; a mail provider's one-click post, JSON. */
  @Post()
  @HttpCode(200)
  async unsubscribe(
    @Query(new ZodPipe(unsubscribeQuerySchema)) { token }: UnsubscribeQuery,
    @Body(new ZodPipe(oneClickBodySchema)) _oneClick: z.infer<typeof oneClickBodySchema>,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<string | { message: string; notificationSettings: NotificationSettings }> {
    const grant = await this.grantOf(token);
    const chosen = await this.settings.of(grant.userId);
    for (const group of grant.groups) chosen[group] = 'in-app';
    const notificationSettings = await this.settings.put(grant.userId, chosen);
    if (request.accepts(['json', 'html']) !== 'html') {
      return { message: UNSUBSCRIBE_MESSAGES.unsubscribed, notificationSettings };
    }
    response.type('html');
    return donePage(grant.groups, UNSUBSCRIBE_MESSAGES.unsubscribed);
  }

  /** A token not signed here, changed, or naming an account that is gone, is refused alike. */
  private async grantOf(token: string): Promise<UnsubscribeGrant> {
    const grant = this.links.verify(token);
    if (!grant || !(await this.users.findById(grant.userId))) {
      throw new BadRequestException({ message: UNSUBSCRIBE_MESSAGES.invalidLink, field: 'token' });
    }
    return grant;
  }
}
