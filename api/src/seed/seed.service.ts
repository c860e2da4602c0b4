import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { AuthService } from '../auth/auth.service';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../core/tokens';
import { UsersRepository } from '../users/users.repository';
import { DEMO_ACCOUNT } from './demo-account';

/** Fills an empty database with demo data at start, unless SEED=false. */
@Injectable()
export class SeedService implements OnApplicationBootstrap {
  private readonly logger = new Logger(SeedService.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UsersRepository,
    private readonly auth: AuthService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.seed || (await this.users.count()) > 0) return;
    await this.auth.signup(DEMO_ACCOUNT);
    this.logger.log(`Seeded the demo account ${DEMO_ACCOUNT.email}`);
  }
}
