import { Verifier } from '@pact-foundation/pact';
import { type Caller, INTERNAL_TOKEN_HEADER, InternalTokenSigner, mintInternalToken } from '@crm/platform';
import { ALL_SCOPES } from '@crm/auth';
import { IMPORT_ENTITIES } from '@crm/import-export';
import type { RequestHandler } from 'express';
import { startTestSystem, type TestSystem } from '../../../test/support/system';
import { registerTenant } from '../../../test/support/tenants';
import { pactsNaming } from './pact-files';

/** The gateway's development key, as a service checks it without INTERNAL_TOKEN_PUBLIC_KEYS. */
const DEV_GATEWAY = new InternalTokenSigner('gateway');

/** Provider side of the HTTP contracts: each pact of an HTTP consumer, replayed against the real service. */
const httpPactsOf = (provider: string) => pactsNaming(provider, 'interactions');

describe('the internal HTTP endpoints their callers rely on', () => {
  let system: TestSystem;
  beforeAll(async () => {
    system = await startTestSystem();
  }, 60_000);
  afterAll(() => system.stop());

  /** Replaces the recorded internal token (long expired) with a fresh one for the provider, carrying `caller`. */
  const freshInternalToken =
    (audience: string, caller: Caller | null = null): RequestHandler =>
    (req, _res, next) => {
      mintInternalToken(DEV_GATEWAY, audience, caller).then((token) => {
        req.headers[INTERNAL_TOKEN_HEADER] = token;
        next();
      }, next);
    };

  it('auth answers the gateway’s API-token lookups', async () => {
    const pactUrls = httpPactsOf('auth');
    expect(pactUrls.length).toBe(1);
    await new Verifier({
      provider: 'auth',
      providerBaseUrl: system.services.auth!.url,
      pactUrls,
      logLevel: 'error',
      requestFilter: freshInternalToken('auth'),
      stateHandlers: {
        'a live API token with the scope leads:read': async () => {
          const admin = await registerTenant(system.api, 'Pact Ltd');
          const created = await system.api.post('/api/auth/api-tokens/', { name: 'pact', scopes: ['leads:read'] }, { token: admin.access });
          if (created.status !== 201) throw new Error(`create API token: ${created.status} ${created.text}`);
          return { token: created.body.token };
        },
      },
    }).verifyProvider();
  }, 120_000);

  it.each(IMPORT_ENTITIES)('%s validates and creates the rows import-export sends', async (entity) => {
    const pactUrls = httpPactsOf(entity);
    expect(pactUrls.length).toBe(1);
    const admin = await registerTenant(system.api, 'Importing Ltd');
    const importer: Caller = {
      userId: admin.userId,
      tenantId: admin.orgId,
      profileId: admin.profileId,
      role: 'admin',
      salesAccess: true,
      scopes: [...ALL_SCOPES],
      credential: { kind: 'user', id: admin.userId },
    };
    await new Verifier({
      provider: entity,
      providerBaseUrl: system.services[entity]!.url,
      pactUrls,
      logLevel: 'error',
      requestFilter: freshInternalToken(entity, importer),
    }).verifyProvider();
  }, 120_000);
});
