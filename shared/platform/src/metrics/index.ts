export * from './http-metrics';
export * from './messaging-metrics';
export * from './metrics-registry';
export * from './metrics.routes';
export * from './dependency-metrics';
