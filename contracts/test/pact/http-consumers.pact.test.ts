import { MatchersV3 as M, PactV3 } from '@pact-foundation/pact';
import { createLogger, DEV_INTERNAL_TOKEN_SECRET } from '@crm/shared';
import Redis from 'ioredis';
import { ApiTokenCache } from '../../../gateway/src/credentials/api-token-cache';
import { createApiTokenResolver } from '../../../gateway/src/credentials/api-token-resolver';
import { CONTRACT_FILES } from '../../src/contract-files';
import { API_TOKEN_LOOKUP, INTERNAL_TOKEN, LIVE_API_TOKEN } from './http-expectations';

/**
 * Consumer side of the HTTP contract between the gateway and auth: the gateway's real API-token
 * resolver calls Pact's mock of auth (no cache, so every lookup is a call).
 */
describe('the gateway resolving API tokens through auth', () => {
  const redis = new Redis(process.env.REDIS_URL!, { lazyConnect: true });
  const logger = createLogger('gateway', 'silent');
  const pact = new PactV3({ consumer: 'gateway', provider: 'auth', dir: CONTRACT_FILES.pacts, logLevel: 'error' });
  const resolverFor = (url: string) =>
    createApiTokenResolver({
      resolveUrl: `${url}${API_TOKEN_LOOKUP}`,
      internalTokenSecret: DEV_INTERNAL_TOKEN_SECRET,
      fetch,
      cache: new ApiTokenCache(redis, 0, logger),
      logger,
    });
  afterAll(() => redis.disconnect());

  it('gets the caller of a live API token', async () => {
    pact
      .given('a live API token with the scope leads:read')
      .uponReceiving('a lookup of a live API token')
      .withRequest({
        method: 'POST',
        path: API_TOKEN_LOOKUP,
        headers: { 'content-type': 'application/json', 'x-crm-internal-token': INTERNAL_TOKEN },
        body: { token: M.fromProviderState('${token}', LIVE_API_TOKEN) },
      })
      .willRespondWith({
        status: 200,
        body: {
          caller: {
            userId: M.uuid(),
            tenantId: M.uuid(),
            profileId: M.uuid(),
            role: M.regex('^(admin|member)$', 'admin'),
            salesAccess: M.boolean(true),
            scopes: M.eachLike('leads:read'),
            credential: { kind: 'api_token', id: M.uuid() },
          },
        },
      });
    await pact.executeTest(async (auth) => {
      const caller = await resolverFor(auth.url)(LIVE_API_TOKEN);
      expect(caller).toMatchObject({ role: 'admin', scopes: ['leads:read'], credential: { kind: 'api_token' } });
    });
  });

  it('is told an unknown API token is not valid', async () => {
    pact
      .uponReceiving('a lookup of an unknown API token')
      .withRequest({
        method: 'POST',
        path: API_TOKEN_LOOKUP,
        headers: { 'content-type': 'application/json', 'x-crm-internal-token': INTERNAL_TOKEN },
        body: { token: 'crm_pat_unknown0000000000000000000000000000000' },
      })
      .willRespondWith({ status: 401 });
    await pact.executeTest(async (auth) => {
      await expect(resolverFor(auth.url)('crm_pat_unknown0000000000000000000000000000000')).rejects.toMatchObject({ status: 401 });
    });
  });
});
