export * from './api-operation';
