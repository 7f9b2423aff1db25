import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CrmApiError, CrmClient, CrmPreconditionFailedError, type CrmClientOptions, type CrmNotModified, type Tokens } from '@crm/client';

/**
 * The client's behaviour on top of the typed calls, against a fake fetch that answers as the gateway
 * would: retries and their bounds, Idempotency-Key, token refresh, If-Match, errors, pagination. The same
 * behaviours against the real system: test/e2e/client-sdk.test.ts.
 */
const BASE = 'https://crm.test';
const LEAD_ID = '0b6f3c1e-8d5a-4c1b-9a77-3f2e1d0c9b8a';
const OTHER_ID = '1c7a4d2f-9e6b-4d2c-8b88-4a3f2e1d0c9b';

interface Sent {
  method: string;
  path: string;
  headers: Headers;
  body: string;
}

/** A fake gateway: `answer` is asked for each request, in order; every request is kept in `sent`. */
function fakeGateway(answer: (request: Request, sent: Sent[]) => Response | Promise<Response>) {
  const sent: Sent[] = [];
  const fetch = async (request: Request) => {
    sent.push({ method: request.method, path: new URL(request.url).pathname + new URL(request.url).search, headers: request.headers, body: await request.clone().text() });
    return answer(request, sent);
  };
  return { sent, fetch };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const LEAD = { id: LEAD_ID, first_name: 'Ada' };

function client(fetch: (request: Request) => Promise<Response>, options: Partial<CrmClientOptions> = {}) {
  return new CrmClient({ baseUrl: BASE, tokens: { access: 'access-1', refresh: 'refresh-1' }, fetch, retry: { backoffMs: 1 }, ...options });
}

const readLead = (crm: CrmClient) => crm.GET('/api/leads/{id}/', { params: { path: { id: LEAD_ID } } });
const renameLead = (crm: CrmClient, first_name = 'Ada') => crm.PATCH('/api/leads/{id}/', { params: { path: { id: LEAD_ID } }, body: { first_name } });

describe('back-off on 429 and 503', () => {
  it('when a 429 says Retry-After, then the request waits that long and goes again', async () => {
    const gateway = fakeGateway((_request, sent) => (sent.length === 1 ? json(429, { detail: 'Slow down.', retry_after: 1 }, { 'retry-after': '1' }) : json(200, LEAD)));
    const started = Date.now();
    const { data } = await readLead(client(gateway.fetch));
    expect(data).toEqual(LEAD);
    expect(gateway.sent).toHaveLength(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(990);
  });

  it('when every answer is a 503, then the client stops after its attempts and throws the last one', async () => {
    const gateway = fakeGateway(() => json(503, { detail: 'Unavailable.' }, { 'retry-after': '0' }));
    const error = await readLead(client(gateway.fetch, { retry: { attempts: 3 } })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CrmApiError);
    expect(error).toMatchObject({ status: 503, body: { detail: 'Unavailable.' }, retryAfterSeconds: 0 });
    expect(gateway.sent).toHaveLength(3);
  });

  it('when Retry-After is longer than the client waits, then the 429 is thrown at once', async () => {
    const gateway = fakeGateway(() => json(429, { detail: 'Slow down.', retry_after: 3000 }, { 'retry-after': '3000' }));
    const error = await readLead(client(gateway.fetch)).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 429, retryAfterSeconds: 3000 });
    expect(gateway.sent).toHaveLength(1);
  });

  it('when an answer is an error not worth repeating, then it is thrown with the contract body and not sent again', async () => {
    const errors = { first_name: 'Ensure this field has no more than 255 characters.' };
    const gateway = fakeGateway(() => json(400, { error: true, errors }));
    const error = await renameLead(client(gateway.fetch)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CrmApiError);
    expect(error).toMatchObject({ status: 400, body: { error: true, errors }, message: expect.stringContaining(`PATCH /api/leads/${LEAD_ID}/: 400`) });
    expect(gateway.sent).toHaveLength(1);
  });
});

describe('Idempotency-Key', () => {
  it('when the answer to a write is lost, then the write goes again with the same key; a read gets none', async () => {
    const gateway = fakeGateway((_request, sent) => {
      if (sent.length === 1) throw new TypeError('fetch failed');
      return json(201, LEAD, { location: `/api/leads/${LEAD_ID}/` });
    });
    const crm = client(gateway.fetch);
    await crm.POST('/api/leads/', { body: { first_name: 'Ada' } });
    const [first, again] = gateway.sent;
    expect(first!.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(again!.headers.get('idempotency-key')).toBe(first!.headers.get('idempotency-key'));
    expect(again!.body).toBe(JSON.stringify({ first_name: 'Ada' }));

    await readLead(crm);
    expect(gateway.sent[2]!.headers.has('idempotency-key')).toBe(false);
  });

  it('when an upload is sent again, then its file goes again whole, under the same key', async () => {
    const gateway = fakeGateway((_request, sent) => {
      if (sent.length === 1) throw new TypeError('fetch failed');
      return json(201, { created: 1, ids: [LEAD_ID] });
    });
    const { data } = await client(gateway.fetch).POST('/api/leads/import/commit/', {
      body: { file: 'first_name\r\nAda\r\n' },
      bodySerializer: (body) => {
        const form = new FormData();
        form.append('file', new Blob([body.file], { type: 'text/csv' }), 'leads.csv');
        return form;
      },
    });
    expect(data).toEqual({ created: 1, ids: [LEAD_ID] });
    const [first, again] = gateway.sent;
    expect(again!.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    expect(again!.body).toContain('filename="leads.csv"');
    expect(again!.body).toContain('first_name\r\nAda\r\n');
    expect(again!.headers.get('idempotency-key')).toBe(first!.headers.get('idempotency-key'));
  });

  it('when the caller gives a key, then it is the one sent', async () => {
    const gateway = fakeGateway(() => json(201, LEAD));
    await client(gateway.fetch).POST('/api/leads/', { body: { first_name: 'Ada' }, headers: { 'Idempotency-Key': 'my-key' } });
    expect(gateway.sent[0]!.headers.get('idempotency-key')).toBe('my-key');
  });

  it('when the network fails on every try, then the network error is thrown after the attempts', async () => {
    const gateway = fakeGateway(() => {
      throw new TypeError('fetch failed');
    });
    await expect(readLead(client(gateway.fetch, { retry: { attempts: 2 } }))).rejects.toThrow('fetch failed');
    expect(gateway.sent).toHaveLength(2);
  });
});

describe('token refresh on 401 token_not_valid', () => {
  const rejected = () => json(401, { detail: 'Given token not valid for any token type', code: 'token_not_valid' });

  it('when requests at once meet an expired token, then one refresh serves them all and each goes again with the new token', async () => {
    const gateway = fakeGateway(async (request) => {
      if (new URL(request.url).pathname === '/api/auth/refresh-token/') {
        await new Promise((resolve) => setTimeout(resolve, 20));
        return json(200, { access: 'access-2', refresh: 'refresh-2' });
      }
      return request.headers.get('authorization') === 'Bearer access-2' ? json(200, LEAD) : rejected();
    });
    const told: (Tokens | undefined)[] = [];
    const crm = client(gateway.fetch, { onTokens: (tokens) => told.push(tokens) });
    const answers = await Promise.all([readLead(crm), readLead(crm), readLead(crm)]);
    expect(answers.map((answer) => answer.data)).toEqual([LEAD, LEAD, LEAD]);
    const refreshes = gateway.sent.filter((request) => request.path === '/api/auth/refresh-token/');
    expect(refreshes).toHaveLength(1);
    expect(JSON.parse(refreshes[0]!.body)).toEqual({ refresh: 'refresh-1' });
    expect(refreshes[0]!.headers.has('authorization')).toBe(false);
    expect(crm.tokens).toEqual({ access: 'access-2', refresh: 'refresh-2' });
    expect(told).toEqual([{ access: 'access-2', refresh: 'refresh-2' }]);
  });

  it('when the refresh token is refused too, then the 401 is thrown and the session is over', async () => {
    const gateway = fakeGateway(() => rejected());
    const told: (Tokens | undefined)[] = [];
    const crm = client(gateway.fetch, { onTokens: (tokens) => told.push(tokens) });
    const error = await readLead(crm).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 401, code: 'token_not_valid' });
    expect(gateway.sent.map((request) => request.path)).toEqual([`/api/leads/${LEAD_ID}/`, '/api/auth/refresh-token/']);
    expect(crm.tokens).toBeUndefined();
    expect(told).toEqual([undefined]);
  });

  it('when the token is refused again after the refresh, then the 401 is thrown: one refresh per request', async () => {
    const gateway = fakeGateway((request) => (new URL(request.url).pathname === '/api/auth/refresh-token/' ? json(200, { access: 'access-2', refresh: 'refresh-2' }) : rejected()));
    await expect(readLead(client(gateway.fetch))).rejects.toMatchObject({ status: 401 });
    expect(gateway.sent).toHaveLength(3);
  });
});

describe('If-Match from the last ETag seen', () => {
  const withETag = (body: unknown, etag: string, status = 200, headers: Record<string, string> = {}) => json(status, body, { etag, ...headers });

  it('when a record was read, then a change to it names that version; a 412 carries the current one', async () => {
    const gateway = fakeGateway((request) => (request.method === 'GET' ? withETag(LEAD, '"3"') : json(412, { detail: 'The record has changed.' }, { etag: '"4"' })));
    const crm = client(gateway.fetch);
    await readLead(crm);
    const error = await renameLead(crm).catch((e: unknown) => e);
    expect(gateway.sent[1]!.headers.get('if-match')).toBe('"3"');
    expect(error).toBeInstanceOf(CrmPreconditionFailedError);
    expect((error as CrmPreconditionFailedError).currentETag).toBe('"4"');
  });

  it('when a record was created or changed, then the next change names the version that answer showed', async () => {
    let version = 1;
    const gateway = fakeGateway((request) => {
      const answer = request.method === 'POST' ? withETag(LEAD, `"${version}"`, 201, { location: `/api/leads/${LEAD_ID}/` }) : withETag(LEAD, `"${version}"`);
      version += 1;
      return answer;
    });
    const crm = client(gateway.fetch);
    await crm.POST('/api/leads/', { body: { first_name: 'Ada' } });
    await renameLead(crm, 'Ada');
    await renameLead(crm, 'Grace');
    expect(gateway.sent.map((request) => request.headers.get('if-match'))).toEqual([null, '"1"', '"2"']);
  });

  it('when a merge answers with the keeper’s version, then the keeper’s next change names it', async () => {
    const gateway = fakeGateway(() => withETag(LEAD, '"7"'));
    const crm = client(gateway.fetch);
    await crm.POST('/api/leads/{id}/merge/', { params: { path: { id: LEAD_ID } }, body: { merge_id: OTHER_ID } });
    await renameLead(crm);
    expect(gateway.sent[1]!.headers.get('if-match')).toBe('"7"');
  });

  it('when If-Match is turned off, or the request names its own, then the remembered version is not sent', async () => {
    const gateway = fakeGateway(() => withETag(LEAD, '"3"'));
    const off = client(gateway.fetch, { ifMatch: false });
    await readLead(off);
    await renameLead(off);
    const own = client(gateway.fetch);
    await readLead(own);
    await own.PATCH('/api/leads/{id}/', { params: { path: { id: LEAD_ID } }, body: { first_name: 'Ada' }, headers: { 'If-Match': '*' } });
    expect(gateway.sent.filter((request) => request.method === 'PATCH').map((request) => request.headers.get('if-match'))).toEqual([null, '*']);
  });
});

describe('a conditional GET (If-None-Match)', () => {
  it('when the copy is current, then the 304 is answered, not thrown: no body, notModified, the ETag (issue 35.12)', async () => {
    const gateway = fakeGateway(() => new Response(null, { status: 304, headers: { etag: '"3"' } }));
    const answer = await client(gateway.fetch).GET('/api/leads/{id}/', { params: { path: { id: LEAD_ID } }, headers: { 'If-None-Match': '"3"' } });
    expect(gateway.sent).toHaveLength(1);
    if (!('notModified' in answer)) throw new Error(`a 304 answered as ${answer.response.status}`);
    const notModified: CrmNotModified = answer;
    expect(notModified).toMatchObject({ data: undefined, notModified: true });
    expect(notModified.response.status).toBe(304);
    expect(notModified.response.headers.get('etag')).toBe('"3"');
  });

  it('when the record changed, then the new version is answered as any GET is', async () => {
    const gateway = fakeGateway(() => json(200, LEAD, { etag: '"4"' }));
    const answer = await client(gateway.fetch).GET('/api/leads/{id}/', { params: { path: { id: LEAD_ID } }, headers: { 'If-None-Match': '"3"' } });
    expect(answer).toMatchObject({ data: LEAD });
    expect('notModified' in answer).toBe(false);
  });
});

describe('paginate', () => {
  it('when a list has several pages, then every record comes once, each page fetched from the previous page’s next link', async () => {
    const pages = [
      { count: 3, next: `${BASE}/api/leads/?page=2&page_size=2&cursor=c2`, previous: null, results: [{ id: 'a' }, { id: 'b' }] },
      { count: 3, next: null, previous: `${BASE}/api/leads/?page=1&page_size=2`, results: [{ id: 'c' }] },
    ];
    const gateway = fakeGateway((_request, sent) => json(200, pages[sent.length - 1]));
    const ids: string[] = [];
    for await (const lead of client(gateway.fetch).paginate('/api/leads/', { params: { query: { page_size: '2' } } })) ids.push(lead.id);
    expect(ids).toEqual(['a', 'b', 'c']);
    expect(gateway.sent.map((request) => request.path)).toEqual(['/api/leads/?page_size=2', '/api/leads/?page=2&page_size=2&cursor=c2']);
    expect(gateway.sent.every((request) => request.headers.get('authorization') === 'Bearer access-1')).toBe(true);
  });

  it('when a next link points at another origin, then it is refused with a clear error and that site never gets the token (issue 35)', async () => {
    const elsewhere = await httpServer(() => ({ count: 1, next: null, previous: null, results: [{ id: 'z' }] }));
    const api = await httpServer(() => ({ count: 3, next: `${elsewhere.url}/api/leads/?page=2&cursor=c2`, previous: null, results: [{ id: 'a' }] }));
    try {
      const crm = new CrmClient({ baseUrl: api.url, tokens: { access: 'access-1' }, retry: { backoffMs: 1 } });
      const ids: string[] = [];
      await expect(
        (async () => {
          for await (const lead of crm.paginate('/api/leads/')) ids.push(lead.id);
        })(),
      ).rejects.toThrow(`Not following a next link outside the client's base URL ${api.url}`);
      expect(ids).toEqual(['a']);
      expect(api.authorizations).toEqual(['Bearer access-1']);
      expect(elsewhere.authorizations).toEqual([]);
    } finally {
      await Promise.all([api.close(), elsewhere.close()]);
    }
  });
});

/** An HTTP server on 127.0.0.1 answering `body()` as JSON, keeping each request's Authorization header. */
async function httpServer(body: () => unknown) {
  const authorizations: Array<string | undefined> = [];
  const server = createServer((request, response) => {
    authorizations.push(request.headers.authorization);
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, authorizations, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
