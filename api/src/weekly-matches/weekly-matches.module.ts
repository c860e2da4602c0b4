import { Module } from '@nestjs/common';
import { MatchesModule } from '../matches/matches.module';
import { NotificationMailModule } from '../notification-mail/notification-mail.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { ProfilesModule } from '../profiles/profiles.module';
import { ProjectsModule } from '../projects/projects.module';
import { WeeklyMatchesService } from './weekly-matches.service';

/** The weekly in-app digest of new strong matches. */
@Module({
  imports: [MatchesModule, NotificationsModule, NotificationMailModule, ProjectsModule, ProfilesModule],
  providers: [WeeklyMatchesService],
})
export class WeeklyMatchesModule {}
