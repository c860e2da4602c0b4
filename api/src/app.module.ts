import { type DynamicModule, Module, RequestMethod } from '@nestjs/common';
import { ServeStaticModule } from '@nestjs/serve-static';
import { ThrottlerModule } from '@nestjs/throttler';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { HTTP_MESSAGES } from '@skillers/domain';
import { LoggerModule } from 'nestjs-pino';
import type { Logger as PinoInstance } from 'pino';
import { AccountModule } from './account/account.module';
import { AdminModule } from './admin/admin.module';
import { AuthModule } from './auth/auth.module';
import { ChatModule } from './chat/chat.module';
import { RateLimitsModule } from './common/rate-limits';
import type { AppConfig } from './config/app-config';
import { CoreModule } from './core/core.module';
import { AppEventsModule } from './core/events/app-events.service';
import { EmailVerificationModule } from './email-verification/email-verification.module';
import { FeedModule } from './feed/feed.module';
import { FilteringModule } from './filtering/filtering.module';
import { FeedbackModule } from './feedback/feedback.module';
import { FreshnessModule } from './freshness/freshness.module';
import { HealthModule } from './health/health.module';
import { IndexingModule } from './indexing/indexing.module';
import { APP_LOGGER, loggerParams } from './logging/app-logger';
import { MetricsModule } from './metrics/metrics.module';
import { NotificationMailModule } from './notification-mail/notification-mail.module';
import { WeeklyMatchesModule } from './weekly-matches/weekly-matches.module';
import { NotificationSettingsModule } from './notification-settings/notification-settings.module';
import { OptionsModule } from './options/options.module';
import { PasswordModule } from './password/password.module';
import { chosenSetup } from './ports/chosen-setup';
import { ProjectsModule } from './projects/projects.module';
import { SavedModule } from './saved/saved.module';
import { SeedModule } from './seed/seed.module';
import { SimilarityModule } from './similarity/similarity.module';
import { ProfilesModule } from './profiles/profiles.module';
import { AnswerRatesModule } from './answer-rates/answer-rates.module';
import { InvitationsModule } from './invitations/invitations.module';
import { MatchesModule } from './matches/matches.module';
import { TokenSweepModule } from './token-sweep/token-sweep.module';
import { TrustModule } from './trust/trust.module';
import { UsersModule } from './users/users.module';

/** Where `vite build` puts the web app, relative to this file once compiled to api/dist. */
export const WEB_DIST_DIR = resolve(__dirname, '../../web/dist');

const webApp = (): DynamicModule[] =>
  existsSync(join(WEB_DIST_DIR, 'index.html'))
    ? [
        ServeStaticModule.forRoot({
          rootPath: WEB_DIST_DIR,
          exclude: ['/api/{*path}', '/socket.io/{*path}', '/embedder/{*path}', '/metrics'],
        }),
      ]
    : [];

@Module({})
export class AppModule {
  static forConfig(config: AppConfig, logger: PinoInstance): DynamicModule {
    const setup = chosenSetup(config);
    return {
      module: AppModule,
      providers: [{ provide: APP_LOGGER, useValue: logger }],
      imports: [
        LoggerModule.forRoot({
          forRoutes: [{ path: '{*path}', method: RequestMethod.ALL }],
          ...loggerParams(logger),
        }),
        ThrottlerModule.forRoot({
          throttlers: [{ ttl: 60_000, limit: 120 }],
          errorMessage: HTTP_MESSAGES.tooManyRequests,
        }),
        CoreModule.forConfig(config),
        AppEventsModule,
        RateLimitsModule,
        AuthModule,
        HealthModule,
        UsersModule,
        PasswordModule,
        EmailVerificationModule,
        TokenSweepModule,
        FeedbackModule,
        ChatModule,
        FeedModule,
        OptionsModule,
        ...setup.ports,
        IndexingModule,
        FilteringModule,
        ...setup.indexWorker,
        SimilarityModule,
        ProjectsModule,
        ProfilesModule,
        MatchesModule,
        InvitationsModule,
        AnswerRatesModule,
        FreshnessModule,
        SavedModule,
        TrustModule,
        SeedModule,
        AdminModule,
        AccountModule,
        NotificationSettingsModule,
        NotificationMailModule,
        WeeklyMatchesModule,
        MetricsModule,
        ...webApp(),
      ],
    };
  }
}
