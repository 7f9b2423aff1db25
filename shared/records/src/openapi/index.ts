export * from './record-operations';
export * from './answer-schemas';
