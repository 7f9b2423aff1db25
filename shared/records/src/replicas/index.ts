export * from './replica';
export * from './replica-store';
export * from './owner-lookup';
export * from './replicated-references';
export * from './replica-settings';
export * from './reference-metrics';
