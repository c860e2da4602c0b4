import { Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { SharedLock } from '@skillers/queue';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../core/tokens';
import { AdminAnalyticsController } from './admin-analytics.controller';
import { AdminPropositionsController } from './admin-propositions.controller';
import { AdminPropositionsService } from './admin-propositions.service';
import { AdminReportsController } from './admin-reports.controller';
import { AdminReportsService } from './admin-reports.service';
import { ReportedItems } from './reported-items';
import { NotificationsModule } from '../notifications/notifications.module';
import { TrustModule } from '../trust/trust.module';
import { ModerationNotices } from './moderation-notices';
import { ADMIN_TOKEN, resolveAdminToken } from './admin-token';
import { AdminTokenGuard } from './admin-token.guard';
import { AdminController } from './admin.controller';
import { AdminService } from './admin.service';
import { REINDEX_LOCK, reindexLockProvider } from './reindex-lock.provider';

/** The admin API under /api/admin, for the admin command line; every route takes the admin token. */
@Module({
  imports: [TrustModule, NotificationsModule],
  controllers: [
    AdminController,
    AdminPropositionsController,
    AdminAnalyticsController,
    AdminReportsController,
  ],
  providers: [
    {
      provide: ADMIN_TOKEN,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => resolveAdminToken(config.adminToken, config.dataDir),
    },
    AdminTokenGuard,
    reindexLockProvider,
    AdminService,
    AdminPropositionsService,
    AdminReportsService,
    ReportedItems,
    ModerationNotices,
  ],
  // The metrics route takes the admin token too.
  exports: [ADMIN_TOKEN, AdminTokenGuard],
})
export class AdminModule implements OnApplicationShutdown {
  constructor(@Inject(REINDEX_LOCK) private readonly lock: SharedLock) {}

  async onApplicationShutdown(): Promise<void> {
    await this.lock.close();
  }
}
