export * from './caller';
export * from './expiring-cache';
export * from './internal-keys';
export * from './internal-token';
export * from './route-scopes';
