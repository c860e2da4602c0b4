import type { Provider } from '@nestjs/common';
import { INDEX_ALERTS, type IndexAlerts } from '../indexing/index-alerts';
import { SavedSearchAlertsService } from './saved-search-alerts.service';
import { SavedSearchesService } from './saved-searches.service';

/** The saved-search alerts, as the embedded index worker runs them beside its index jobs. */
export const indexAlertsProvider: Provider = {
  provide: INDEX_ALERTS,
  inject: [SavedSearchAlertsService, SavedSearchesService],
  useFactory: (alerts: SavedSearchAlertsService, searches: SavedSearchesService): IndexAlerts => ({
    start: async (index, queue) => {
      const understood = await searches.understandOlderSearches();
      await alerts.loadSearches();
      return { understood, rematched: await alerts.start(index, queue) };
    },
    recordIndexed: alerts.recordIndexed,
    drain: () => alerts.drain(),
  }),
};
