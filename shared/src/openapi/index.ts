export * from './api-operation';
export * from './record-operations';
export * from './answer-schemas';
