import type { ApiClient } from '../../support/api-client';
import { startProcessSystemWithTenant, type ProcessSystem } from '../../support/process-system';
import { eventually, type TenantAdmin } from '../../support/tenants';

/**
 * api-contract §4: everything that points to a merged-away record moves to the keeper, in every service, through
 * `lead.merged` / `contact.merged` — also when the service holding the link is down during the merge,
 * and when the link itself arrives after the merge (a late message). Every service runs in its own
 * process, as in production, so one can be stopped while the others go on.
 */
let system: ProcessSystem, api: ApiClient, admin: TenantAdmin;

beforeAll(async () => ({ system, api, admin } = await startProcessSystemWithTenant({ CONVERSION_WAIT_MS: '1500' })), 120_000);
afterAll(() => system?.close(), 60_000);

const token = () => ({ token: admin.access });

async function created(path: string, body: Record<string, unknown>): Promise<any> {
  const res = await api.post(path, body, token());
  expect(res.status).toBe(201);
  return res.body;
}

/** A task about `about`, written the moment the record it names was created, as a client would. */
const taskAbout = (about: Record<string, string>): Promise<any> => created('/api/tasks/', { title: 'Follow up', ...about });

const readTask = async (id: string) => (await api.get(`/api/tasks/${id}/`, token())).body;

describe('links follow merges across services', () => {
  it('when contacts merge, then tasks and opportunities of the merged-away contact point at the keeper', async () => {
    const keeper = await created('/api/contacts/', { first_name: 'Keeper' });
    const other = await created('/api/contacts/', { first_name: 'Other' });
    const task = await taskAbout({ contact_id: other.id });
    const opportunity = await created('/api/opportunities/', { name: 'Deal', contact_ids: [keeper.id, other.id] });

    expect((await api.post(`/api/contacts/${keeper.id}/merge/`, { merge_id: other.id }, token())).status).toBe(200);
    await eventually(async () => ((await readTask(task.id)).contact_id === keeper.id ? true : undefined), 20_000, 'the task to follow');
    const moved = (await api.get(`/api/opportunities/${opportunity.id}/`, token())).body;
    expect(moved.contact_ids).toEqual([keeper.id]);
  }, 60_000);

  it('when a lead with tasks is merged while accounts-opportunities is down, then its tasks follow once it is back, and a new task naming it lands on the keeper', async () => {
    const keeper = await created('/api/leads/', { first_name: 'Kept lead' });
    const other = await created('/api/leads/', { first_name: 'Merged lead' });
    const task = await taskAbout({ lead_id: other.id });

    await system.stop('accounts-opportunities');
    expect((await api.post(`/api/leads/${keeper.id}/merge/`, { merge_id: other.id }, token())).status).toBe(200);
    await system.start('accounts-opportunities');

    await eventually(async () => ((await readTask(task.id)).lead_id === keeper.id ? true : undefined), 20_000, 'the task to follow the lead');
    const late = await api.post('/api/tasks/', { title: 'Written with an old id', lead_id: other.id }, token());
    expect(late.status).toBe(201);
    expect(late.body.lead_id).toBe(keeper.id);
  }, 60_000);

  it('when a converted lead’s contact is merged before accounts-opportunities saw the conversion, then the late opportunity links the keeper', async () => {
    await system.stop('accounts-opportunities');
    const lead = await created('/api/leads/', { first_name: 'Late', last_name: 'Convert', opportunity_amount: '900.00' });
    const conversion = await api.put(`/api/leads/${lead.id}/`, { first_name: 'Late', last_name: 'Convert', opportunity_amount: '900.00', status: 'converted' }, token());
    expect(conversion.body.conversion_status).toBe('pending');
    const contactId = conversion.body.contact_id;
    await eventually(async () => ((await api.get(`/api/contacts/${contactId}/`, token())).status === 200 ? true : undefined), 20_000, 'the contact');
    const keeper = await created('/api/contacts/', { first_name: 'Keeper of the convert' });
    expect((await api.post(`/api/contacts/${keeper.id}/merge/`, { merge_id: contactId }, token())).status).toBe(200);

    await system.start('accounts-opportunities');
    // lead.converted and contact.merged are handled in either order, or at once: the opportunity ends on the keeper.
    const opportunity = await eventually(async () => {
      const res = await api.get(`/api/opportunities/${conversion.body.opportunity_id}/`, token());
      return res.status === 200 && res.body.contact_ids[0] === keeper.id ? res.body : undefined;
    }, 20_000, 'the late opportunity on the keeper');
    expect(opportunity.contact_ids).toEqual([keeper.id]);
    const { rows } = await system.db.query(`SELECT record_id FROM leads.lead_conversion_records WHERE lead_id = $1 AND record_type = 'contact'`, [lead.id]);
    expect(rows[0].record_id).toBe(keeper.id);
    expect((await api.get(`/api/contacts/${keeper.id}/`, token())).body.lead_ids).toEqual([lead.id]);
  }, 60_000);
});
