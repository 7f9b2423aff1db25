export * from './database';
export * from './sql';
export * from './extensions';
export * from './embedded-postgres';
