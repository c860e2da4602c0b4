import { Module } from '@nestjs/common';
import { PropositionController } from './proposition.controller';
import { PropositionService } from './proposition.service';

@Module({ controllers: [PropositionController], providers: [PropositionService] })
export class OptionsModule {}
