import { Module } from '@nestjs/common';
import { AnswerRatesModule } from '../answer-rates/answer-rates.module';
import { ChatModule } from '../chat/chat.module';
import { ProfilesModule } from '../profiles/profiles.module';
import { ProjectsModule } from '../projects/projects.module';
import { BlocksRecordsModule } from '../trust/blocks-records.module';
import { HiddenMatches } from './hidden-matches';
import { MatchesController } from './matches.controller';
import { MatchesService } from './matches.service';

@Module({
  imports: [ProjectsModule, ProfilesModule, ChatModule, BlocksRecordsModule, AnswerRatesModule],
  controllers: [MatchesController],
  providers: [MatchesService, HiddenMatches],
  exports: [MatchesService],
})
export class MatchesModule {}
