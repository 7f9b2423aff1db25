import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { assertProductionSafe, commonConfig, loadConfig, productionSecretProblems, weakSecretReason } from '../../src/config';
import { problemsOf } from './problems-of';

/**
 * What production refuses at start besides unset servers (issue 35, docs/security.md §10.8): weak secrets, the
 * broker's guest user, a Redis without a password, links without PUBLIC_BASE_URL. Each refusal names the
 * setting and says why.
 */
const production = { NODE_ENV: 'production' as const, PUBLIC_BASE_URL: 'https://crm.example.com' };
const servers = { DATABASE_URL: 'postgres://crm:pw@db/crm', AMQP_URL: 'amqp://crm-leads:pw@mq:5672' };

describe('secrets with little entropy', () => {
  it.each([
    ['32 equal characters', 'a'.repeat(32)],
    ['two characters repeated', 'ab'.repeat(20)],
    ['seven distinct characters', 'abcdefg'.repeat(6)],
    ['32 digits (106 bits)', '01234567890123456789012345678901'],
  ])('when a secret is %s, then it is weak', (_what, secret) => {
    expect(weakSecretReason(secret)).toEqual(expect.any(String));
  });

  it('when a secret is random (openssl rand -hex 32 / -base64 32, 32 hex characters), then it is not weak', () => {
    for (let i = 0; i < 50; i += 1) {
      expect(weakSecretReason(randomBytes(32).toString('hex'))).toBeUndefined();
      expect(weakSecretReason(randomBytes(32).toString('base64'))).toBeUndefined();
      expect(weakSecretReason(randomBytes(16).toString('hex'))).toBeUndefined();
    }
  });

  it('when production has a weak secret, then start is refused naming the setting and why; development runs', () => {
    const shape = { ...commonConfig, SIGNING_KEY_SECRET: z.string().min(32).default('dev-only-signing-key-secret-change-me') };
    const weak = { ...production, SIGNING_KEY_SECRET: 'a'.repeat(32) };
    expect(problemsOf(() => assertProductionSafe(weak, servers, shape))).toEqual([expect.stringMatching(/^SIGNING_KEY_SECRET: has 1 distinct character .*not a random secret/)]);
    const builtIn = { ...production, SIGNING_KEY_SECRET: 'dev-only-signing-key-secret-change-me' };
    expect(problemsOf(() => assertProductionSafe(builtIn, servers, shape))).toEqual([expect.stringMatching(/^SIGNING_KEY_SECRET: must be set in production, to a secret of its own/)]);
    const strong = { ...production, SIGNING_KEY_SECRET: randomBytes(32).toString('hex') };
    expect(problemsOf(() => assertProductionSafe(strong, servers, shape))).toEqual([]);
    expect(problemsOf(() => assertProductionSafe({ ...weak, NODE_ENV: 'development' }, servers, shape))).toEqual([]);
  });

  it('when a new setting named …_SECRET appears, then it is checked by the same rule without being listed', () => {
    expect(productionSecretProblems({ WEBHOOK_SECRET: '0123456789'.repeat(3) + '01', OTHER: 'a'.repeat(32) })).toEqual([expect.stringMatching(/^WEBHOOK_SECRET: carries about \d+ bits \(at least 128/)]);
  });
});

describe('servers production refuses although set', () => {
  it("when AMQP_URL names the broker's guest user, or none (which means guest), then start is refused naming it", () => {
    for (const url of ['amqp://guest:guest@mq:5672', 'amqp://mq:5672', 'amqps://guest:s3cret@mq:5671']) {
      expect(problemsOf(() => assertProductionSafe(production, { ...servers, AMQP_URL: url }))).toEqual([
        expect.stringMatching(/^AMQP_URL: the broker's guest user .* is refused in production/),
      ]);
    }
    expect(problemsOf(() => assertProductionSafe({ ...production, NODE_ENV: 'development' }, { ...servers, AMQP_URL: 'amqp://guest:guest@mq' }))).toEqual([]);
  });

  it('when REDIS_URL carries no password, then start is refused naming it; with one it runs', () => {
    expect(problemsOf(() => assertProductionSafe(production, { REDIS_URL: 'redis://redis:6379' }))).toEqual([expect.stringMatching(/^REDIS_URL: must carry a password in production/)]);
    expect(problemsOf(() => assertProductionSafe(production, { REDIS_URL: 'redis://:a-password@redis:6379' }))).toEqual([]);
  });
});

describe('PUBLIC_BASE_URL', () => {
  it('when production leaves it unset, then start is refused naming it; in development the gateway’s local address stands in', () => {
    const unset = loadConfig(commonConfig, { NODE_ENV: 'production' });
    expect(problemsOf(() => assertProductionSafe(unset, servers))).toContainEqual(expect.stringMatching(/^PUBLIC_BASE_URL: must be set in production .*never with the request's Host/));
    const set = loadConfig(commonConfig, { NODE_ENV: 'production', PUBLIC_BASE_URL: 'https://crm.example.com' });
    expect(problemsOf(() => assertProductionSafe(set, servers)).filter((problem) => problem.startsWith('PUBLIC_BASE_URL'))).toEqual([]);
    expect(loadConfig(commonConfig, {}).PUBLIC_BASE_URL).toBeUndefined();
  });
});
