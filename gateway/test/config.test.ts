import { ConfigError, devSigningKey, newSigningKey, privateKeyText } from '@crm/platform';
import { gatewayConfigShape, loadGatewayConfig, parseThrottleRates, startGateway } from '../src';

describe('gateway settings', () => {
  it('defaults match the deployment defaults of api-contract §2 and architecture §5', () => {
    const config = loadGatewayConfig({});
    expect(config.GATEWAY_PORT).toBe(8080);
    expect(config.METRICS_PORT).toBe(9464);
    expect(config.REDIS_URL).toBeUndefined(); // in-memory limits, no API-token cache
    expect(config.THROTTLE_RATES).toEqual({
      read: { limit: 1000, windowSeconds: 3600 },
      write: { limit: 200, windowSeconds: 3600 },
      anon: { limit: 20, windowSeconds: 60 },
      unauthenticated: { limit: 60, windowSeconds: 60 },
    });
    expect(config.API_TOKEN_CACHE_SECONDS).toBe(30);
    expect(config.TRUST_PROXY).toBe(false);
    expect(config.AUTH_SERVICE_URL).toBe('http://127.0.0.1:8081');
    expect(config.AUDIT_SERVICE_URL).toBe('http://127.0.0.1:8086');
  });

  it('every setting documents itself', () => {
    for (const [key, schema] of Object.entries(gatewayConfigShape)) {
      expect([key, schema.description]).toEqual([key, expect.any(String)]);
    }
  });

  it('THROTTLE_RATES takes second, minute, hour and day, and keeps the default of a bucket left out', () => {
    expect(parseThrottleRates('read=10/second, write=5/day')).toEqual({
      read: { limit: 10, windowSeconds: 1 },
      write: { limit: 5, windowSeconds: 86_400 },
      anon: { limit: 20, windowSeconds: 60 },
      unauthenticated: { limit: 60, windowSeconds: 60 },
    });
    expect(parseThrottleRates('anon=3/minute').anon).toEqual({ limit: 3, windowSeconds: 60 });
  });

  it.each([
    ['read=1000/fortnight', 'fortnight'],
    ['read=lots/hour', 'read=lots/hour'],
    ['read=0/hour', 'at least 1'],
    ['burst=5/second', 'burst'],
    ['read=5/hour,read=6/hour', 'twice'],
    ['read', 'read'],
    [',', 'at least one'],
  ])('a bad THROTTLE_RATES (%s) fails start naming the variable', async (value, problem) => {
    expect(() => loadGatewayConfig({ THROTTLE_RATES: value })).toThrow(ConfigError);
    const start = startGateway({ env: { THROTTLE_RATES: value }, port: 0 });
    await expect(start).rejects.toThrow(/THROTTLE_RATES/);
    await expect(start).rejects.toThrow(problem);
  });

  it.each([
    ['1', 1],
    ['2', 2],
    ['0', false],
    ['false', false],
    ['10.0.0.0/8,127.0.0.1', ['10.0.0.0/8', '127.0.0.1']],
    [' 10.0.0.0/8 , loopback, fd00::/8 ', ['10.0.0.0/8', 'loopback', 'fd00::/8']],
  ])('TRUST_PROXY=%s takes a number of proxies or their addresses and networks', (value, trusted) => {
    expect(loadGatewayConfig({ TRUST_PROXY: value }).TRUST_PROXY).toEqual(trusted);
  });

  it.each([
    ['true', 'X-Forwarded-For'],
    ['10.0.0.0/33', '10.0.0.0/33'],
    ['proxy.internal', 'proxy.internal'],
    ['10.0.0.1,', 'invalid IP address'],
    ['-1', '-1'],
  ])('a TRUST_PROXY of %s fails start naming the variable', async (value, problem) => {
    expect(() => loadGatewayConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
    const start = startGateway({ env: { TRUST_PROXY: value }, port: 0, metricsPort: 0 });
    await expect(start).rejects.toThrow(/TRUST_PROXY/);
    await expect(start).rejects.toThrow(problem);
  });

  it('CORS_ORIGINS is empty by default, and keeps each origin as a browser sends it', () => {
    expect(loadGatewayConfig({}).CORS_ORIGINS).toEqual([]);
    expect(loadGatewayConfig({ CORS_ORIGINS: ' https://App.Example.com , http://localhost:5173,https://admin.example.com:443/ ' }).CORS_ORIGINS).toEqual([
      'https://app.example.com',
      'http://localhost:5173',
      'https://admin.example.com',
    ]);
  });

  it.each(['*', 'app.example.com', 'https://app.example.com/path', 'https://app.example.com?x=1', 'ftp://app.example.com', 'https://user@app.example.com'])(
    'a CORS_ORIGINS entry %s that is not an origin fails start naming the variable',
    async (value) => {
      const start = startGateway({ env: { CORS_ORIGINS: `https://ok.example.com,${value}` }, port: 0, metricsPort: 0 });
      await expect(start).rejects.toThrow(/CORS_ORIGINS/);
      await expect(start).rejects.toThrow(`"${value}" is not an origin`);
    },
  );

  it('METRICS_PORT may not be the API port', () => {
    expect(() => loadGatewayConfig({ GATEWAY_PORT: '8080', METRICS_PORT: '8080' })).toThrow(/METRICS_PORT/);
    expect(loadGatewayConfig({ GATEWAY_PORT: '0', METRICS_PORT: '0' }).METRICS_PORT).toBe(0);
  });

  it('in production the development internal signing key is refused', () => {
    expect(() => loadGatewayConfig({ NODE_ENV: 'production', REDIS_URL: 'redis://:a-password@redis:6379' })).toThrow(/INTERNAL_SIGNING_KEY: must be set/);
    const published = `dev:${privateKeyText(devSigningKey('gateway').privateKey)}`;
    expect(() => loadGatewayConfig({ NODE_ENV: 'production', INTERNAL_SIGNING_KEY: published })).toThrow(/INTERNAL_SIGNING_KEY: a development key/);
    const derived = `k1:${privateKeyText(devSigningKey('gateway').privateKey)}`;
    expect(() => loadGatewayConfig({ NODE_ENV: 'production', INTERNAL_SIGNING_KEY: derived })).toThrow(/INTERNAL_SIGNING_KEY: a development key/);
  });

  it('in production REDIS_URL unset or empty is refused (per-process limits are for development), naming it', () => {
    const key = newSigningKey('k1').signingKey;
    expect(() => loadGatewayConfig({ NODE_ENV: 'production', INTERNAL_SIGNING_KEY: key })).toThrow(/REDIS_URL: must be set in production/);
    expect(() => loadGatewayConfig({ NODE_ENV: 'production', INTERNAL_SIGNING_KEY: key, REDIS_URL: '' })).toThrow(/REDIS_URL/);
    expect(loadGatewayConfig({ NODE_ENV: 'production', INTERNAL_SIGNING_KEY: key, REDIS_URL: 'redis://:a-password@redis:6379' }).REDIS_URL).toBe('redis://:a-password@redis:6379');
  });

  it('in production a REDIS_URL without a password is refused, naming it and why (issue 35)', () => {
    for (const url of ['redis://redis:6379', 'rediss://redis:6380', 'redis://default@redis:6379']) {
      expect(() => loadGatewayConfig({ NODE_ENV: 'production', REDIS_URL: url })).toThrow(/REDIS_URL: must carry a password in production/);
    }
    expect(() => loadGatewayConfig({ NODE_ENV: 'production', REDIS_URL: 'redis://default:a-password@redis:6379' })).not.toThrow(/REDIS_URL/);
    expect(loadGatewayConfig({ REDIS_URL: 'redis://redis:6379' }).REDIS_URL).toBe('redis://redis:6379');
  });
});
