import { Module } from '@nestjs/common';
import { EmbedderController } from '../embedder/embedder.controller';
import { ProjectsModule } from '../projects/projects.module';
import { ProfilesModule } from '../profiles/profiles.module';
import { FilteringController } from './filtering.controller';
import { FilteringService } from './filtering.service';
import { QueryVectors } from './query-vectors';
import { SearchClickController } from './search-click.controller';
import { TextUnderstandingModule } from './text-understanding.module';

@Module({
  imports: [ProjectsModule, ProfilesModule, TextUnderstandingModule],
  controllers: [FilteringController, EmbedderController, SearchClickController],
  providers: [FilteringService, QueryVectors],
})
export class FilteringModule {}
