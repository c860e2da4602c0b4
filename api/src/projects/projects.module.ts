import { Module } from '@nestjs/common';
import { MyProjectsController } from './my-projects.controller';
import { ProjectController } from './project.controller';
import { ProjectRepository } from './project.repository';
import { ProjectService } from './project.service';

@Module({
  controllers: [ProjectController, MyProjectsController],
  providers: [ProjectService, ProjectRepository],
  exports: [ProjectRepository, ProjectService],
})
export class ProjectsModule {}
