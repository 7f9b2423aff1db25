import express, { type Request } from 'express';
import { ValidationError } from '../../src/errors';
import { pageEnvelope, pageRequest, useListCursors, type ListPage } from '../../src/http/pagination';

/**
 * The cursors of `next` and `previous` (api-contract §7): sealed with the internal-token secrets, bound
 * to the tenant, the list and its query; anything else is a 400 on `cursor`, never a page of another list.
 */
const appWith = (secrets: string[]) => {
  const app = express();
  useListCursors(app, secrets);
  return app;
};

/** A request as a service sees it behind the gateway. */
function requestTo(app: express.Express, url: string, tenantId = 'tenant-a'): Request {
  const headers: Record<string, string> = { host: 'crm.example.test', 'x-forwarded-proto': 'https' };
  return { app, originalUrl: url, protocol: 'http', header: (name: string) => headers[name.toLowerCase()], caller: { tenantId } } as unknown as Request;
}

const queryOf = (url: string) => {
  const params = new URL(url, 'https://crm.example.test').searchParams;
  return {
    page: params.has('page') ? Number(params.get('page')) : undefined,
    page_size: params.has('page_size') ? Number(params.get('page_size')) : undefined,
    cursor: params.get('cursor') ?? undefined,
  };
};

/** Page 1 of 2 of a list ordered by e-mail, ending at a row whose e-mail is `b@x.test`. */
const firstPage: ListPage<string> = {
  count: 4,
  results: ['a', 'b'],
  first: { values: ['a@x.test'], id: 'id-a' },
  last: { values: ['b@x.test'], id: 'id-b' },
  moreBefore: false,
  moreAfter: true,
};

function nextLinkOf(app: express.Express, url = '/api/leads/?ordering=email&page_size=2'): string {
  const envelope = pageEnvelope(requestTo(app, url), pageRequest(requestTo(app, url), queryOf(url)), firstPage);
  const next = new URL(envelope.next!);
  return `${next.pathname}${next.search}`;
}

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof ValidationError ? error.body() : error;
  }
  return 'no refusal';
};

it('when next is followed, then the page starts beyond the last row of the page before, with its number and size', () => {
  const app = appWith(['current']);
  const next = nextLinkOf(app);
  expect(new URL(next, 'https://x').searchParams.get('page')).toBe('2');
  expect(pageRequest(requestTo(app, next), queryOf(next))).toEqual({ page: 2, pageSize: 2, start: { beyond: { values: ['b@x.test'], id: 'id-b' }, backwards: false } });
});

it('when the same page is reached twice, then its links are the same, and they do not show the row they stand at', () => {
  const app = appWith(['current']);
  expect(nextLinkOf(app)).toBe(nextLinkOf(app));
  expect(decodeURIComponent(nextLinkOf(app))).not.toContain('b@x.test');
});

it('when the secrets rotate, then a cursor sealed with the one before still opens; once it is dropped, it is a 400', () => {
  const next = nextLinkOf(appWith(['before']));
  expect(pageRequest(requestTo(appWith(['now', 'before']), next), queryOf(next)).page).toBe(2);
  expect(refusal(() => pageRequest(requestTo(appWith(['now']), next), queryOf(next)))).toEqual({ error: true, errors: { cursor: expect.any(String) } });
});

describe('a cursor used elsewhere than its list', () => {
  const app = appWith(['current']);
  const next = nextLinkOf(app);
  const cursor = new URL(next, 'https://x').searchParams.get('cursor')!;
  const refused = { error: true, errors: { cursor: expect.any(String) } };

  it.each([
    ['another tenant', next, 'tenant-b'],
    ['another list', next.replace('/api/leads/', '/api/contacts/'), 'tenant-a'],
    ['another order', next.replace('ordering=email', 'ordering=-email'), 'tenant-a'],
    ['another filter', `${next}&tags=vip`, 'tenant-a'],
    ['another page number', next.replace('page=2', 'page=3'), 'tenant-a'],
    ['another page size', next.replace('page_size=2', 'page_size=3'), 'tenant-a'],
  ])('when it is used by %s, then 400 on cursor', (_case, url, tenant) => {
    expect(refusal(() => pageRequest(requestTo(app, url, tenant), queryOf(url)))).toEqual(refused);
  });

  it.each([
    ['one character changed', `${cursor.slice(0, 10)}${cursor[10] === 'A' ? 'B' : 'A'}${cursor.slice(11)}`],
    ['cut short', cursor.slice(0, 20)],
    ['made up', 'eyJwYWdlIjoyfQ'],
  ])('when it is %s, then 400 on cursor', (_case, forged) => {
    const url = next.replace(cursor, forged);
    expect(refusal(() => pageRequest(requestTo(app, url), queryOf(url)))).toEqual(refused);
  });
});
