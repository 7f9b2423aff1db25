import { randomUUID } from 'node:crypto';
import { auditEntries, outboxEvents, publishEvent, waitForHandled } from '../../support/events';
import { createLead } from '../../support/leads';
import type { TestSystem } from '../../support/system';
import { eventually, type Member, type TenantAdmin } from '../../support/tenants';
import { addAccount, createContact } from './support';
import { startWithTenant } from '../../support/suite';

/**
 * `POST /api/contacts/<keeper_id>/merge/` (api-contract §4) through the gateway, and
 * how contacts follow merges of leads (`lead.merged`) and leads follow merges of contacts.
 */
let system: TestSystem, admin: TenantAdmin, seller: Member, stranger: TenantAdmin;

beforeAll(async () => {
  ({ system, admin, seller, stranger } = await startWithTenant({ members: { seller: true }, tenants: { stranger: 'Stranger' } }));
  const res = await system.api.post('/api/contacts/custom-fields/', { key: 'hobby', label: 'Hobby', field_type: 'text' }, { token: admin.access });
  expect(res.status).toBe(201);
});
afterAll(() => system.stop());

const merge = (keeperId: string, body: unknown, token = admin.access) => system.api.post(`/api/contacts/${keeperId}/merge/`, body, { token });
const read = (id: string, token = admin.access) => system.api.get(`/api/contacts/${id}/`, { token });

/** Converts a new lead; answers the lead and the contact the conversion created (linked to the lead). */
async function convertedLead(name: string): Promise<{ leadId: string; contactId: string }> {
  const lead = await createLead(system.api, admin.access, { first_name: name, last_name: 'Converted' });
  const res = await system.api.put(`/api/leads/${lead.id}/`, { first_name: name, last_name: 'Converted', status: 'converted' }, { token: admin.access });
  expect(res.body.conversion_status).toBe('completed');
  return { leadId: lead.id, contactId: res.body.contact_id };
}

describe('a contact merge that succeeds', () => {
  it('when two contacts merge, then the keeper’s values and owner win, blanks are filled by group, tags and lead links combine', async () => {
    const account = await addAccount(system, admin, 'Langley');
    const first = await convertedLead('First');
    const second = await convertedLead('Second');
    const other = await system.api.patch(
      `/api/contacts/${second.contactId}/`,
      {
        title: 'Engineer',
        phone: '+1 757 864 1000',
        account_id: account.id,
        linkedin_url: 'https://www.linkedin.com/in/other',
        email: 'other@example.test',
        tags: ['a', 'b'],
        custom_fields: { hobby: 'chess' },
        owner_id: seller.profileId,
      },
      { token: admin.access },
    );
    expect(other.status).toBe(200);
    const keeper = await system.api.patch(`/api/contacts/${first.contactId}/`, { email: 'keeper@example.test', tags: ['a'], account_id: null }, { token: admin.access });
    expect(keeper.status).toBe(200);

    const res = await merge(first.contactId, { merge_id: second.contactId });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: first.contactId,
      first_name: 'First',
      last_name: 'Converted',
      email: 'keeper@example.test',
      phone: '+1 757 864 1000',
      title: 'Engineer',
      account: { id: account.id, name: 'Langley' },
      linkedin_url: 'https://www.linkedin.com/in/other',
      tags: ['a', 'b'],
      custom_fields: { hobby: 'chess' },
      owner: { id: admin.profileId, email: admin.email },
      lead_ids: [first.leadId, second.leadId],
    });
    expect((await read(second.contactId)).status).toBe(404);
  });

  it('when contacts merge, then notes and files move, and contact.updated, contact.merged and contact.deleted (with its owner) are written, with an audit entry', async () => {
    const keeper = await createContact(system.api, admin.access, { first_name: 'Keeper' });
    const other = await createContact(system.api, admin.access, { first_name: 'Other', email: 'moved@example.test', owner_id: seller.profileId });
    await system.api.post(`/api/contacts/${other.id}/notes/`, { body: 'note on the other' }, { token: admin.access });
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array([9, 8, 7])]), 'card.vcf');
    const file = await system.api.post(`/api/contacts/${other.id}/attachments/`, undefined, { token: admin.access, rawBody: form });
    expect(file.status).toBe(201);

    expect((await merge(keeper.id, { merge_id: other.id })).status).toBe(200);
    const notes = await system.api.get(`/api/contacts/${keeper.id}/notes/`, { token: admin.access });
    expect(notes.body.results.map((note: { body: string }) => note.body)).toEqual(['note on the other']);
    const files = await system.api.get(`/api/contacts/${keeper.id}/attachments/`, { token: admin.access });
    expect(files.body.results.map((item: { id: string }) => item.id)).toEqual([file.body.id]);

    const keeperEvents = await outboxEvents(system, 'contacts', keeper.id);
    expect(keeperEvents.map((event) => event.type)).toEqual(['contact.created', 'contact.updated', 'contact.merged']);
    const merged = {
      keeper_id: keeper.id,
      merged_id: other.id,
      fields_from_keeper: ['owner_id', 'first_name'],
      fields_from_merged: ['email'],
      merged_assigned_to: [seller.profileId],
      keeper_version: 2,
    };
    expect(keeperEvents[2]!.data).toEqual(merged);
    const otherEvents = await outboxEvents(system, 'contacts', other.id);
    expect(otherEvents.at(-1)).toEqual({ type: 'contact.deleted', data: { id: other.id, assigned_to: [seller.profileId], version: 2, merged_into: keeper.id } });
    const entries = await auditEntries(system, admin, keeper.id, 3);
    expect(entries.find((entry: { type: string }) => entry.type === 'contact.merged')).toMatchObject({ actor: { profile_id: admin.profileId }, data: merged });
  });

  it('when 20 merges of one pair race, then one merges and the others get 404', async () => {
    const a = await createContact(system.api, admin.access, { first_name: 'A' });
    const b = await createContact(system.api, admin.access, { first_name: 'B' });
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? merge(a.id, { merge_id: b.id }) : merge(b.id, { merge_id: a.id }))));
    expect(answers.filter((res) => res.status === 200)).toHaveLength(1);
    expect(answers.filter((res) => res.status === 404)).toHaveLength(19);
  });
});

describe('a contact merge that is refused changes nothing', () => {
  it('when either contact is hidden or missing, then 404 as for a random id; without the right to delete the other, 403', async () => {
    const own = await createContact(system.api, seller.access, { first_name: 'Own' });
    const hidden = await createContact(system.api, admin.access, { first_name: 'Hidden' });
    const owned = await createContact(system.api, admin.access, { first_name: 'Owned, not created', owner_id: seller.profileId });
    const foreign = await createContact(system.api, stranger.access, { first_name: 'Foreign' });
    const before = await Promise.all([own, hidden, owned].map(async (contact) => (await read(contact.id)).body));
    const random = await merge(randomUUID(), { merge_id: randomUUID() }, seller.access);
    for (const [keeperId, mergeId, token] of [
      [own.id, hidden.id, seller.access],
      [hidden.id, own.id, seller.access],
      [own.id, foreign.id, admin.access],
      [own.id, randomUUID(), seller.access],
    ] as const) {
      const res = await merge(keeperId, { merge_id: mergeId }, token);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(random.body);
    }
    const forbidden = await merge(own.id, { merge_id: owned.id }, seller.access);
    expect(forbidden.status).toBe(403);
    expect(await Promise.all([own, hidden, owned].map(async (contact) => (await read(contact.id)).body))).toEqual(before);
    expect((await read(foreign.id, stranger.access)).status).toBe(200);
  });

  it('when a contact is merged into itself or merge_id is malformed, then 400 on merge_id', async () => {
    const contact = await createContact(system.api, admin.access, { first_name: 'Self' });
    for (const body of [{ merge_id: contact.id }, { merge_id: 'nope' }, { merge_id: null }, {}]) {
      const res = await merge(contact.id, body);
      expect(res.status).toBe(400);
      expect(res.body.errors).toHaveProperty('merge_id');
    }
    expect((await read(contact.id)).status).toBe(200);
  });
});

describe('links across services follow merges', () => {
  it('when a lead linked to contacts is merged away (lead.merged), then the contacts link the keeper and announce the change', async () => {
    const { leadId, contactId } = await convertedLead('Linked');
    const keeperLeadId = randomUUID();
    const eventId = await publishEvent({
      source: 'leads',
      type: 'lead.merged',
      tenantId: admin.orgId,
      subject: keeperLeadId,
      data: {
        keeper_id: keeperLeadId,
        merged_id: leadId,
        fields_from_keeper: [],
        fields_from_merged: [],
        merged_assigned_to: [admin.profileId],
        keeper_version: 1,
      },
    });
    await waitForHandled(system, 'contacts', eventId);
    expect((await read(contactId)).body.lead_ids).toEqual([keeperLeadId]);
    const events = await outboxEvents(system, 'contacts', contactId);
    expect(events.at(-1)).toMatchObject({ type: 'contact.updated', data: { lead_ids: [keeperLeadId], version: 2 } });
  });

  it('when a converted lead’s contact is merged away, then the lead points at the kept contact', async () => {
    const { leadId, contactId } = await convertedLead('Followed');
    const keeper = await createContact(system.api, admin.access, { first_name: 'Kept' });
    expect((await merge(keeper.id, { merge_id: contactId })).status).toBe(200);
    const leads = system.services.leads!.dataSource;
    await eventually(async () => {
      const [row] = await leads.query(`SELECT record_id FROM lead_conversion_records WHERE lead_id = $1 AND record_type = 'contact'`, [leadId]);
      return row.record_id === keeper.id ? true : undefined;
    }, 15_000, 'the converted lead to point at the kept contact');
    expect((await read(keeper.id)).body.lead_ids).toEqual([leadId]);
  });
});
