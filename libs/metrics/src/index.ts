export * from './embedder-calls';
export * from './index-backlog';
export * from './metrics-server';
export * from './service-metrics';
export * from './service-registry';
