import { Body, Controller, Get, HttpCode, Post, Res, UseGuards } from '@nestjs/common';
import type { ReindexEvent } from '@skillers/domain';
import type { Response } from 'express';
import { ZodPipe } from '../common/zod-body.pipe';
import { type ReindexRequest, reindexRequestSchema } from './admin-request.schemas';
import { AdminTokenGuard } from './admin-token.guard';
import { AdminService } from './admin.service';

@Controller('admin')
@UseGuards(AdminTokenGuard)
export class AdminController {
  constructor(private readonly admin: AdminService) {}

  @Get('stats')
  stats() {
    return this.admin.stats();
  }

  /** Streams the reindex as NDJSON, one event a line, so the command line can draw its progress live. */
  @Post('reindex')
  async reindex(
    @Body(new ZodPipe(reindexRequestSchema)) body: ReindexRequest,
    @Res() response: Response,
  ): Promise<void> {
    const run = await this.admin.beginReindex(body.kind);
    response.status(200);
    response.setHeader('content-type', 'application/x-ndjson; charset=utf-8');
    response.setHeader('cache-control', 'no-store');
    response.flushHeaders();
    await run((event: ReindexEvent) => response.write(`${JSON.stringify(event)}\n`));
    response.end();
  }

  @Post('jobs/retry-failed')
  @HttpCode(200)
  retryFailed() {
    return this.admin.retryFailedJobs();
  }
}
