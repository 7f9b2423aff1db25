export * from './shutdown';
