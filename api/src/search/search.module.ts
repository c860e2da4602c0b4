import { Module } from '@nestjs/common';
import { ProjectsModule } from '../projects/projects.module';
import { TeammatesModule } from '../teammates/teammates.module';
import { FilteringController } from './filtering.controller';
import { FilteringService } from './filtering.service';
import { IndexWorkerService } from './index-worker.service';

@Module({
  imports: [ProjectsModule, TeammatesModule],
  controllers: [FilteringController],
  providers: [FilteringService, IndexWorkerService],
})
export class SearchModule {}
