import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { amqpTlsOptions, commonConfig, loadConfig } from '../../src/config';
import { redisTlsConfig, redisTlsOptions } from '../../src/config/tls';
import { problemsOf } from './problems-of';

/**
 * The TLS settings (docs/operations.md §16), read when a process starts: what would not verify the server, or would
 * quietly not use TLS, stops it, naming the setting. The connections themselves: system/test/tls-connections.test.ts.
 */
let dir: string;
let pem: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'crm-tls-settings-'));
  pem = join(dir, 'ca.crt');
  writeFileSync(pem, '-----BEGIN CERTIFICATE-----\nnot checked further here\n-----END CERTIFICATE-----\n');
  writeFileSync(join(dir, 'empty.crt'), '');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const database = (query: string) => problemsOf(() => loadConfig(commonConfig, { DATABASE_URL: `postgres://crm@db:5432/crm${query}` }));

describe('DATABASE_URL', () => {
  it('when it asks for verify-full with a CA file (and a client certificate), or disables TLS, or says nothing, then it is taken', () => {
    expect(database(`?sslmode=verify-full&sslrootcert=${pem}`)).toEqual([]);
    expect(database(`?sslmode=verify-full&sslrootcert=${pem}&sslcert=${pem}&sslkey=${pem}`)).toEqual([]);
    expect(database('?sslmode=verify-full')).toEqual([]);
    expect(database('?sslmode=disable')).toEqual([]);
    expect(database('')).toEqual([]);
  });

  it.each(['require', 'verify-ca', 'prefer', 'allow'])('when sslmode=%s (libpq would not check the certificate or its name), then the start is refused', (mode) => {
    expect(database(`?sslmode=${mode}&sslrootcert=${pem}`)).toEqual([expect.stringMatching(new RegExp(`^DATABASE_URL: sslmode=${mode} is refused: .*use sslmode=verify-full`))]);
  });

  it("when sslmode=no-verify (node-postgres's switch to turn the check off), then the start is refused", () => {
    expect(database('?sslmode=no-verify')).toEqual([expect.stringMatching(/^DATABASE_URL: sslmode=no-verify is refused: it turns the certificate check off/)]);
  });

  it('when a CA file is given without sslmode=verify-full (pg_dump would then not verify), then the start is refused', () => {
    expect(database(`?sslrootcert=${pem}`)).toEqual([expect.stringMatching(/^DATABASE_URL: sslrootcert without sslmode=verify-full/)]);
  });

  it('when a file it names is missing or holds no PEM, then the start is refused naming it', () => {
    expect(database(`?sslmode=verify-full&sslrootcert=${join(dir, 'missing.crt')}`)).toEqual([expect.stringMatching(/^DATABASE_URL: sslrootcert: .*missing\.crt cannot be read \(ENOENT\)/)]);
    expect(database(`?sslmode=verify-full&sslrootcert=${pem}&sslkey=${join(dir, 'empty.crt')}`)).toEqual([expect.stringMatching(/^DATABASE_URL: sslkey: .*empty\.crt holds no PEM block/)]);
  });
});

describe('AMQP_CA_FILE, AMQP_CERT_FILE, AMQP_KEY_FILE', () => {
  const amqp = (env: Record<string, string>) => amqpTlsOptions(loadConfig(commonConfig, env));

  it('when AMQP_URL is amqps://, then the broker connection trusts the CA file and presents the client certificate', () => {
    const options = amqp({ AMQP_URL: 'amqps://crm-leads:pw@mq:5671', AMQP_CA_FILE: pem, AMQP_CERT_FILE: pem, AMQP_KEY_FILE: pem });
    expect(options).toEqual({ ca: expect.any(Buffer), cert: expect.any(Buffer), key: expect.any(Buffer) });
    expect(options).not.toHaveProperty('rejectUnauthorized');
    // Without a file: TLS on the system's CAs.
    expect(amqp({ AMQP_URL: 'amqps://crm-leads:pw@mq:5671' })).toEqual({});
    expect(amqp({ AMQP_URL: 'amqp://crm-leads:pw@mq:5672' })).toBeUndefined();
  });

  it('when a file is set for an amqp:// URL (TLS meant, a plain connection made), then the start is refused', () => {
    expect(problemsOf(() => amqp({ AMQP_URL: 'amqp://crm-leads:pw@mq:5672', AMQP_CA_FILE: pem }))).toEqual([
      'AMQP_CA_FILE: set, but AMQP_URL is not amqps://…, so the connection would not use TLS',
    ]);
  });

  it('when a client certificate comes without its key, or a file cannot be read, then the start is refused naming the setting', () => {
    expect(problemsOf(() => amqp({ AMQP_URL: 'amqps://crm-leads:pw@mq:5671', AMQP_CERT_FILE: pem }))).toEqual(['AMQP_CERT_FILE, AMQP_KEY_FILE: a client certificate needs both']);
    expect(problemsOf(() => amqp({ AMQP_URL: 'amqps://crm-leads:pw@mq:5671', AMQP_CA_FILE: join(dir, 'missing.crt') }))).toEqual([
      expect.stringMatching(/^AMQP_CA_FILE: .*missing\.crt cannot be read \(ENOENT\)/),
    ]);
  });
});

describe('REDIS_CA_FILE, REDIS_CERT_FILE, REDIS_KEY_FILE', () => {
  const redis = (env: Record<string, string>) => redisTlsOptions({ ...loadConfig(redisTlsConfig, env), REDIS_URL: env.REDIS_URL });

  it('when REDIS_URL is rediss://, then the connection trusts the CA file; a file set for redis:// is refused', () => {
    expect(redis({ REDIS_URL: 'rediss://:pw@redis:6380', REDIS_CA_FILE: pem })).toEqual({ ca: expect.any(Buffer) });
    expect(redis({ REDIS_URL: 'redis://:pw@redis:6379' })).toBeUndefined();
    expect(problemsOf(() => redis({ REDIS_URL: 'redis://:pw@redis:6379', REDIS_CA_FILE: pem, REDIS_KEY_FILE: pem }))).toEqual([
      'REDIS_CA_FILE, REDIS_KEY_FILE: set, but REDIS_URL is not rediss://…, so the connection would not use TLS',
      'REDIS_CERT_FILE, REDIS_KEY_FILE: a client certificate needs both',
    ]);
  });
});
