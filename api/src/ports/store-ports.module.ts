import { Global, Inject, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import { openRecordStore, type RecordStore } from '@skillers/store';
import type { AppConfig } from '../config/app-config';
import { PortStatusRegistry } from '../core/port-status';
import { APP_CONFIG, RECORD_STORE } from '../core/tokens';

/** The record store with the adapter the configuration selects: MongoDB, or the SQLite file in the data folder. */
@Global()
@Module({
  providers: [
    {
      provide: RECORD_STORE,
      inject: [APP_CONFIG, PortStatusRegistry],
      useFactory: async (config: AppConfig, ports: PortStatusRegistry): Promise<RecordStore> => {
        const store = await openRecordStore({ dataDir: config.dataDir, mongoUrl: config.mongoUrl });
        ports.register('store', async () => ({ adapter: store.adapter, ready: await store.isReady() }));
        return store;
      },
    },
  ],
  exports: [RECORD_STORE],
})
export class StorePortsModule implements OnApplicationShutdown {
  private readonly logger = new Logger(StorePortsModule.name);

  constructor(@Inject(RECORD_STORE) private readonly store: RecordStore) {}

  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
    this.logger.log('Record store closed');
  }
}
