export * from './service-definition';
export * from './start-service';
