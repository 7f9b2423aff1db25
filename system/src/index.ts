export * from './system';
export * from './processes';
export * from './process-system';
export * from './run-in-turn';
export { applyTenantQuotas, parseQuotaChanges } from './tenant-quotas';
