import { collectDefaultMetrics, Registry } from 'prom-client';

/** Where every service answers its metrics. */
export const METRICS_PATH = '/metrics';

/** Every series of the project starts with this, so dashboards and the tests tell them from Node's own. */
export const METRIC_PREFIX = 'skillers_';

/**
 * A service's metric registry: each series labelled with the service's name, plus Node's process metrics
 * (CPU, memory, event-loop lag, GC pauses, handles), so every service is watched the same way.
 */
export const createServiceRegistry = (service: string): Registry => {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });
  return registry;
};

/** The registry's text exposition and its content type, for any HTTP server to send. */
export const metricsAnswer = async (registry: Registry): Promise<{ contentType: string; text: string }> => ({
  contentType: registry.contentType,
  text: await registry.metrics(),
});
