import { Module } from '@nestjs/common';
import { NotificationsModule } from '../notifications/notifications.module';
import { ProjectsModule } from '../projects/projects.module';
import { ProfilesModule } from '../profiles/profiles.module';
import { FreshnessController } from './freshness.controller';
import { FreshnessService } from './freshness.service';
import { lapseSweepLockProvider } from './lapse-sweep-lock.provider';
import { LapseSweepService } from './lapse-sweep.service';

@Module({
  imports: [ProjectsModule, ProfilesModule, NotificationsModule],
  controllers: [FreshnessController],
  providers: [FreshnessService, lapseSweepLockProvider, LapseSweepService],
})
export class FreshnessModule {}
