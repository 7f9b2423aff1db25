export * from './same-values';
export * from './record-versions';
