import { randomUUID } from 'node:crypto';
import { createLead } from '../../support/leads';
import type { TestSystem } from '../../support/system';
import type { Member, TenantAdmin } from '../../support/tenants';
import { startWithTenant } from '../../support/suite';

/**
 * A lead's detail is read by a query shared with the other details asked for in the same turn
 * (`batchedLookup`, the most frequent request): each answer must still be its own caller's. What every
 * entity answers to whom is in `conformance/access.test.ts`.
 */
let system: TestSystem, admin: TenantAdmin, seller: Member, otherSeller: Member, stranger: TenantAdmin, sellersLead: any, adminsLead: any, strangersLead: any;

beforeAll(async () => {
  ({ system, admin, seller, otherSeller, stranger } = await startWithTenant({ members: { seller: true, otherSeller: true }, tenants: { stranger: 'Stranger' } }));
  sellersLead = await createLead(system.api, seller.access, { first_name: 'Seller owns' });
  adminsLead = await createLead(system.api, admin.access, { first_name: 'Admin only' });
  strangersLead = await createLead(system.api, stranger.access, { first_name: 'Stranger owns' });
});
afterAll(() => system.stop());

describe('lead details read together', () => {
  it('when details are read by several callers of two tenants at the same moment, then each gets what they may open and nothing else', async () => {
    // Reads that reach the leads service together are answered by one query (batchedLookup): each must
    // still be answered for its own caller.
    const reads = [
      { id: adminsLead.id, token: admin.access, status: 200, firstName: 'Admin only' },
      { id: adminsLead.id.toUpperCase(), token: admin.access, status: 404 }, // ids are lower case; others are malformed
      { id: adminsLead.id, token: seller.access, status: 404 },
      { id: sellersLead.id, token: seller.access, status: 200, firstName: sellersLead.first_name },
      { id: sellersLead.id, token: otherSeller.access, status: 404 },
      { id: strangersLead.id, token: stranger.access, status: 200, firstName: 'Stranger owns' },
      { id: strangersLead.id, token: admin.access, status: 404 },
      { id: randomUUID(), token: admin.access, status: 404 },
    ];
    for (let round = 0; round < 5; round += 1) {
      const answers = await Promise.all(reads.map(({ id, token }) => system.api.get(`/api/leads/${id}/`, { token })));
      expect(answers.map((res) => [res.status, res.body.first_name])).toEqual(reads.map(({ status, firstName }) => [status, firstName]));
    }
  });
});
