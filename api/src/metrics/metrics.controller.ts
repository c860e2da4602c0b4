import { Controller, Get, Header, Res, UseGuards } from '@nestjs/common';
import { metricsAnswer } from '@skillers/metrics';
import type { Response } from 'express';
import { AdminTokenGuard } from '../admin/admin-token.guard';
import { ApiMetrics } from './api-metrics';

/** `GET /metrics` on the API's port, in Prometheus text format, for the admin token only. */
@Controller('metrics')
@UseGuards(AdminTokenGuard)
export class MetricsController {
  constructor(private readonly metrics: ApiMetrics) {}

  @Get()
  @Header('cache-control', 'no-store')
  async scrape(@Res() response: Response): Promise<void> {
    const { contentType, text } = await metricsAnswer(this.metrics.registry);
    response.type(contentType).send(text);
  }
}
