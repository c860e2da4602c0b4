import { Module } from '@nestjs/common';
import { ProjectsModule } from '../projects/projects.module';
import { SavedSearchesModule } from '../saved-searches/saved-searches.module';
import { TeammatesModule } from '../teammates/teammates.module';
import { EmbedderController } from '../embedder/embedder.controller';
import { FilteringController } from './filtering.controller';
import { FilteringService } from './filtering.service';
import { IndexWorkerService } from './index-worker.service';
import { MlController } from './ml.controller';
import { MlService } from './ml.service';
import { SearchClickController } from './search-click.controller';
import { SortController } from './sort.controller';
import { SortService } from './sort.service';

@Module({
  imports: [ProjectsModule, TeammatesModule, SavedSearchesModule],
  controllers: [FilteringController, SortController, MlController, EmbedderController, SearchClickController],
  providers: [FilteringService, IndexWorkerService, SortService, MlService],
})
export class SearchModule {}
