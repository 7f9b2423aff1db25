export * from './database';
export * from './sql';
