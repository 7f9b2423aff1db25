export * from './api-operation';
export * from './record-operations';
