import { rmSync } from 'node:fs';
import { startSystem } from '@crm/system';
import { ApiClient } from '../support/api-client';
import { createLead } from '../support/leads';
import { eventually, registerTenant } from '../support/tenants';

/**
 * The embedded default keeps its data across restarts (architecture §5): the databases in EMBEDDED_DATA_DIR,
 * and the in-process bus's queues and bindings in its journal. Runs in `npm run test:embedded` only.
 */
describe('the embedded default across a restart', () => {
  afterAll(() => rmSync(process.env.EMBEDDED_DATA_DIR!, { recursive: true, force: true }));
  const start = async () => {
    const system = await startSystem({ env: { ...process.env, THROTTLE_RATES: 'read=100000/hour,write=100000/hour,anon=100000/minute,unauthenticated=100000/minute' }, ports: 'any' });
    return { system, api: new ApiClient(system.gatewayUrl) };
  };

  it('keeps every record, and events still flow between the services afterwards', async () => {
    expect(process.env.DATABASE_URL).toBeUndefined();
    const first = await start();
    const admin = await registerTenant(first.api, 'Restart Ltd');
    const lead = await createLead(first.api, admin.access, { first_name: 'Ada', company_name: 'Ada Inc' });
    await first.system.stop();

    const second = await start();
    try {
      expect((await second.api.get(`/api/leads/${lead.id}/`, { token: admin.access })).body.first_name).toBe('Ada');
      // A conversion needs leads → contacts and accounts-opportunities → leads through the bus.
      const other = await createLead(second.api, admin.access, { first_name: 'Grace', company_name: 'Grace Inc', opportunity_amount: '10.00' });
      const converted = await second.api.put(`/api/leads/${other.id}/`, { first_name: 'Grace', company_name: 'Grace Inc', opportunity_amount: '10.00', status: 'converted' }, { token: admin.access });
      expect(converted.status).toBe(200);
      expect(converted.body).toMatchObject({ status: 'converted', account_id: expect.any(String), contact_id: expect.any(String), opportunity_id: expect.any(String) });
      const accounts = await eventually(async () => {
        const res = await second.api.get('/api/accounts/', { token: admin.access });
        return res.body.count === 1 ? res.body.results : undefined;
      });
      expect(accounts[0].name).toBe('Grace Inc');
    } finally {
      await second.system.stop();
    }
  }, 60_000);
});
