export * from './replica';
export * from './owner-lookup';
export * from './replicated-references';
export * from './replica-settings';
export * from './reference-metrics';
