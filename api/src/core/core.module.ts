import { Global, Inject, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import { openRecordStore, type RecordStore } from '@skillers/store';
import type { AppConfig } from '../config/app-config';
import { resolveJwtSecret } from '../config/jwt-secret';
import { METRICS_REGISTRY, metricsRegistryProvider } from './metrics-registry';
import { PortStatusRegistry } from './port-status';
import { APP_CONFIG, JWT_SECRET, RECORD_STORE } from './tokens';

/** Configuration, the record store and the metrics registry, available to every feature module. */
@Global()
@Module({})
export class CoreModule implements OnApplicationShutdown {
  private readonly logger = new Logger(CoreModule.name);

  constructor(@Inject(RECORD_STORE) private readonly store: RecordStore) {}

  static forConfig(config: AppConfig) {
    return {
      module: CoreModule,
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: JWT_SECRET, useFactory: () => resolveJwtSecret(config.jwtSecret, config.dataDir) },
        PortStatusRegistry,
        metricsRegistryProvider,
        {
          provide: RECORD_STORE,
          inject: [PortStatusRegistry],
          useFactory: async (ports: PortStatusRegistry) => {
            const store = await openRecordStore({ dataDir: config.dataDir, mongoUrl: config.mongoUrl });
            ports.register('store', async () => ({ adapter: store.adapter, ready: await store.isReady() }));
            return store;
          },
        },
      ],
      exports: [APP_CONFIG, JWT_SECRET, RECORD_STORE, PortStatusRegistry, METRICS_REGISTRY],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
    this.logger.log('Record store closed');
  }
}
