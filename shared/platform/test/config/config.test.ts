import { z } from 'zod';
import { devSigningKey, newSigningKey, privateKeyText, publicKeyText } from '../../src/auth-context';
import { assertProductionSafe, commonConfig, ConfigError, loadConfig, port } from '../../src/config';

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

  const servers = { DATABASE_URL: 'postgres://db/crm', AMQP_URL: 'amqp://crm-audit:a-password@mq' };

  /** Internal-token keys of production's own: a key pair made now, the public key listed under its issuer. */
  const ownKeys = () => {
    const { signingKey, publicKey } = newSigningKey('leads-1');
    return { INTERNAL_SIGNING_KEY: signingKey, INTERNAL_TOKEN_PUBLIC_KEYS: JSON.stringify({ leads: { 'leads-1': publicKey } }) };
  };

  it('when production runs on the development internal-token keys, then start is refused naming the setting', () => {
    const unset = loadConfig(commonConfig, { NODE_ENV: 'production' });
    expect(() => assertProductionSafe(unset, servers)).toThrow(/INTERNAL_SIGNING_KEY: must be set in production/);
    expect(() => assertProductionSafe(unset, servers)).toThrow(/INTERNAL_TOKEN_PUBLIC_KEYS: must be set in production/);
    const devPublic = JSON.stringify({ gateway: { dev: publicKeyText(devSigningKey('gateway').publicKey) } });
    const withDevPublic = loadConfig(commonConfig, { NODE_ENV: 'production', ...ownKeys(), INTERNAL_TOKEN_PUBLIC_KEYS: devPublic });
    expect(() => assertProductionSafe(withDevPublic, servers)).toThrow(/INTERNAL_TOKEN_PUBLIC_KEYS: holds a development key/);
    // The development key of an issuer under any other key id is still the development key.
    const derived = loadConfig(commonConfig, { NODE_ENV: 'production', ...ownKeys(), INTERNAL_SIGNING_KEY: `leads-2:${privateKeyText(devSigningKey('leads').privateKey)}` });
    expect(() => assertProductionSafe(derived, servers)).toThrow(/INTERNAL_SIGNING_KEY: a development key/);
    const published = loadConfig(commonConfig, { NODE_ENV: 'production', ...ownKeys(), INTERNAL_SIGNING_KEY: `cluster-not-for-production:${privateKeyText(devSigningKey('x').privateKey)}` });
    expect(() => assertProductionSafe(published, servers)).toThrow(/INTERNAL_SIGNING_KEY: a development key/);
    const safe = loadConfig(commonConfig, { NODE_ENV: 'production', ...ownKeys() });
    expect(() => assertProductionSafe(safe, servers)).not.toThrow(/INTERNAL_/);
  });

  it('when an internal-token key setting is not a key, then start fails naming it', () => {
    expect(() => loadConfig(commonConfig, { INTERNAL_SIGNING_KEY: 'a-shared-secret-of-old-0123456789abcdef' })).toThrow(/INTERNAL_SIGNING_KEY: each key must be/);
    expect(() => loadConfig(commonConfig, { INTERNAL_SIGNING_KEY: 'k1:bm90IGEga2V5' })).toThrow(/INTERNAL_SIGNING_KEY: key k1/);
    expect(() => loadConfig(commonConfig, { INTERNAL_TOKEN_PUBLIC_KEYS: 'gateway=abc' })).toThrow(/INTERNAL_TOKEN_PUBLIC_KEYS: must be JSON/);
    expect(() => loadConfig(commonConfig, { INTERNAL_TOKEN_PUBLIC_KEYS: '{"gateway": {"k1": "bm90IGEga2V5"}}' })).toThrow(/INTERNAL_TOKEN_PUBLIC_KEYS: gateway k1/);
  });

  it('when production has a server URL unset or empty, then start is refused naming each one; in development the embedded default runs', () => {
    const production = loadConfig(commonConfig, { NODE_ENV: 'production', ...ownKeys(), DATABASE_URL: '', AMQP_URL: undefined });
    const refuse = () => assertProductionSafe(production, { DATABASE_URL: production.DATABASE_URL, AMQP_URL: production.AMQP_URL });
    expect(refuse).toThrow(ConfigError);
    expect(refuse).toThrow(/DATABASE_URL: must be set in production/);
    expect(refuse).toThrow(/AMQP_URL: must be set in production/);
    const development = loadConfig(commonConfig, {});
    expect(() => assertProductionSafe(development, { DATABASE_URL: undefined, AMQP_URL: undefined })).not.toThrow();
  });

});
