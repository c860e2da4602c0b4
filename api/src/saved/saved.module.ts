import { Module } from '@nestjs/common';
import { ProjectsModule } from '../projects/projects.module';
import { ProfilesModule } from '../profiles/profiles.module';
import { SavedController } from './saved.controller';
import { SavedFilteringService } from './saved-filtering.service';
import { SavedRecordsModule } from './saved-records.module';
import { SavedService } from './saved.service';

@Module({
  imports: [SavedRecordsModule, ProjectsModule, ProfilesModule],
  controllers: [SavedController],
  providers: [SavedService, SavedFilteringService],
})
export class SavedModule {}
