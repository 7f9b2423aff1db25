export * from './same-values';
