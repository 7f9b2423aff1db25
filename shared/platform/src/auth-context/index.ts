export * from './caller';
export * from './expiring-cache';
export * from './internal-token';
