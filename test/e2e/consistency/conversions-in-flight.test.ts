import { randomUUID } from 'node:crypto';
import { createLead } from '../../support/leads';
import type { TestSystem } from '../../support/system';
import type { TenantAdmin } from '../../support/tenants';
import { startWithTenant } from '../../support/suite';

/**
 * The ids of a conversion answered `pending` (api-contract §4: the bounded wait ended before contacts and
 * accounts-opportunities made the records) name records on their way: a write naming one is a 503 to
 * repeat while a conversion is still making it, never a 400 for an id the API handed out (architecture §1);
 * once made, the same write is accepted. An id that exists nowhere is a 400 as ever.
 */
let system: TestSystem, admin: TenantAdmin;

beforeAll(async () => {
  // The conversion answers soon: its records wait for the consumers this suite stops.
  ({ system, admin } = await startWithTenant({ settings: { CONVERSION_WAIT_MS: '200' } }));
});
afterAll(() => system.stop());

const post = (path: string, body: Record<string, unknown>) => system.api.post(path, body, { token: admin.access });

it('when a conversion is pending, then writes naming its account, contact or opportunity are 503 until they are made, then accepted', async () => {
  const body = { first_name: 'Pending', last_name: 'Lead', company_name: 'Pending Co', opportunity_amount: '10.00' };
  const lead = await createLead(system.api, admin.access, body);
  // Neither consumer hears lead.converted for now: both services answer requests, neither has the records.
  await system.services.contacts!.consumer!.stop();
  await system.services['accounts-opportunities']!.consumer!.stop();
  let restarted = false;
  try {
    const conversion = await system.api.put(`/api/leads/${lead.id}/`, { ...body, status: 'converted' }, { token: admin.access });
    expect(conversion.status).toBe(200);
    expect(conversion.body.conversion_status).toBe('pending');
    const { account_id: accountId, contact_id: contactId, opportunity_id: opportunityId } = conversion.body;

    const writes: Array<[string, Record<string, unknown>]> = [
      ['/api/contacts/', { first_name: 'Colleague', account_id: accountId }],
      ['/api/tasks/', { title: 'Call the new contact', contact_id: contactId }],
      ['/api/tasks/', { title: 'About the new account', account_id: accountId }],
      ['/api/tasks/', { title: 'About the new deal', opportunity_id: opportunityId }],
      ['/api/opportunities/', { name: 'Upsell', account_id: accountId, contact_ids: [contactId] }],
    ];
    for (const [path, write] of writes) {
      const res = await post(path, write);
      expect({ path, write, status: res.status }).toEqual({ path, write, status: 503 });
      expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(res.body).toEqual({ detail: expect.stringMatching(/conversion/) });
    }
    // A bad id besides is still a 400 at once: only ids a conversion holds are answered "not yet".
    const nowhere = await post('/api/tasks/', { title: 'Nowhere', contact_id: randomUUID() });
    expect(nowhere.status).toBe(400);
    expect(nowhere.body.errors).toHaveProperty('contact_id');

    await Promise.all([system.stopService('contacts'), system.stopService('accounts-opportunities')]);
    await Promise.all([system.startService('contacts'), system.startService('accounts-opportunities')]);
    restarted = true;
    // As a client would: each write again after its Retry-After, until the records are made.
    for (const [path, write] of writes) {
      const deadline = Date.now() + 20_000;
      let res = await post(path, write);
      while (res.status === 503 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, Number(res.headers.get('retry-after')) * 1000));
        res = await post(path, write);
      }
      expect({ path, write, status: res.status }).toEqual({ path, write, status: 201 });
    }
  } finally {
    if (!restarted) {
      await Promise.all([system.stopService('contacts'), system.stopService('accounts-opportunities')]);
      await Promise.all([system.startService('contacts'), system.startService('accounts-opportunities')]);
    }
  }
}, 90_000);
