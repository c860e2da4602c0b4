import { Module } from '@nestjs/common';
import { TextUnderstandingModule } from '../filtering/text-understanding.module';
import { INDEX_ALERTS } from '../indexing/index-alerts';
import { RealtimeModule } from '../realtime/realtime.module';
import { ForgetDeletedOwners } from './forget-deleted-owners';
import { indexAlertsProvider } from './index-alerts.provider';
import { SavedSearchAlertsService } from './saved-search-alerts.service';
import { SavedSearchesController } from './saved-searches.controller';
import { SavedSearchesRepository } from './saved-searches.repository';
import { SavedSearchesService } from './saved-searches.service';

@Module({
  imports: [RealtimeModule, TextUnderstandingModule],
  controllers: [SavedSearchesController],
  providers: [
    SavedSearchesRepository,
    SavedSearchesService,
    SavedSearchAlertsService,
    ForgetDeletedOwners,
    indexAlertsProvider,
  ],
  exports: [INDEX_ALERTS],
})
export class SavedSearchesModule {}
