import { Module } from '@nestjs/common';
import { ChatModule } from '../chat/chat.module';
import { MatchesModule } from '../matches/matches.module';
import { ProfilesModule } from '../profiles/profiles.module';
import { ProjectsModule } from '../projects/projects.module';
import { BlocksRecordsModule } from '../trust/blocks-records.module';
import { InvitationsController } from './invitations.controller';
import { InvitationsRepository } from './invitations.repository';
import { InvitationsService } from './invitations.service';

@Module({
  imports: [ProjectsModule, ProfilesModule, ChatModule, MatchesModule, BlocksRecordsModule],
  controllers: [InvitationsController],
  providers: [InvitationsRepository, InvitationsService],
})
export class InvitationsModule {}
