import { Inject, Module, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { type MetricsServer, startMetricsServer } from '@skillers/metrics';
import { AdminModule } from '../admin/admin.module';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../core/tokens';
import { RealtimeModule } from '../realtime/realtime.module';
import { ApiMetrics } from './api-metrics';
import { MetricsController } from './metrics.controller';

/**
 * The API's Prometheus metrics at `GET /metrics` with the admin token, and on `METRICS_PORT` without one
 * when it is set (see docs/operating.md).
 */
@Module({
  imports: [AdminModule, RealtimeModule],
  controllers: [MetricsController],
  providers: [ApiMetrics],
  exports: [ApiMetrics],
})
export class MetricsModule implements OnApplicationBootstrap, OnApplicationShutdown {
  private server?: MetricsServer;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly metrics: ApiMetrics,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.metricsPort === undefined) return;
    this.server = await startMetricsServer(this.config.host, this.config.metricsPort, this.metrics.registry);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.server?.close();
  }
}
