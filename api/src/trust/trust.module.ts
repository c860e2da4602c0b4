import { Module } from '@nestjs/common';
import { BlocksRecordsModule } from './blocks-records.module';
import { BlocksController } from './blocks.controller';
import { BlocksService } from './blocks.service';
import { ItemHider } from './item-hider';
import { ReportTargets } from './report-targets';
import { ReportsController } from './reports.controller';
import { ReportsRepository } from './reports.repository';
import { ReportsService } from './reports.service';

/** Reports of unwanted content and the users' block lists. */
@Module({
  imports: [BlocksRecordsModule],
  controllers: [ReportsController, BlocksController],
  providers: [ReportTargets, ReportsRepository, ReportsService, BlocksService, ItemHider],
  exports: [ReportsRepository, ItemHider],
})
export class TrustModule {}
