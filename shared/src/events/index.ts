export * from './lead-converted';
