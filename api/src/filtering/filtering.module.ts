import { Module } from '@nestjs/common';
import { EmbedderController } from '../embedder/embedder.controller';
import { ProjectsModule } from '../projects/projects.module';
import { TeammatesModule } from '../teammates/teammates.module';
import { FilteringController } from './filtering.controller';
import { FilteringService } from './filtering.service';
import { SearchClickController } from './search-click.controller';
import { TextUnderstandingModule } from './text-understanding.module';

@Module({
  imports: [ProjectsModule, TeammatesModule, TextUnderstandingModule],
  controllers: [FilteringController, EmbedderController, SearchClickController],
  providers: [FilteringService],
})
export class FilteringModule {}
