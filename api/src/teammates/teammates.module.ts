import { Module } from '@nestjs/common';
import { MyTeammateController } from './my-teammate.controller';
import { TeammateController } from './teammate.controller';
import { TeammateRepository } from './teammate.repository';
import { TeammateService } from './teammate.service';

@Module({
  controllers: [TeammateController, MyTeammateController],
  providers: [TeammateService, TeammateRepository],
  exports: [TeammateRepository, TeammateService],
})
export class TeammatesModule {}
