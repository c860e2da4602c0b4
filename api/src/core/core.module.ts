import { Global, Module } from '@nestjs/common';
import type { AppConfig } from '../config/app-config';
import { resolveJwtSecret } from '../config/jwt-secret';
import { METRICS_REGISTRY, metricsRegistryProvider } from './metrics-registry';
import { PortStatusRegistry } from './port-status';
import { APP_CONFIG, JWT_SECRET } from './tokens';

/** Configuration, the ports' health registry and the metrics registry, available to every feature module. */
@Global()
@Module({})
export class CoreModule {
  static forConfig(config: AppConfig) {
    return {
      module: CoreModule,
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: JWT_SECRET, useFactory: () => resolveJwtSecret(config.jwtSecret, config.dataDir) },
        PortStatusRegistry,
        metricsRegistryProvider,
      ],
      exports: [APP_CONFIG, JWT_SECRET, PortStatusRegistry, METRICS_REGISTRY],
    };
  }
}
