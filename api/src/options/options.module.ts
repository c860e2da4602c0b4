import { Module } from '@nestjs/common';
import { OptionsController } from './options.controller';
import { OptionsService } from './options.service';
import { PropositionController } from './proposition.controller';
import { PropositionService } from './proposition.service';

@Module({
  controllers: [PropositionController, OptionsController],
  providers: [PropositionService, OptionsService],
})
export class OptionsModule {}
