import { createServiceRegistry } from '@skillers/metrics';

/**
 * The API's one Prometheus registry: the metrics room registers its series in it, and the composition root
 * the embedder's calls, without either importing the other.
 */
export const METRICS_REGISTRY = Symbol('METRICS_REGISTRY');

export const metricsRegistryProvider = {
  provide: METRICS_REGISTRY,
  useFactory: () => createServiceRegistry('api'),
};
