/**
 * Settings every test process starts with: its own database and broker namespace on the local servers,
 * so a test run never touches the data of `npm start`. Explicit environment values win.
 */
export const TEST_ENV = {
  NODE_ENV: 'test',
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/crm_test',
  AMQP_URL: 'amqp://guest:guest@127.0.0.1:5672',
  AMQP_NAMESPACE: 'crmtest',
  REDIS_URL: 'redis://127.0.0.1:6379/15',
  LOG_LEVEL: 'silent',
} as const;

for (const [key, value] of Object.entries(TEST_ENV)) {
  process.env[key] ??= value;
}
