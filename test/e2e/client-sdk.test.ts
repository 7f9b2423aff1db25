import { CrmApiError, CrmClient, CrmPreconditionFailedError } from '@crm/client';
import { startTestSystem, type TestSystem } from '../support/system';
import { PASSWORD, uniqueEmail } from '../support/tenants';

/**
 * The TypeScript client (clients/typescript, `@crm/client`) against the whole system, as an integrator
 * uses it: register, create and page through leads, convert, merge, export; and what it does for its caller
 * on the real gateway: waits out 429s, refreshes a refused access token, repeats a write whose answer was
 * lost under its Idempotency-Key, and sends If-Match. The limits are per second, so that a burst meets a
 * 429 with `Retry-After: 1`, short enough to wait out; every call of the flow goes through the client, which
 * waits out the 429s it meets too.
 */
const READS_PER_SECOND = 10;
const LIMITS = { THROTTLE_RATES: `read=${READS_PER_SECOND}/second,write=5/second,anon=1000/minute,unauthenticated=1000/minute` };

interface Exchange {
  request: Request;
  response: Response;
}

let system: TestSystem;
let crm: CrmClient;
let email: string;
/** Every request `crm` sent and its answer, retries and refreshes included. */
const exchanges: Exchange[] = [];

async function recordedFetch(request: Request): Promise<Response> {
  const response = await fetch(request);
  exchanges.push({ request, response });
  return response;
}

beforeAll(async () => {
  system = await startTestSystem(LIMITS);
  crm = new CrmClient({ baseUrl: system.gatewayUrl, fetch: recordedFetch });
  email = uniqueEmail('client');
  const { data } = await crm.POST('/api/auth/register/', { body: { org_name: 'Client SDK', email, password: PASSWORD } });
  crm.tokens = data;
});
afterAll(() => system.stop());

/** What `crm` sent from `mark` (an earlier `exchanges.length`) on. */
const exchangesSince = (mark: number) => exchanges.slice(mark);

async function createLead(body: { first_name: string; last_name?: string; company_name?: string; tags?: string[] }) {
  return (await crm.POST('/api/leads/', { body })).data;
}

/** The same user logged in once more, as on another device: a client of its own, with ETags of its own. */
async function anotherSession(): Promise<CrmClient> {
  const other = new CrmClient({ baseUrl: system.gatewayUrl });
  const { data } = await other.POST('/api/auth/login/', { body: { email, password: PASSWORD } });
  other.tokens = data;
  return other;
}

/** An access token whose signature is not the issuer's: refused like an expired one. */
function tampered(token: string): string {
  const [header, payload, signature] = token.split('.');
  return [header, payload, [...signature!].reverse().join('')].join('.');
}

/** A record a pending conversion is making, read once it is made: its 404s for up to 30 s, as a client would wait them out. */
async function readOnceMade<T>(get: () => Promise<T>): Promise<T> {
  for (const deadline = Date.now() + 30_000; ; ) {
    try {
      return await get();
    } catch (error) {
      if (!(error instanceof CrmApiError && error.status === 404) || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

describe('a flow through the client', () => {
  it('when leads fill several pages, then paginate yields each exactly once, following next links that carry a cursor', async () => {
    const created: string[] = [];
    for (let i = 0; i < 7; i += 1) created.push((await createLead({ first_name: `Paged ${i}`, tags: ['paged'] })).id);
    const mark = exchanges.length;

    const seen: string[] = [];
    for await (const lead of crm.paginate('/api/leads/', { params: { query: { tags: 'paged', page_size: '2' } } })) seen.push(lead.id);

    expect(seen).toHaveLength(created.length);
    expect([...seen].sort()).toEqual([...created].sort());
    const pages = exchangesSince(mark).filter(({ response }) => response.ok).map(({ request }) => new URL(request.url));
    expect(pages).toHaveLength(4);
    expect(pages.slice(1).every((url) => url.searchParams.has('cursor'))).toBe(true);
  });

  it('when a lead is converted, then the account and the contact it made are read through the client', async () => {
    const person = { first_name: 'Ada', last_name: 'Lovelace', company_name: 'Analytical Engines' };
    const { id } = await createLead(person);
    const { data: converted } = await crm.PUT('/api/leads/{id}/', { params: { path: { id } }, body: { ...person, status: 'converted' } });
    if (!('account_id' in converted)) throw new Error(`a conversion answers the ids it made: ${JSON.stringify(converted)}`);
    expect(converted).toMatchObject({ status: 'converted', conversion_status: expect.stringMatching(/^(completed|pending)$/) });
    // "pending" after the bounded wait (api-contract §4, on a loaded machine): the records come; a client reads them until they do.
    const read = converted.conversion_status === 'completed' ? <T>(get: () => Promise<T>) => get() : readOnceMade;
    const { data: account } = await read(() => crm.GET('/api/accounts/{id}/', { params: { path: { id: converted.account_id! } } }));
    expect(account.name).toBe('Analytical Engines');
    const { data: contact } = await read(() => crm.GET('/api/contacts/{id}/', { params: { path: { id: converted.contact_id! } } }));
    expect(contact).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace', account: { id: converted.account_id }, lead_ids: [id] });
  });

  it('when two leads are merged, then the keeper answers and the merged-away lead is a 404 CrmApiError', async () => {
    const keeper = await createLead({ first_name: 'Keeper' });
    const other = await createLead({ first_name: 'Merged', company_name: 'Merged Ltd' });
    const { data: kept } = await crm.POST('/api/leads/{id}/merge/', { params: { path: { id: keeper.id } }, body: { merge_id: other.id } });
    expect(kept).toMatchObject({ id: keeper.id, first_name: 'Keeper', company_name: 'Merged Ltd' });

    const gone = await crm.GET('/api/leads/{id}/', { params: { path: { id: other.id } } }).catch((error: unknown) => error);
    expect(gone).toBeInstanceOf(CrmApiError);
    expect(gone).toMatchObject({ status: 404, body: { detail: expect.any(String) } });
  });

  it('when the leads are exported, then the CSV has a row for each lead the list has', async () => {
    const { data: csv, response } = await crm.GET('/api/leads/export/', { parseAs: 'text' });
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    const exported = csv.trimEnd().split('\r\n').slice(1).map((row) => row.split(',')[0]);

    const listed: string[] = [];
    for await (const lead of crm.paginate('/api/leads/', { params: { query: { page_size: '100' } } })) listed.push(lead.id);
    // The seven paged leads, the converted one and the merge's keeper.
    expect(listed).toHaveLength(9);
    expect(exported.sort()).toEqual(listed.sort());
  });
});

describe('what the client does for its caller against the gateway', () => {
  it('when a burst of reads passes the rate limit, then each 429 is waited out as its Retry-After says and every read is answered', async () => {
    // More than two windows take: some are refused even when the burst starts at the end of a window.
    const burst = 2 * READS_PER_SECOND + 1;
    const mark = exchanges.length;
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: burst }, () => crm.GET('/api/auth/me/')));

    expect(answers.map(({ data }) => data.user.email)).toEqual(Array(burst).fill(email));
    const refused = exchangesSince(mark).filter(({ response }) => response.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every(({ response }) => Number(response.headers.get('retry-after')) >= 1)).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
  });

  it('when the access token is refused as token_not_valid, then requests at once share one refresh and are repeated with the new token', async () => {
    const before = crm.tokens!;
    const refusedToken = tampered(before.access);
    const direct = await fetch(`${system.gatewayUrl}/api/auth/me/`, { headers: { authorization: `Bearer ${refusedToken}` } });
    expect(direct.status).toBe(401);
    expect(await direct.json()).toMatchObject({ code: 'token_not_valid' });

    crm.tokens = { access: refusedToken, refresh: before.refresh };
    const mark = exchanges.length;
    const answers = await Promise.all([crm.GET('/api/auth/me/'), crm.GET('/api/leads/'), crm.GET('/api/auth/me/')]);

    expect(answers.every(({ response }) => response.ok)).toBe(true);
    const sent = exchangesSince(mark);
    expect(sent.filter(({ response }) => response.status === 401)).toHaveLength(3);
    expect(sent.filter(({ request }) => new URL(request.url).pathname === '/api/auth/refresh-token/')).toHaveLength(1);
    expect(crm.tokens).toEqual({ access: expect.any(String), refresh: expect.any(String) });
    expect(crm.tokens!.access).not.toBe(before.access);
    expect(crm.tokens!.refresh).not.toBe(before.refresh);
  });

  it('when the answer to a write is lost, then the client sends it again with its Idempotency-Key and the server does it once', async () => {
    const sent: Request[] = [];
    let answerLost = false;
    const flaky = new CrmClient({
      baseUrl: system.gatewayUrl,
      tokens: { access: crm.tokens!.access },
      fetch: async (request) => {
        sent.push(request);
        const response = await fetch(request);
        if (request.method === 'POST' && !answerLost) {
          answerLost = true;
          throw new TypeError('fetch failed: the connection closed before the answer');
        }
        return response;
      },
    });
    const leadEmail = uniqueEmail('lost-answer');
    const { data: lead, response } = await flaky.POST('/api/leads/', { body: { first_name: 'Lost', email: leadEmail } });

    expect(response.status).toBe(201);
    expect(response.headers.get('idempotent-replayed')).toBe('true');
    expect(sent).toHaveLength(2);
    expect(sent[1]!.headers.get('idempotency-key')).toBe(sent[0]!.headers.get('idempotency-key'));
    const { data: found } = await crm.GET('/api/leads/', { params: { query: { search: leadEmail } } });
    expect(found.results.map(({ id }) => id)).toEqual([lead.id]);
  });

  it('when another session changed a lead since this client saw it, then the change is a CrmPreconditionFailedError with the current ETag', async () => {
    const { id } = await createLead({ first_name: 'Shared' });
    const lead = { params: { path: { id } } };
    const other = await anotherSession();
    const { response: changedElsewhere } = await other.PATCH('/api/leads/{id}/', { ...lead, body: { title: 'Changed elsewhere' } });

    const refused = await crm.PATCH('/api/leads/{id}/', { ...lead, body: { title: 'Changed here' } }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(CrmPreconditionFailedError);
    expect(refused).toMatchObject({ status: 412, currentETag: changedElsewhere.headers.get('etag') });
    expect((await crm.GET('/api/leads/{id}/', lead)).data.title).toBe('Changed elsewhere');

    // Read again (the GET above): the change now names the current version and is made.
    const { data: changed } = await crm.PATCH('/api/leads/{id}/', { ...lead, body: { title: 'Changed here' } });
    expect(changed).toMatchObject({ title: 'Changed here' });
  });
});
