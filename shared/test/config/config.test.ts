import { z } from 'zod';
import { assertProductionSafe, commonConfig, ConfigError, loadConfig, port } from '../../src/config';

describe('loading configuration', () => {
  it('when nothing is set, then the embedded default applies (DESIGN §9)', () => {
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

  it('when production runs on the development internal secret, then start is refused', () => {
    const config = loadConfig(commonConfig, { NODE_ENV: 'production' });
    expect(() => assertProductionSafe(config)).toThrow(/INTERNAL_TOKEN_SECRET/);
    const safe = loadConfig(commonConfig, { NODE_ENV: 'production', INTERNAL_TOKEN_SECRET: 'x'.repeat(40) });
    expect(() => assertProductionSafe(safe)).not.toThrow();
  });
});
