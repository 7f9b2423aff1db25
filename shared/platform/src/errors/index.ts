export * from './app-error';
export * from './zod-errors';
