export * from './database';
export * from './sql';
export * from './extensions';
export * from './embedded-postgres';
export * from './database-unavailable';
export * from './prepared-query';
export * from './batched-lookup';
