import { Module } from '@nestjs/common';
import { SavedRecordsModule } from '../saved/saved-records.module';
import { MyProjectsController } from './my-projects.controller';
import { ProjectController } from './project.controller';
import { ProjectRepository } from './project.repository';
import { ProjectService } from './project.service';

@Module({
  imports: [SavedRecordsModule],
  controllers: [ProjectController, MyProjectsController],
  providers: [ProjectService, ProjectRepository],
  exports: [ProjectRepository, ProjectService],
})
export class ProjectsModule {}
