import { z } from 'zod';
import { assertProductionSafe, commonConfig, ConfigError, DEV_INTERNAL_TOKEN_SECRET, loadConfig, port } from '../../src/config';

describe('loading configuration', () => {
  it('when nothing is set, then the embedded default applies (architecture §5)', () => {
    const config = loadConfig(commonConfig, {});
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.AMQP_URL).toBeUndefined();
    expect(config.EMBEDDED_DATA_DIR).toBe('.crm-data');
    expect(config.AMQP_NAMESPACE).toBe('crm');
    expect(config.LOG_LEVEL).toBe('info');
  });

  it('when a setting is invalid, then start fails with a message naming it', () => {
    const load = () => loadConfig({ ...commonConfig, PORT: port(8080) }, { PORT: 'eighty', LOG_LEVEL: 'loud' });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/PORT/);
    expect(load).toThrow(/LOG_LEVEL/);
  });

  it('when a server URL is set but is not a URL, then start fails naming it', () => {
    expect(() => loadConfig(commonConfig, { DATABASE_URL: 'not a url', AMQP_URL: 'amqp://x' })).toThrow(/DATABASE_URL: must be a URL/);
  });

  it('when a value is empty, then it counts as unset', () => {
    expect(loadConfig({ NAME: z.string().default('x') }, { NAME: '' }).NAME).toBe('x');
  });

  const servers = { DATABASE_URL: 'postgres://db/crm', AMQP_URL: 'amqp://mq' };

  it('when production runs on the development internal secret, then start is refused', () => {
    const config = loadConfig(commonConfig, { NODE_ENV: 'production' });
    expect(() => assertProductionSafe(config, servers)).toThrow(/INTERNAL_TOKEN_SECRET/);
    const rotating = loadConfig(commonConfig, { NODE_ENV: 'production', INTERNAL_TOKEN_SECRET: `${'x'.repeat(40)},${DEV_INTERNAL_TOKEN_SECRET}` });
    expect(() => assertProductionSafe(rotating, servers)).toThrow(/INTERNAL_TOKEN_SECRET/);
    // The Kubernetes dev overlay's secret is published with the code: development only.
    const published = loadConfig(commonConfig, { NODE_ENV: 'production', INTERNAL_TOKEN_SECRET: 'dev-cluster-internal-token-secret-not-for-production' });
    expect(() => assertProductionSafe(published, servers)).toThrow(/INTERNAL_TOKEN_SECRET/);
    const safe = loadConfig(commonConfig, { NODE_ENV: 'production', INTERNAL_TOKEN_SECRET: 'x'.repeat(40) });
    expect(() => assertProductionSafe(safe, servers)).not.toThrow();
  });

  it('when production has a server URL unset or empty, then start is refused naming each one; in development the embedded default runs', () => {
    const production = loadConfig(commonConfig, { NODE_ENV: 'production', INTERNAL_TOKEN_SECRET: 'x'.repeat(40), DATABASE_URL: '', AMQP_URL: undefined });
    const refuse = () => assertProductionSafe(production, { DATABASE_URL: production.DATABASE_URL, AMQP_URL: production.AMQP_URL });
    expect(refuse).toThrow(ConfigError);
    expect(refuse).toThrow(/DATABASE_URL: must be set in production/);
    expect(refuse).toThrow(/AMQP_URL: must be set in production/);
    const development = loadConfig(commonConfig, {});
    expect(() => assertProductionSafe(development, { DATABASE_URL: undefined, AMQP_URL: undefined })).not.toThrow();
  });

  it('when INTERNAL_TOKEN_SECRET is a list, then each secret must be 32 characters or more', () => {
    expect(() => loadConfig(commonConfig, { INTERNAL_TOKEN_SECRET: `${'a'.repeat(32)},short` })).toThrow(/INTERNAL_TOKEN_SECRET: each secret/);
    expect(loadConfig(commonConfig, { INTERNAL_TOKEN_SECRET: `${'a'.repeat(32)},${'b'.repeat(32)}` }).INTERNAL_TOKEN_SECRET).toContain(',');
  });
});
