import { createLead } from '../../support/leads';
import type { TestSystem } from '../../support/system';
import { registerTenant, type TenantAdmin } from '../../support/tenants';
import { startWithTenant } from '../../support/suite';

/** api-contract §6: a converted lead stays converted, whatever write reaches it. */
let system: TestSystem, admin: TenantAdmin;

beforeAll(async () => ({ system, admin } = await startWithTenant()));
afterAll(() => system.stop());

const FORM = { first_name: 'Ada', last_name: 'Lovelace', company_name: 'Analytical Engines', opportunity_amount: '1250.00' };

async function convertedLead(token = admin.access): Promise<string> {
  const lead = await createLead(system.api, token, FORM);
  const conversion = await system.api.put(`/api/leads/${lead.id}/`, { ...FORM, status: 'converted' }, { token });
  expect(conversion.status).toBe(200);
  return lead.id;
}

/** The lead as a client reads it: the record and its ETag (the version), which no refused write may move. */
async function read(id: string, token = admin.access) {
  const res = await system.api.get(`/api/leads/${id}/`, { token });
  expect(res.status).toBe(200);
  return { body: res.body, etag: res.headers.get('etag') };
}

describe('a converted lead', () => {
  it('when it is PUT without status (which would reset it to new), then 422 and the lead is unchanged', async () => {
    const id = await convertedLead();
    const before = await read(id);

    const res = await system.api.put(`/api/leads/${id}/`, { ...FORM, title: 'Countess' }, { token: admin.access });

    expect(res.status).toBe(422);
    expect(res.body).toEqual({ detail: expect.any(String) });
    const after = await read(id);
    expect(after.body.status).toBe('converted');
    expect(after).toEqual(before);
  });

  it('when its status is PATCHed to another value, then 422 and the lead is unchanged', async () => {
    const id = await convertedLead();
    const before = await read(id);

    for (const status of ['new', 'qualified']) {
      const res = await system.api.patch(`/api/leads/${id}/`, { status, title: 'Countess' }, { token: admin.access });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ detail: expect.any(String) });
    }

    expect(await read(id)).toEqual(before);
  });

  it('when a client resends the form without status and then converts it again, then both are 422 and it has one account, contact and opportunity', async () => {
    const tenant = await registerTenant(system.api, 'Twice');
    const id = await convertedLead(tenant.access);

    expect((await system.api.put(`/api/leads/${id}/`, FORM, { token: tenant.access })).status).toBe(422);
    const again = await system.api.put(`/api/leads/${id}/`, { ...FORM, status: 'converted' }, { token: tenant.access });

    expect(again.status).toBe(422);
    expect(again.body).toEqual({ detail: expect.any(String) });
    const count = async (path: string) => (await system.api.get(path, { token: tenant.access })).body.count;
    expect({
      accounts: await count('/api/accounts/'),
      contacts: await count('/api/contacts/'),
      opportunities: await count('/api/opportunities/'),
    }).toEqual({ accounts: 1, contacts: 1, opportunities: 1 });
    expect((await read(id, tenant.access)).body.status).toBe('converted');
  });

  it('when it is PATCHed without a change of status, then its other fields change and it stays converted', async () => {
    const id = await convertedLead();

    const res = await system.api.patch(`/api/leads/${id}/`, { status: 'converted', title: 'Countess' }, { token: admin.access });

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'converted', title: 'Countess' });
  });
});
