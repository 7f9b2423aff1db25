export * from './service-definition';
export * from './start-service';
export * from './service-calls';
export * from './retention';
