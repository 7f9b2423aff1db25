export * from './lead-converted';
export * from './record-merged';
export * from './event-catalogue';
