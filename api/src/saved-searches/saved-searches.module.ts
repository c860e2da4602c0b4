import { Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { ElasticsearchSavedSearchMatcher, type SavedSearchMatcher } from '@skillers/search';
import { RealtimeModule } from '../realtime/realtime.module';
import { TextUnderstandingModule } from '../search/text-understanding.module';
import { SavedSearchAlertsService } from './saved-search-alerts.service';
import { savedSearchMatcherProvider } from './saved-search-matcher.provider';
import { SavedSearchesController } from './saved-searches.controller';
import { SavedSearchesRepository } from './saved-searches.repository';
import { SavedSearchesService } from './saved-searches.service';
import { SAVED_SEARCH_MATCHER } from './saved-searches.tokens';

@Module({
  imports: [RealtimeModule, TextUnderstandingModule],
  controllers: [SavedSearchesController],
  providers: [
    savedSearchMatcherProvider,
    SavedSearchesRepository,
    SavedSearchesService,
    SavedSearchAlertsService,
  ],
  exports: [SavedSearchAlertsService, SavedSearchesService],
})
export class SavedSearchesModule implements OnApplicationShutdown {
  constructor(@Inject(SAVED_SEARCH_MATCHER) private readonly matcher: SavedSearchMatcher) {}

  async onApplicationShutdown(): Promise<void> {
    if (this.matcher instanceof ElasticsearchSavedSearchMatcher) await this.matcher.close();
  }
}
