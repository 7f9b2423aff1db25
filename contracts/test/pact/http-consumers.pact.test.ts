import { MatchersV3 as M, PactV3 } from '@pact-foundation/pact';
import { createLogger, GATEWAY_ISSUER, InternalTokenSigner } from '@crm/platform';
import { importCreated, importRefused, importReport, internalImportPaths } from '@crm/records';
import { IMPORT_ENTITIES } from '@crm/import-export';
import Redis from 'ioredis';
import { ApiTokenCache } from '../../../gateway/src/credentials/api-token-cache';
import { createApiTokenResolver } from '../../../gateway/src/credentials/api-token-resolver';
import { UnknownApiTokens } from '../../../gateway/src/credentials/unknown-api-tokens';
import type { ImportExportConfig } from '../../../services/import-export/src/config';
import { OwningServices } from '../../../services/import-export/src/owning/owning-services';
import { CONTRACT_FILES } from '../../src/contract-files';
import { executeRecorded } from './execute-recorded';
import { API_TOKEN_LOOKUP, IMPORTING_ADMIN, INTERNAL_TOKEN, LIVE_API_TOKEN } from './http-expectations';

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
      signer: new InternalTokenSigner(GATEWAY_ISSUER),
      fetch,
      cache: new ApiTokenCache(redis, 0, logger, ['a-secret-of-the-api-token-cache']),
      // A resolver of its own each time, remembering nothing yet: every lookup is a call.
      unknownTokens: new UnknownApiTokens(undefined, logger),
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
    await executeRecorded(pact, async (auth) => {
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
    await executeRecorded(pact, async (auth) => {
      await expect(resolverFor(auth.url)('crm_pat_unknown0000000000000000000000000000000')).rejects.toMatchObject({ status: 401 });
    });
  });
});

/**
 * Consumer side of the HTTP contract between import-export and the services owning imported records:
 * import-export's real client of their internal endpoints calls Pact's mock of each.
 */
describe.each(IMPORT_ENTITIES)('import-export validating and creating %s through their service', (entity) => {
  const provider = entity; // the service owning the entity has its name
  const pact = new PactV3({ consumer: 'import-export', provider, dir: CONTRACT_FILES.pacts, logLevel: 'error' });
  const paths = internalImportPaths(entity);
  const owning = (url: string) =>
    new OwningServices({ LEADS_SERVICE_URL: url, CONTACTS_SERVICE_URL: url } as ImportExportConfig);
  const header = ['first_name', 'last_name', 'email'];
  const rowError = { row: M.integer(1), field: M.string('email'), message: M.string('Enter a valid e-mail address.') };
  const request = (path: string, rows: string[][]) => ({
    method: 'POST' as const,
    path,
    headers: { 'content-type': 'application/json', 'x-crm-internal-token': INTERNAL_TOKEN },
    body: { header, rows },
  });

  it('gets a report naming every bad cell', async () => {
    pact
      .uponReceiving(`a preview of ${entity} with a bad e-mail`)
      .withRequest(request(paths.validate, [['Ada', 'Lovelace', 'ada@example.com'], ['Bob', 'Smith', 'not an e-mail']]))
      .willRespondWith({
        status: 200,
        body: { header_error: null, summary: { total: M.integer(2), valid: M.integer(1), invalid: M.integer(1) }, errors: M.eachLike(rowError) },
      });
    await executeRecorded(pact, async (service) => {
      const answer = await owning(service.url).request(entity, IMPORTING_ADMIN, paths.validate, { method: 'POST', body: { header, rows: [['Ada', 'Lovelace', 'ada@example.com'], ['Bob', 'Smith', 'not an e-mail']] } });
      expect(importReport.parse(await answer.json()).summary).toEqual({ total: 2, valid: 1, invalid: 1 });
    });
  });

  it('creates every row of a good file', async () => {
    pact
      .uponReceiving(`a commit of good ${entity}`)
      .withRequest(request(paths.commit, [['Ada', 'Lovelace', 'ada@example.com']]))
      .willRespondWith({ status: 201, body: { created: M.integer(1), ids: M.eachLike(M.uuid()) } });
    await executeRecorded(pact, async (service) => {
      const answer = await owning(service.url).request(entity, IMPORTING_ADMIN, paths.commit, { method: 'POST', body: { header, rows: [['Ada', 'Lovelace', 'ada@example.com']] } });
      expect(answer.status).toBe(201);
      expect(importCreated.parse(await answer.json()).created).toBe(1);
    });
  });

  it('is refused a file with a bad cell, whole', async () => {
    pact
      .uponReceiving(`a commit of ${entity} with a bad e-mail`)
      .withRequest(request(paths.commit, [['Bob', 'Smith', 'not an e-mail']]))
      .willRespondWith({ status: 400, body: { error: true, header_error: null, errors: M.eachLike(rowError), created: 0 } });
    await executeRecorded(pact, async (service) => {
      const answer = await owning(service.url).request(entity, IMPORTING_ADMIN, paths.commit, { method: 'POST', body: { header, rows: [['Bob', 'Smith', 'not an e-mail']] } });
      expect(answer.status).toBe(400);
      expect(importRefused.parse(await answer.json()).errors[0]).toMatchObject({ row: 1, field: 'email' });
    });
  });
});
