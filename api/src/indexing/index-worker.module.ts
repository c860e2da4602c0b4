import { type DynamicModule, Module, type Type } from '@nestjs/common';
import { IndexWorkerService } from './index-worker.service';

/** The embedded setup's index worker; the cluster's runs in the indexer service. */
@Module({})
export class IndexWorkerModule {
  /** `alerts` provides `INDEX_ALERTS`: the saved searches, which this lower room does not import. */
  static withAlerts(alerts: Type): DynamicModule {
    return { module: IndexWorkerModule, imports: [alerts], providers: [IndexWorkerService] };
  }
}
