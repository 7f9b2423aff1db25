import { randomUUID } from 'node:crypto';
import { auditEntries, outboxEvents } from '../../support/events';
import { createLead } from '../../support/leads';
import type { TestSystem } from '../../support/system';
import type { Member, TenantAdmin } from '../../support/tenants';
import { startWithTenant } from '../../support/suite';

/**
 * `POST /api/leads/<keeper_id>/merge/` (api-contract §4), through the gateway: what the
 * kept lead holds afterwards, what moves, what is refused (and then changes nothing), the events and the
 * audit entry, and merges racing each other and a conversion.
 */
let system: TestSystem, admin: TenantAdmin, seller: Member, otherSeller: Member, clerk: Member, stranger: TenantAdmin;

beforeAll(async () => {
  ({ system, admin, seller, otherSeller, clerk, stranger } = await startWithTenant({ members: { seller: true, otherSeller: true, clerk: false }, tenants: { stranger: 'Stranger' } }));
  for (const key of ['industry', 'region']) {
    const res = await system.api.post('/api/leads/custom-fields/', { key, label: key, field_type: 'text' }, { token: admin.access });
    expect(res.status).toBe(201);
  }
});
afterAll(() => system.stop());

const merge = (keeperId: string, body: unknown, token = admin.access) => system.api.post(`/api/leads/${keeperId}/merge/`, body, { token });
const read = (id: string) => system.api.get(`/api/leads/${id}/`, { token: admin.access });

/** What a refused merge must leave exactly as it was: both leads as their admin reads them. */
async function snapshot(...ids: string[]) {
  return Promise.all(ids.map(async (id) => (await read(id)).body));
}

describe('a merge that succeeds', () => {
  it('when two leads merge, then the keeper’s values, status and position win and its blanks are filled by group', async () => {
    const keeper = await createLead(system.api, admin.access, {
      first_name: 'Ada',
      email: 'ada@example.test',
      status: 'qualified',
      board_position: 7,
      tags: ['vip', 'web'],
      custom_fields: { industry: 'Computing' },
    });
    const other = await createLead(system.api, admin.access, {
      first_name: 'Augusta',
      last_name: 'King',
      title: 'Countess',
      email: 'augusta@example.test',
      phone: '+44 20 7946 0000',
      company_name: 'Analytical Engines',
      source: 'referral',
      status: 'contacted',
      opportunity_amount: '1250.00',
      currency: 'GBP',
      tags: ['web', 'math'],
      custom_fields: { industry: 'Weaving', region: 'London' },
      assigned_to_id: seller.profileId,
    });
    const res = await merge(keeper.id, { merge_id: other.id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: keeper.id,
      // The name is one group: the keeper has a first name, so the other's last name is not taken.
      first_name: 'Ada',
      last_name: null,
      title: 'Countess',
      email: 'ada@example.test',
      phone: '+44 20 7946 0000',
      company_name: 'Analytical Engines',
      source: 'referral',
      status: 'qualified',
      board_position: 7,
      opportunity_amount: '1250.00',
      currency: 'GBP',
      tags: ['vip', 'web', 'math'],
      custom_fields: { industry: 'Computing', region: 'London' },
      assigned_to: { id: admin.profileId, email: admin.email },
    });
    expect((await read(keeper.id)).body).toMatchObject({ ...res.body, custom_field_definitions: expect.any(Array) });
    expect((await read(other.id)).status).toBe(404);
  });

  it('when the keeper has no name at all, then first and last name come together from the other', async () => {
    const keeper = await createLead(system.api, admin.access, { company_name: 'Nameless Ltd', opportunity_amount: '10.00', currency: 'EUR' });
    const other = await createLead(system.api, admin.access, { first_name: 'Named', last_name: 'Person', opportunity_amount: '99.00', currency: 'USD' });
    const res = await merge(keeper.id, { merge_id: other.id });
    expect(res.body).toMatchObject({ first_name: 'Named', last_name: 'Person', opportunity_amount: '10.00', currency: 'EUR' });
  });

  it('when the merged-away lead has notes and files, then they belong to the keeper afterwards', async () => {
    const keeper = await createLead(system.api, admin.access, { first_name: 'Keeper' });
    const other = await createLead(system.api, admin.access, { first_name: 'Other' });
    await system.api.post(`/api/leads/${keeper.id}/notes/`, { body: 'on the keeper' }, { token: admin.access });
    await system.api.post(`/api/leads/${other.id}/notes/`, { body: 'on the other' }, { token: admin.access });
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array([1, 2, 3])]), 'brief.txt');
    const file = await system.api.post(`/api/leads/${other.id}/attachments/`, undefined, { token: admin.access, rawBody: form });
    expect(file.status).toBe(201);

    expect((await merge(keeper.id, { merge_id: other.id })).status).toBe(200);
    const notes = await system.api.get(`/api/leads/${keeper.id}/notes/`, { token: admin.access });
    expect(notes.body.results.map((note: { body: string }) => note.body).sort()).toEqual(['on the keeper', 'on the other']);
    const files = await system.api.get(`/api/leads/${keeper.id}/attachments/`, { token: admin.access });
    expect(files.body.results.map((item: { id: string }) => item.id)).toEqual([file.body.id]);
    const download = await fetch(`${system.gatewayUrl}/api/leads/${keeper.id}/attachments/${file.body.id}/`, {
      headers: { authorization: `Bearer ${admin.access}` },
    });
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
  });

  it('when leads merge, then lead.updated, lead.merged and lead.deleted (with the merged-away owner) are written, and the audit log has the merge', async () => {
    const keeper = await createLead(system.api, admin.access, { first_name: 'Audited', email: 'audited@example.test' });
    const other = await createLead(system.api, admin.access, { first_name: 'Gone', phone: '555 010 9999', assigned_to_id: otherSeller.profileId });
    expect((await merge(keeper.id, { merge_id: other.id })).status).toBe(200);

    const keeperEvents = await outboxEvents(system, 'leads', keeper.id);
    expect(keeperEvents.map((event) => event.type)).toEqual(['lead.created', 'lead.updated', 'lead.merged']);
    expect(keeperEvents[1]!.data).toMatchObject({ id: keeper.id, phone: '555 010 9999', version: 2 });
    const merged = {
      keeper_id: keeper.id,
      merged_id: other.id,
      fields_from_keeper: expect.arrayContaining(['first_name', 'email', 'status', 'board_position', 'assigned_to']),
      fields_from_merged: ['phone'],
      merged_assigned_to: [otherSeller.profileId],
      keeper_version: 2,
    };
    expect(keeperEvents[2]!.data).toEqual(merged);
    const otherEvents = await outboxEvents(system, 'leads', other.id);
    expect(otherEvents.map((event) => event.type)).toEqual(['lead.created', 'lead.deleted']);
    expect(otherEvents[1]!.data).toEqual({ id: other.id, assigned_to: [otherSeller.profileId], version: 2, merged_into: keeper.id });

    const entries = await auditEntries(system, admin, keeper.id, 3);
    const entry = entries.find((candidate: { type: string }) => candidate.type === 'lead.merged');
    expect(entry).toMatchObject({ record_id: keeper.id, actor: { profile_id: admin.profileId }, data: merged });
  });

  it('when nothing of the keeper changes, then no lead.updated is written and its version stays', async () => {
    const keeper = await createLead(system.api, admin.access, { first_name: 'Full', last_name: 'Keeper', email: 'full@example.test' });
    const other = await createLead(system.api, admin.access, { email: 'other@example.test' });
    const res = await merge(keeper.id, { merge_id: other.id });
    expect(res.body.updated_at).toBe(keeper.updated_at);
    const events = await outboxEvents(system, 'leads', keeper.id);
    expect(events.map((event) => event.type)).toEqual(['lead.created', 'lead.merged']);
    expect(events[1]!.data.keeper_version).toBe(1);
  });

  it('when a member created the merged-away lead and may open the keeper, then they may merge', async () => {
    const keeper = await createLead(system.api, admin.access, { first_name: 'Theirs', assigned_to_id: seller.profileId });
    const own = await createLead(system.api, seller.access, { first_name: 'Mine' });
    const res = await merge(keeper.id, { merge_id: own.id }, seller.access);
    expect(res.status).toBe(200);
    expect(res.body.assigned_to.id).toBe(seller.profileId);
  });
});

describe('a merge that is refused changes nothing', () => {
  it('when either lead is hidden or missing, then 404 with the body of a random id', async () => {
    const visible = await createLead(system.api, seller.access, { first_name: 'Visible' });
    const hidden = await createLead(system.api, admin.access, { first_name: 'Hidden' });
    const foreign = await createLead(system.api, stranger.access, { first_name: 'Foreign' });
    const before = await snapshot(visible.id, hidden.id);
    const random = await merge(randomUUID(), { merge_id: randomUUID() }, seller.access);
    expect(random.status).toBe(404);
    for (const [keeperId, mergeId, token] of [
      [visible.id, hidden.id, seller.access],
      [hidden.id, visible.id, seller.access],
      [visible.id, randomUUID(), seller.access],
      [randomUUID(), visible.id, seller.access],
      [visible.id, foreign.id, admin.access],
      [foreign.id, visible.id, admin.access],
      ['not-a-uuid', visible.id, seller.access],
    ] as const) {
      const res = await merge(keeperId, { merge_id: mergeId }, token);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(random.body);
    }
    expect(await snapshot(visible.id, hidden.id)).toEqual(before);
    expect((await system.api.get(`/api/leads/${foreign.id}/`, { token: stranger.access })).status).toBe(200);
  });

  it('when the caller may open but not delete the merged-away lead, then 403', async () => {
    const keeper = await createLead(system.api, seller.access, { first_name: 'Seller keeps' });
    const assigned = await createLead(system.api, admin.access, { first_name: 'Assigned, not created', assigned_to_id: seller.profileId });
    const before = await snapshot(keeper.id, assigned.id);
    const res = await merge(keeper.id, { merge_id: assigned.id }, seller.access);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: expect.any(String) });
    expect(await snapshot(keeper.id, assigned.id)).toEqual(before);
  });

  it('when a member has no sales access, then 403', async () => {
    const res = await merge(randomUUID(), { merge_id: randomUUID() }, clerk.access);
    expect(res.status).toBe(403);
  });

  it('when either lead is converted, then 400 and both stay', async () => {
    const open = await createLead(system.api, admin.access, { first_name: 'Open' });
    const converted = await createLead(system.api, admin.access, { first_name: 'Converted' });
    expect((await system.api.put(`/api/leads/${converted.id}/`, { first_name: 'Converted', status: 'converted' }, { token: admin.access })).status).toBe(200);
    const before = await snapshot(open.id, converted.id);
    const asKeeper = await merge(converted.id, { merge_id: open.id });
    expect(asKeeper.status).toBe(400);
    expect(asKeeper.body.errors).toHaveProperty('non_field_errors');
    const asMerged = await merge(open.id, { merge_id: converted.id });
    expect(asMerged.status).toBe(400);
    expect(asMerged.body.errors).toHaveProperty('merge_id');
    expect(await snapshot(open.id, converted.id)).toEqual(before);
  });

  it.each([
    ['no merge_id', {}],
    ['a malformed merge_id', { merge_id: 'abc' }],
    ['a number as merge_id', { merge_id: 42 }],
    ['an unknown field', { merge_id: '00000000-0000-4000-8000-000000000000', keep: 'both' }],
  ])('when the body has %s, then 400', async (_label, body) => {
    const keeper = await createLead(system.api, admin.access, { first_name: 'Body' });
    const res = await merge(keeper.id, body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(true);
    expect(Object.keys(res.body.errors)).toEqual([Object.keys(body).find((key) => key !== 'merge_id') ?? 'merge_id']);
  });

  it('when a lead is merged into itself, then 400 on merge_id and it stays', async () => {
    const lead = await createLead(system.api, admin.access, { first_name: 'Self' });
    const res = await merge(lead.id, { merge_id: lead.id });
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty('merge_id');
    expect((await read(lead.id)).status).toBe(200);
  });
});

describe('merges under concurrency', () => {
  it('when 20 merges of the same pair race (both ways round), then exactly one merges and the rest get 404', async () => {
    const a = await createLead(system.api, admin.access, { first_name: 'Racer A', tags: ['a'] });
    const b = await createLead(system.api, admin.access, { first_name: 'Racer B', tags: ['b'] });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? merge(a.id, { merge_id: b.id }) : merge(b.id, { merge_id: a.id }))),
    );
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 404)).toHaveLength(19);
    const winner = answers.find((res) => res.status === 200)!.body;
    const loser = winner.id === a.id ? b : a;
    expect(winner.tags.sort()).toEqual(['a', 'b']);
    expect((await read(loser.id)).status).toBe(404);
    const merges = (await outboxEvents(system, 'leads', winner.id)).filter((event) => event.type === 'lead.merged');
    expect(merges).toHaveLength(1);
  });

  it('when a merge races a conversion of the merged-away lead, then exactly one of them happens', async () => {
    for (let round = 0; round < 5; round += 1) {
      const keeper = await createLead(system.api, admin.access, { first_name: 'Keeper', last_name: `Round ${round}` });
      const contested = await createLead(system.api, admin.access, { first_name: 'Contested', last_name: `Round ${round}` });
      const [merged, converted] = await Promise.all([
        merge(keeper.id, { merge_id: contested.id }),
        system.api.put(`/api/leads/${contested.id}/`, { first_name: 'Contested', last_name: `Round ${round}`, status: 'converted' }, { token: admin.access }),
      ]);
      const outcome = [merged.status, converted.status].sort();
      if (merged.status === 200) {
        expect(outcome).toEqual([200, 404]);
        expect((await read(contested.id)).status).toBe(404);
      } else {
        expect(outcome).toEqual([200, 400]);
        expect((await read(contested.id)).body.status).toBe('converted');
        expect((await read(keeper.id)).body.status).toBe('new');
      }
    }
  });
});
