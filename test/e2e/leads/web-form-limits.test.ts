import { randomInt, randomUUID } from 'node:crypto';
import { startTestSystem, type TestSystem } from '../../support/system';
import { registerTenant, type TenantAdmin } from '../../support/tenants';

/**
 * A public web form's limits in the gateway (api-contract §8): each client address is held to the anon
 * rate, each form to `FORM_RATE` from all addresses together, and each address at a form to a quarter of
 * that; below them nothing is refused or lost.
 */
const ANON_LIMIT = 20;
const FORM_LIMIT = 16;
/** One address's share of a form's rate: a quarter of FORM_RATE (docs/security.md §10.4). */
const ADDRESS_SHARE = 4;
let system: TestSystem, admin: TenantAdmin;

/** A client address of its own per visitor (the counters live in Redis, shared by every suite and run). */
const visitorAddress = () => `203.0.${randomInt(1, 255)}.${randomInt(1, 255)}`;

beforeAll(async () => {
  system = await startTestSystem({
    THROTTLE_RATES: `read=100000/hour,write=100000/hour,anon=${ANON_LIMIT}/minute,unauthenticated=100000/minute`,
    FORM_RATE: `${FORM_LIMIT}/minute`,
    // As behind one ingress controller: the X-Forwarded-For each visitor sends is what it would add.
    TRUST_PROXY: '1',
  });
  // Registered from an address of its own: other suites register from this machine's, in the same minute.
  admin = await registerTenant(system.api.withHeaders({ 'x-forwarded-for': visitorAddress() }));
});
afterAll(() => system.stop());

async function newForm(): Promise<any> {
  const res = await system.api.post('/api/web-forms/', { name: `Limited ${randomUUID().slice(0, 6)}` }, { token: admin.access });
  expect(res.status).toBe(201);
  return res.body;
}

const submit = (publicKey: string, address: string, email = `limit-${randomUUID().slice(0, 8)}@example.test`) =>
  system.api.post(`/api/public/web-forms/${publicKey}/submissions/`, { email }, { headers: { 'x-forwarded-for': address } });

const submissionCount = async (formId: string): Promise<number> =>
  (await system.api.get(`/api/web-forms/${formId}/`, { token: admin.access })).body.submission_count;

it('when one address posts past the anon rate, then 429 on the anon bucket, and the forms keep every submission they answered 201', async () => {
  // Spread over forms, each taking no more than the address's share of it.
  const forms = [];
  for (let i = 0; i < ANON_LIMIT / ADDRESS_SHARE; i += 1) forms.push(await newForm());
  const address = visitorAddress();
  const answers = [];
  for (let i = 0; i < ANON_LIMIT + 2; i += 1) answers.push(await submit(forms[i % forms.length].public_key, address));
  expect(answers.map((answer) => answer.status)).toEqual([...Array(ANON_LIMIT).fill(201), 429, 429]);
  expect(answers[ANON_LIMIT]!.headers.get('ratelimit-policy')).toBe(`"anon";q=${ANON_LIMIT};w=60`);
  expect(answers[ANON_LIMIT]!.body).toEqual({ detail: expect.any(String), retry_after: expect.any(Number) });
  let kept = 0;
  for (const form of forms) kept += await submissionCount(form.id);
  expect(kept).toBe(ANON_LIMIT);
  // Another address is not held to this one's count.
  expect((await submit(forms[0].public_key, visitorAddress())).status).toBe(201);
});

it("when one address posts a form's whole rate, then it gets its share only (429 on form_per_address), and the rest stays for other addresses", async () => {
  const form = await newForm();
  const drainer = visitorAddress();
  const answers = [];
  for (let i = 0; i < FORM_LIMIT; i += 1) answers.push(await submit(form.public_key, drainer));
  expect(answers.map((answer) => answer.status)).toEqual([...Array(ADDRESS_SHARE).fill(201), ...Array(FORM_LIMIT - ADDRESS_SHARE).fill(429)]);
  expect(answers[ADDRESS_SHARE]!.headers.get('ratelimit-policy')).toBe(`"form_per_address";q=${ADDRESS_SHARE};w=60`);
  expect(answers[ADDRESS_SHARE]!.body).toEqual({ detail: expect.any(String), retry_after: expect.any(Number) });
  // Its refusals used none of the form's rate: the other visitors get all the rest of it, then the form's own limit.
  const others = [];
  for (let i = 0; i <= FORM_LIMIT - ADDRESS_SHARE; i += 1) others.push(await submit(form.public_key, visitorAddress()));
  expect(others.map((answer) => answer.status)).toEqual([...Array(FORM_LIMIT - ADDRESS_SHARE).fill(201), 429]);
  expect(others.at(-1)!.headers.get('ratelimit-policy')).toBe(`"form";q=${FORM_LIMIT};w=60`);
  expect(await submissionCount(form.id)).toBe(FORM_LIMIT);
});

it('with TRUST_PROXY, an IPv6 visitor is one address per /64: its addresses share one count at a form', async () => {
  const form = await newForm();
  const prefix = `2001:db8:${randomInt(1, 0xffff).toString(16)}:${randomInt(1, 0xffff).toString(16)}`;
  const answers = [];
  for (let i = 1; i <= ADDRESS_SHARE + 1; i += 1) answers.push(await submit(form.public_key, `${prefix}::${i.toString(16)}`));
  expect(answers.map((answer) => answer.status)).toEqual([...Array(ADDRESS_SHARE).fill(201), 429]);
  expect(answers.at(-1)!.headers.get('ratelimit-policy')).toBe(`"form_per_address";q=${ADDRESS_SHARE};w=60`);
});

it('when many addresses post to one form past FORM_RATE, then 429 on the form bucket; another form is not held to its count', async () => {
  const form = await newForm();
  const answers = [];
  for (let i = 0; i < FORM_LIMIT + 3; i += 1) answers.push(await submit(form.public_key, visitorAddress()));
  expect(answers.map((answer) => answer.status)).toEqual([...Array(FORM_LIMIT).fill(201), 429, 429, 429]);
  expect(answers[FORM_LIMIT]!.headers.get('ratelimit-policy')).toBe(`"form";q=${FORM_LIMIT};w=60`);
  // Another spelling of the key (a character percent-encoded) is counted as the same form (the service refuses it besides).
  const respelled = `%${form.public_key.charCodeAt(0).toString(16).toUpperCase()}${form.public_key.slice(1)}`;
  expect((await submit(respelled, visitorAddress())).status).toBe(429);
  expect(await submissionCount(form.id)).toBe(FORM_LIMIT);

  const other = await newForm();
  expect((await submit(other.public_key, visitorAddress())).status).toBe(201);
});

it('when browsers send preflights, then they count against their address only, not against the form', async () => {
  const form = await newForm();
  for (let i = 0; i < FORM_LIMIT + 2; i += 1) {
    const preflight = await system.api.request('OPTIONS', `/api/public/web-forms/${form.public_key}/submissions/`, undefined, {
      headers: { 'x-forwarded-for': visitorAddress(), origin: 'https://www.example.test', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(204);
  }
  expect((await submit(form.public_key, visitorAddress())).status).toBe(201);
});
