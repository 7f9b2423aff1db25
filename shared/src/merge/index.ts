export * from './merge-values';
export * from './merge-records';
export * from './merge.routes';
