import { Module } from '@nestjs/common';
import { ProjectsModule } from '../projects/projects.module';
import { SavedSearchesModule } from '../saved-searches/saved-searches.module';
import { TeammatesModule } from '../teammates/teammates.module';
import { EmbedderController } from '../embedder/embedder.controller';
import { FilteringController } from './filtering.controller';
import { FilteringService } from './filtering.service';
import { IndexWorkerService } from './index-worker.service';
import { SearchClickController } from './search-click.controller';
import { TextUnderstandingModule } from './text-understanding.module';

@Module({
  imports: [ProjectsModule, TeammatesModule, SavedSearchesModule, TextUnderstandingModule],
  controllers: [FilteringController, EmbedderController, SearchClickController],
  providers: [FilteringService, IndexWorkerService],
})
export class SearchModule {}
