export * from './lead-converted';
export * from './record-merged';
