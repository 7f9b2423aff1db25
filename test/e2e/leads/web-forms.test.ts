import { randomUUID } from 'node:crypto';
import { outboxEvents } from '../../support/events';
import { createLead } from '../../support/leads';
import type { TestSystem } from '../../support/system';
import { apiTokenOf, type Member, type TenantAdmin } from '../../support/tenants';
import { startWithTenant } from '../../support/suite';

/**
 * Web-to-lead (api-contract §8), through the gateway: an admin's forms, and what a visitor's page posts
 * to one with no credential — every rule of the public endpoint, what it stores on the lead, and what a
 * merge and a delete do with it.
 */
let system: TestSystem, admin: TenantAdmin, seller: Member, stranger: TenantAdmin;

beforeAll(async () => {
  ({ system, admin, seller, stranger } = await startWithTenant({ members: { seller: true }, tenants: { stranger: 'Stranger' } }));
  for (const field of [
    { key: 'budget', label: 'Budget', field_type: 'number' },
    { key: 'segment', label: 'Segment', field_type: 'dropdown', options: [{ value: 'smb', label: 'SMB' }, { value: 'enterprise', label: 'Enterprise' }] },
    { key: 'region', label: 'Region', field_type: 'text', is_required: true },
  ]) {
    const res = await system.api.post('/api/leads/custom-fields/', field, { token: admin.access });
    expect(res.status).toBe(201);
  }
});
afterAll(() => system.stop());

const SITE = 'https://www.example.test';

async function newForm(body: Record<string, unknown> = {}, token = admin.access): Promise<any> {
  const res = await system.api.post('/api/web-forms/', { name: `Form ${randomUUID().slice(0, 6)}`, ...body }, { token });
  expect(res.status).toBe(201);
  return res.body;
}

const submissionsPath = (publicKey: string) => `/api/public/web-forms/${publicKey}/submissions/`;

/** A visitor's post, no credential: JSON unless a raw body and its media type are given. */
const submit = (publicKey: string, fields: unknown, headers: Record<string, string> = {}, rawBody?: string | FormData) =>
  system.api.post(submissionsPath(publicKey), rawBody === undefined ? fields : undefined, { headers, rawBody });

const urlEncoded = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM_URLENCODED = { 'content-type': 'application/x-www-form-urlencoded' };

async function leadsWithEmail(email: string): Promise<any[]> {
  const res = await system.api.get(`/api/leads/?search=${encodeURIComponent(email)}`, { token: admin.access });
  expect(res.status).toBe(200);
  return res.body.results.filter((lead: any) => lead.email === email);
}

const submissionsOf = async (leadId: string, token = admin.access) => system.api.get(`/api/leads/${leadId}/submissions/`, { token });

describe('managing forms (admins)', () => {
  it('when an admin creates a form with only a name, then it is active, open to any origin, owned by the admin, with a key for the page', async () => {
    const form = await newForm({ name: 'Contact us' });
    expect(form).toEqual({
      id: expect.any(String),
      name: 'Contact us',
      public_key: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/),
      is_active: true,
      allowed_origins: [],
      assigned_to: { id: admin.profileId, email: admin.email },
      tags: [],
      redirect_url: null,
      created_at: expect.any(String),
      submission_count: 0,
    });
    const read = await system.api.get(`/api/web-forms/${form.id}/`, { token: admin.access });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(form);
    expect(read.headers.get('etag')).toBeTruthy();
  });

  it('when a form is created, then Location names its own URL, and a GET there answers the form', async () => {
    const res = await system.api.post('/api/web-forms/', { name: 'Located' }, { token: admin.access });
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toBe(`/api/web-forms/${res.body.id}/`);
    const there = await system.api.get(res.headers.get('location')!, { token: admin.access });
    expect(there.status).toBe(200);
    expect(there.body.id).toBe(res.body.id);
  });

  it('when a form names a member, origins, tags and a redirect, then they are kept as a browser spells them', async () => {
    const form = await newForm({
      assigned_to_id: seller.profileId,
      allowed_origins: ['HTTPS://WWW.Example.test:443/', 'http://localhost:3000'],
      tags: ['web', 'inbound'],
      redirect_url: 'https://www.example.test/thanks',
    });
    expect(form).toMatchObject({
      assigned_to: { id: seller.profileId, email: seller.email },
      allowed_origins: ['https://www.example.test', 'http://localhost:3000'],
      tags: ['web', 'inbound'],
      redirect_url: 'https://www.example.test/thanks',
    });
  });

  it('when a form body is wrong, then 400 on its field and nothing is created', async () => {
    const before = (await system.api.get('/api/web-forms/', { token: admin.access })).body.count;
    for (const [body, field] of [
      [{}, 'name'],
      [{ name: '   ' }, 'name'],
      [{ name: 'x', allowed_origins: ['https://example.test/path'] }, 'allowed_origins'],
      [{ name: 'x', allowed_origins: 'https://example.test' }, 'allowed_origins'],
      [{ name: 'x', redirect_url: 'javascript:alert(1)' }, 'redirect_url'],
      // A redirect only to a page on one of the form's own origins: never an open redirect (docs/security.md §10.4).
      [{ name: 'x', redirect_url: 'https://evil.test/phish' }, 'redirect_url'],
      [{ name: 'x', allowed_origins: [SITE], redirect_url: 'https://evil.test/phish' }, 'redirect_url'],
      [{ name: 'x', allowed_origins: [SITE], redirect_url: 'https://www.example.test.evil.test/thanks' }, 'redirect_url'],
      [{ name: 'x', allowed_origins: [SITE], redirect_url: 'http://www.example.test/thanks' }, 'redirect_url'],
      [{ name: 'x', assigned_to_id: randomUUID() }, 'assigned_to_id'],
      [{ name: 'x', assigned_to_id: stranger.profileId }, 'assigned_to_id'],
      [{ name: 'x', public_key: 'mine' }, 'public_key'],
      [{ name: 'x', submission_count: 3 }, 'submission_count'],
      [{ name: 'x', colour: 'red' }, 'colour'],
    ] as const) {
      const res = await system.api.post('/api/web-forms/', body, { token: admin.access });
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expect(res.body.errors).toHaveProperty([field]);
    }
    expect((await system.api.get('/api/web-forms/', { token: admin.access })).body.count).toBe(before);
  });

  it('when a member or an API token without the leads scopes asks, then 403; another tenant’s form is a random id (404)', async () => {
    const form = await newForm();
    expect((await system.api.get('/api/web-forms/', { token: seller.access })).status).toBe(403);
    expect((await system.api.post('/api/web-forms/', { name: 'Mine' }, { token: seller.access })).status).toBe(403);
    expect((await system.api.patch(`/api/web-forms/${form.id}/`, { is_active: false }, { token: seller.access })).status).toBe(403);
    const readOnly = await apiTokenOf(system.api, admin, ['leads:read']);
    expect((await system.api.get('/api/web-forms/', { token: readOnly })).status).toBe(200);
    expect((await system.api.post('/api/web-forms/', { name: 'Mine' }, { token: readOnly })).status).toBe(403);
    for (const res of [
      await system.api.get(`/api/web-forms/${form.id}/`, { token: stranger.access }),
      await system.api.patch(`/api/web-forms/${form.id}/`, { name: 'Taken' }, { token: stranger.access }),
      await system.api.delete(`/api/web-forms/${form.id}/`, { token: stranger.access }),
    ]) {
      expect(res.status).toBe(404);
    }
    expect((await system.api.get(`/api/web-forms/${form.id}/`, { token: admin.access })).body.name).toBe(form.name);
  });

  it('when forms are listed, then newest first in the page envelope, and PATCH changes only what it names (If-Match checked)', async () => {
    const first = await newForm();
    const second = await newForm();
    const list = await system.api.get('/api/web-forms/?page_size=2', { token: admin.access });
    expect(list.status).toBe(200);
    expect(list.body.results.map((form: any) => form.id)).toEqual([second.id, first.id]);
    expect(list.body.next).toEqual(expect.stringContaining('cursor='));

    const read = await system.api.get(`/api/web-forms/${first.id}/`, { token: admin.access });
    const stale = read.headers.get('etag')!;
    const changed = await system.api.patch(`/api/web-forms/${first.id}/`, { tags: ['spring'] }, { token: admin.access, headers: { 'If-Match': stale } });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ ...first, tags: ['spring'] });
    const raced = await system.api.patch(`/api/web-forms/${first.id}/`, { name: 'Lost update' }, { token: admin.access, headers: { 'If-Match': stale } });
    expect(raced.status).toBe(412);
    // A PATCH that changes nothing is no change: the version (ETag) stays, so nobody's If-Match goes stale.
    const current = changed.headers.get('etag')!;
    const same = await system.api.patch(`/api/web-forms/${first.id}/`, { tags: ['spring'] }, { token: admin.access, headers: { 'If-Match': current } });
    expect(same.status).toBe(200);
    expect(same.headers.get('etag')).toBe(current);
    expect((await system.api.patch(`/api/web-forms/${first.id}/`, {}, { token: admin.access })).headers.get('etag')).toBe(current);
  });
});

describe('a visitor’s submission', () => {
  it('when a page posts JSON, then 201 {id, received_at} and a lead from the website, owned and tagged as the form says', async () => {
    const form = await newForm({ assigned_to_id: seller.profileId, tags: ['web'] });
    const email = `visitor-${randomUUID().slice(0, 8)}@example.test`;
    const res = await submit(form.public_key, { first_name: 'Grace', last_name: 'Hopper', email: email.toUpperCase(), company_name: 'Navy', message: 'Call me' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(String), received_at: expect.any(String) });
    expect(res.headers.get('location')).toBeNull();

    const [lead] = await leadsWithEmail(email);
    expect(lead).toMatchObject({ first_name: 'Grace', last_name: 'Hopper', company_name: 'Navy', source: 'website_form', status: 'new', tags: ['web'], assigned_to: { id: seller.profileId } });
    const submissions = await submissionsOf(lead.id);
    expect(submissions.status).toBe(200);
    expect(submissions.body).toMatchObject({ count: 1, results: [{ id: res.body.id, form: { id: form.id, name: form.name }, received_at: res.body.received_at }] });
    expect(submissions.body.results[0].data).toEqual({ first_name: 'Grace', last_name: 'Hopper', email: email.toUpperCase(), company_name: 'Navy', message: 'Call me' });
    // The form's owner may open the lead and its submissions; the form counts what it received.
    expect((await submissionsOf(lead.id, seller.access)).status).toBe(200);
    expect((await system.api.get(`/api/web-forms/${form.id}/`, { token: admin.access })).body.submission_count).toBe(1);

    const events = await outboxEvents(system, 'leads', res.body.id);
    expect(events).toEqual([
      {
        type: 'web_form_submission.received',
        data: { id: res.body.id, form: { id: form.id, name: form.name }, lead_id: lead.id, lead_created: true, data: submissions.body.results[0].data, received_at: res.body.received_at },
      },
    ]);
    expect((await outboxEvents(system, 'leads', lead.id)).map((event) => event.type)).toEqual(['lead.created']);
  });

  it('when an HTML form posts url-encoded or multipart fields, then they are taken as JSON is', async () => {
    const form = await newForm();
    const emails = [`urlencoded-${randomUUID().slice(0, 8)}@example.test`, `multipart-${randomUUID().slice(0, 8)}@example.test`];
    const encoded = await submit(form.public_key, undefined, FORM_URLENCODED, urlEncoded({ first_name: 'Ada', email: emails[0]!, cf_budget: '1200' }));
    expect(encoded.status).toBe(201);
    const multipart = new FormData();
    multipart.append('first_name', 'Ada');
    multipart.append('email', emails[1]!);
    multipart.append('cf_segment', 'smb');
    const posted = await submit(form.public_key, undefined, {}, multipart);
    expect(posted.status).toBe(201);
    const [byUrlEncoded] = await leadsWithEmail(emails[0]!);
    const [byMultipart] = await leadsWithEmail(emails[1]!);
    expect(byUrlEncoded).toMatchObject({ first_name: 'Ada', custom_fields: { budget: 1200 } });
    expect(byMultipart).toMatchObject({ first_name: 'Ada', custom_fields: { segment: 'smb' } });
  });

  it('when custom fields are typed wrong or a required one is missing, then the lead keeps what is valid and the submission keeps everything', async () => {
    const form = await newForm();
    const email = `custom-${randomUUID().slice(0, 8)}@example.test`;
    const res = await submit(form.public_key, { first_name: 'Lin', email, cf_budget: 'lots', cf_segment: 'huge', cf_unknown: 'x', cf_region: 'EMEA' });
    expect(res.status).toBe(201);
    const [lead] = await leadsWithEmail(email);
    expect(lead.custom_fields).toEqual({ region: 'EMEA' });
    const submissions = await submissionsOf(lead.id);
    expect(submissions.body.results[0].data).toEqual({ first_name: 'Lin', email, cf_budget: 'lots', cf_segment: 'huge', cf_unknown: 'x', cf_region: 'EMEA' });

    const withoutRequired = `required-${randomUUID().slice(0, 8)}@example.test`;
    expect((await submit(form.public_key, { email: withoutRequired })).status).toBe(201);
    expect((await leadsWithEmail(withoutRequired))[0].custom_fields).toEqual({});
  });

  it('when an open lead has the e-mail, then the submission joins it; a converted one does not count', async () => {
    const form = await newForm();
    const email = `known-${randomUUID().slice(0, 8)}@example.test`;
    const existing = await createLead(system.api, admin.access, { first_name: 'Known', email, custom_fields: { region: 'EMEA' } });
    const before = (await system.api.get(`/api/leads/${existing.id}/`, { token: admin.access })).body;
    const [a, b] = await Promise.all([submit(form.public_key, { email, first_name: 'Other name' }), submit(form.public_key, { email: email.toUpperCase() })]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect((await leadsWithEmail(email)).map((lead) => lead.id)).toEqual([existing.id]);
    // Joining changes nothing of the lead: same values, same version.
    expect((await system.api.get(`/api/leads/${existing.id}/`, { token: admin.access })).body).toEqual(before);
    expect((await submissionsOf(existing.id)).body.count).toBe(2);
    const events = await outboxEvents(system, 'leads', a.body.id);
    expect(events[0]!.data).toMatchObject({ lead_id: existing.id, lead_created: false });

    const converted = `converted-${randomUUID().slice(0, 8)}@example.test`;
    const body = { first_name: 'Done', last_name: 'Deal', email: converted, custom_fields: { region: 'EMEA' } };
    const lead = await createLead(system.api, admin.access, body);
    expect((await system.api.put(`/api/leads/${lead.id}/`, { ...body, status: 'converted' }, { token: admin.access })).status).toBe(200);
    expect((await submit(form.public_key, { email: converted })).status).toBe(201);
    expect((await leadsWithEmail(converted)).length).toBe(2);
  });

  it('when new visitors send one e-mail at once, then one lead holds all their submissions', async () => {
    const form = await newForm();
    const email = `burst-${randomUUID().slice(0, 8)}@example.test`;
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => submit(form.public_key, { email, message: `try ${i}` })));
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(201));
    const leads = await leadsWithEmail(email);
    expect(leads.length).toBe(1);
    expect((await submissionsOf(leads[0].id)).body.count).toBe(8);
  });

  it('when the honeypot is filled, then the same 201 and nothing is stored', async () => {
    const form = await newForm();
    const email = `bot-${randomUUID().slice(0, 8)}@example.test`;
    const res = await submit(form.public_key, { email, first_name: 'Bot', website: 'http://spam.test' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(String), received_at: expect.any(String) });
    const encoded = await submit(form.public_key, undefined, FORM_URLENCODED, urlEncoded({ email, website: 'x' }));
    expect(encoded.status).toBe(201);
    expect(await leadsWithEmail(email)).toEqual([]);
    expect((await system.api.get(`/api/web-forms/${form.id}/`, { token: admin.access })).body.submission_count).toBe(0);
    expect(await outboxEvents(system, 'leads', res.body.id)).toEqual([]);
  });

  it('when a browser form post goes to a form with a redirect_url, then 303 to it; JSON still gets 201', async () => {
    const form = await newForm({ allowed_origins: [SITE], redirect_url: 'https://www.example.test/thanks?from=form' });
    // An older browser's plain form post: no Origin, its page in Referer.
    const res = await fetch(`${system.gatewayUrl}${submissionsPath(form.public_key)}`, {
      method: 'POST',
      headers: { ...FORM_URLENCODED, referer: `${SITE}/contact` },
      body: urlEncoded({ email: `redirect-${randomUUID().slice(0, 8)}@example.test` }),
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('https://www.example.test/thanks?from=form');
    expect((await submit(form.public_key, { email: `json-${randomUUID().slice(0, 8)}@example.test` }, { origin: SITE })).status).toBe(201);
  });

  it('when a change would leave the redirect off the form’s origins, then 400 on redirect_url and nothing changes', async () => {
    const form = await newForm({ allowed_origins: [SITE, 'https://shop.example.test'], redirect_url: `${SITE}/thanks` });
    const change = (body: Record<string, unknown>) => system.api.patch(`/api/web-forms/${form.id}/`, body, { token: admin.access });
    for (const body of [{ redirect_url: 'https://evil.test/' }, { allowed_origins: ['https://shop.example.test'] }, { allowed_origins: [] }]) {
      const res = await change(body);
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expect(res.body.errors).toEqual({ redirect_url: expect.any(String) });
    }
    const unchanged = await system.api.get(`/api/web-forms/${form.id}/`, { token: admin.access });
    expect(unchanged.body).toMatchObject({ allowed_origins: [SITE, 'https://shop.example.test'], redirect_url: `${SITE}/thanks` });
    // Moved together, to another of its origins, or dropped with the origins: fine.
    expect((await change({ redirect_url: 'https://shop.example.test/done' })).status).toBe(200);
    expect((await change({ allowed_origins: [], redirect_url: null })).body).toMatchObject({ allowed_origins: [], redirect_url: null });
  });

  it('when the key is unknown, inactive or deleted, then 404 with one body and nothing stored', async () => {
    const inactive = await newForm({ is_active: false });
    const deleted = await newForm();
    expect((await system.api.delete(`/api/web-forms/${deleted.id}/`, { token: admin.access })).status).toBe(204);
    const email = `nowhere-${randomUUID().slice(0, 8)}@example.test`;
    // An active form's key percent-encoded is another spelling of the path: 404 too (paths are canonical).
    const active = await newForm();
    const respelled = `%${active.public_key.charCodeAt(0).toString(16).toUpperCase()}${active.public_key.slice(1)}`;
    const answers = await Promise.all(['unknownkey', inactive.public_key, deleted.public_key, '%E2%9C%93', respelled].map((key) => submit(key, { email })));
    expect(answers.map((answer) => answer.status)).toEqual([404, 404, 404, 404, 404]);
    expect(new Set(answers.map((answer) => answer.text)).size).toBe(1);
    expect(await leadsWithEmail(email)).toEqual([]);
    // Turned on again, it takes submissions.
    expect((await system.api.patch(`/api/web-forms/${inactive.id}/`, { is_active: true }, { token: admin.access })).status).toBe(200);
    expect((await submit(inactive.public_key, { email })).status).toBe(201);
  });

  it('when the body is wrong, then 400 on its field (413 over 16 KB) and nothing is stored', async () => {
    const form = await newForm();
    const email = `wrong-${randomUUID().slice(0, 8)}@example.test`;
    const file = new FormData();
    file.append('email', email);
    file.append('attachment', new Blob(['hello'], { type: 'text/plain' }), 'hello.txt');
    const cases: Array<[Response | { status: number; body: any }, string]> = [
      [await submit(form.public_key, { email: 'not-an-email' }), 'email'],
      [await submit(form.public_key, { email, colour: 'red' }), 'colour'],
      [await submit(form.public_key, { email, first_name: ['a', 'b'] }), 'first_name'],
      [await submit(form.public_key, undefined, FORM_URLENCODED, `email=${email}&email=${email}`), 'email'],
      [await submit(form.public_key, { email, cf_budget: { nested: true } }), 'cf_budget'],
      [await submit(form.public_key, undefined, {}, file), 'attachment'],
      [await submit(form.public_key, undefined, { 'content-type': 'text/plain' }, `email=${email}`), 'body'],
      [await submit(form.public_key, undefined, { 'content-type': 'application/json' }, '{"email":'), 'body'],
      [await submit(form.public_key, undefined, { 'content-type': 'application/json' }, '["a"]'), 'body'],
      [await submit(form.public_key, { email, message: 'x'.repeat(10_001) }), 'message'],
    ];
    for (const [res, field] of cases) {
      expect({ field, status: res.status }).toEqual({ field, status: 400 });
      expect((res as any).body.errors).toHaveProperty([field]);
    }
    // What is not UTF-8 (raw bytes, a percent-escape of them, another charset) or malformed is refused, never stored as U+FFFD.
    const notUtf8 = async (contentType: string, bytes: Buffer) => {
      const res = await fetch(`${system.gatewayUrl}${submissionsPath(form.public_key)}`, { method: 'POST', headers: { 'content-type': contentType }, body: bytes });
      return { status: res.status, body: await res.json() };
    };
    const rawBytes = (before: string, after: string) => Buffer.concat([Buffer.from(before), Buffer.from([0xff, 0xfe]), Buffer.from(after)]);
    for (const [res, field] of [
      [await notUtf8('application/json', rawBytes(`{"email":"${email}","first_name":"Ada`, '"}')), 'body'],
      [await notUtf8('application/x-www-form-urlencoded', rawBytes(`email=${email}&first_name=Ada`, '')), 'body'],
      [await notUtf8('application/json; charset=iso-8859-1', Buffer.from(`{"email":"${email}","first_name":"Ren\u00e9"}`)), 'body'],
      [await submit(form.public_key, undefined, FORM_URLENCODED, `email=${email}&first_name=%FF`), 'first_name'],
      [await submit(form.public_key, undefined, FORM_URLENCODED, `email=${email}&first_name=%ED%A0%80`), 'first_name'],
      [await submit(form.public_key, undefined, FORM_URLENCODED, `email=${email}&first_name=Ada%4`), 'first_name'],
      [await submit(form.public_key, undefined, FORM_URLENCODED, `email=${email}&cf_%FF=x`), 'body'],
      [await submit(form.public_key, { email, ['__proto__']: 'x' }), '__proto__'],
      [await submit(form.public_key, undefined, { 'content-type': 'application/json' }, `{"email":"${email}","__proto__":{"first_name":"Mallory"}}`), '__proto__'],
      [await submit(form.public_key, undefined, FORM_URLENCODED, `email=${email}&__proto__=x`), '__proto__'],
    ] as const) {
      expect({ field, status: res.status }).toEqual({ field, status: 400 });
      expect(res.body.errors).toHaveProperty([field]);
    }
    const tooBig = await submit(form.public_key, { email, message: 'x'.repeat(16 * 1024) });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body).toEqual({ detail: expect.any(String) });
    expect(await leadsWithEmail(email)).toEqual([]);
  });

  it('when a form sends a field twice, then 400 on it in so many words, not the wrong type a JSON body could send (issue 35.12)', async () => {
    const form = await newForm();
    const email = `twice-${randomUUID().slice(0, 8)}@example.test`;
    const twice = new FormData();
    twice.append('email', email);
    twice.append('first_name', 'Ada');
    twice.append('first_name', 'Ada');
    for (const [res, field] of [
      [await submit(form.public_key, undefined, FORM_URLENCODED, `email=${email}&email=${email}`), 'email'],
      [await submit(form.public_key, undefined, {}, twice), 'first_name'],
    ] as const) {
      expect({ field, status: res.status, body: res.body }).toEqual({ field, status: 400, body: { error: true, errors: { [field]: 'Send this field only once.' } } });
    }
    expect(await leadsWithEmail(email)).toEqual([]);
  });

  it('when a request repeats its Idempotency-Key, then the first answer is replayed and one submission is stored', async () => {
    const form = await newForm();
    const email = `keyed-${randomUUID().slice(0, 8)}@example.test`;
    const headers = { 'Idempotency-Key': randomUUID() };
    const first = await submit(form.public_key, { email }, headers);
    const again = await submit(form.public_key, { email }, headers);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await submissionsOf((await leadsWithEmail(email))[0].id)).body.count).toBe(1);
  });
});

describe('origins', () => {
  it('when a form lists origins, then a browser elsewhere gets 403 (nothing stored), a listed one may read the answer, and its preflight is answered', async () => {
    const form = await newForm({ allowed_origins: [SITE] });
    const email = `origin-${randomUUID().slice(0, 8)}@example.test`;
    const elsewhere = await submit(form.public_key, { email }, { origin: 'https://evil.test' });
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.headers.get('access-control-allow-origin')).toBeNull();
    expect(await leadsWithEmail(email)).toEqual([]);

    const listed = await submit(form.public_key, { email }, { origin: SITE });
    expect(listed.status).toBe(201);
    expect(listed.headers.get('access-control-allow-origin')).toBe(SITE);
    expect(listed.headers.get('vary')).toMatch(/origin/i);
    // Without Origin, the page's Referer decides (an older browser's form post); neither sent: 403 too, else
    // leaving out Origin would pass any page (docs/security.md §10.4).
    expect((await submit(form.public_key, { email }, { referer: `${SITE}/contact?campaign=1` })).status).toBe(201);
    const noListedPage: Record<string, string>[] = [{}, { referer: 'https://evil.test/contact' }, { referer: `https://evil.test/${SITE}` }, { referer: 'not a url' }, { origin: 'null', referer: `${SITE}/` }];
    for (const headers of noListedPage) {
      const refused = await submit(form.public_key, { email: `no-origin-${randomUUID().slice(0, 8)}@example.test` }, headers);
      expect({ headers, status: refused.status }).toEqual({ headers, status: 403 });
      expect(refused.body).toEqual({ detail: "This form does not take submissions from this page's origin." });
    }

    const preflight = await system.api.request('OPTIONS', submissionsPath(form.public_key), undefined, {
      headers: { origin: SITE, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(SITE);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('content-type');
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
    const refused = await system.api.request('OPTIONS', submissionsPath(form.public_key), undefined, { headers: { origin: 'https://evil.test', 'access-control-request-method': 'POST' } });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('when a form lists no origins, then any page may post and read the answer', async () => {
    const form = await newForm();
    const res = await submit(form.public_key, { email: `any-${randomUUID().slice(0, 8)}@example.test` }, { origin: 'https://anywhere.test' });
    expect(res.status).toBe(201);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://anywhere.test');
  });
});

describe('what a lead’s submissions follow', () => {
  it('when a lead is merged, then its submissions move to the keeper; when a lead is deleted, they go with it', async () => {
    const form = await newForm();
    const emails = [`keeper-${randomUUID().slice(0, 8)}@example.test`, `merged-${randomUUID().slice(0, 8)}@example.test`];
    for (const email of emails) expect((await submit(form.public_key, { email })).status).toBe(201);
    const [keeper] = await leadsWithEmail(emails[0]!);
    const [merged] = await leadsWithEmail(emails[1]!);
    expect((await system.api.post(`/api/leads/${keeper.id}/merge/`, { merge_id: merged.id }, { token: admin.access })).status).toBe(200);
    const moved = await submissionsOf(keeper.id);
    expect(moved.body.results.map((submission: any) => submission.data.email).sort()).toEqual([...emails].sort());

    expect((await system.api.delete(`/api/leads/${keeper.id}/`, { token: admin.access })).status).toBe(204);
    expect((await submissionsOf(keeper.id)).status).toBe(404);
    expect((await system.api.get(`/api/web-forms/${form.id}/`, { token: admin.access })).body.submission_count).toBe(0);
  });

  it('when another tenant or a member who may not open the lead asks for its submissions, then 404', async () => {
    const form = await newForm();
    const email = `private-${randomUUID().slice(0, 8)}@example.test`;
    expect((await submit(form.public_key, { email })).status).toBe(201);
    const [lead] = await leadsWithEmail(email);
    expect((await submissionsOf(lead.id, stranger.access)).status).toBe(404);
    expect((await submissionsOf(lead.id, seller.access)).status).toBe(404);
    expect((await submissionsOf(randomUUID())).status).toBe(404);
  });
});
