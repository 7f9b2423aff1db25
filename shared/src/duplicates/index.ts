export * from './duplicate-criteria';
export * from './duplicate-search';
export * from './duplicate-check';
export * from './duplicates.routes';
