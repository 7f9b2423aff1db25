import { randomInt, randomUUID } from 'node:crypto';
import { startTestSystem, type TestSystem } from '../../support/system';
import { registerTenant, type TenantAdmin } from '../../support/tenants';

/**
 * A public web form's limits in the gateway (api-contract §8): each client address is held to the anon
 * rate, and each form to `FORM_RATE` from all addresses together; below them nothing is refused or lost.
 */
const ANON_LIMIT = 3;
const FORM_LIMIT = 8;
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

it('when one address posts past the anon rate, then 429 on the anon bucket, and the form keeps every submission it answered 201', async () => {
  const form = await newForm();
  const address = visitorAddress();
  const answers = [];
  for (let i = 0; i < ANON_LIMIT + 2; i += 1) answers.push(await submit(form.public_key, address));
  expect(answers.map((answer) => answer.status)).toEqual([...Array(ANON_LIMIT).fill(201), 429, 429]);
  expect(answers[ANON_LIMIT]!.headers.get('ratelimit-policy')).toBe(`"anon";q=${ANON_LIMIT};w=60`);
  expect(answers[ANON_LIMIT]!.body).toEqual({ detail: expect.any(String), retry_after: expect.any(Number) });
  expect(await submissionCount(form.id)).toBe(ANON_LIMIT);
  // Another address is not held to this one's count.
  expect((await submit(form.public_key, visitorAddress())).status).toBe(201);
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
