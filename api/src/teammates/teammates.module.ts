import { Module } from '@nestjs/common';
import { SavedRecordsModule } from '../saved/saved-records.module';
import { MyTeammateController } from './my-teammate.controller';
import { TeammateController } from './teammate.controller';
import { TeammateRepository } from './teammate.repository';
import { TeammateService } from './teammate.service';

@Module({
  imports: [SavedRecordsModule],
  controllers: [TeammateController, MyTeammateController],
  providers: [TeammateService, TeammateRepository],
  exports: [TeammateRepository, TeammateService],
})
export class TeammatesModule {}
