export * from './idempotency-keys.repository';
export * from './idempotent-requests';
