import { randomUUID } from 'node:crypto';
import { contactsService } from '@crm/contacts';
import type { CrmEvent } from '@crm/platform';
import { eventAbout, newTenant, startComponent, type EventInput, type Member, type ServiceComponent, type ScopesFor } from '@crm/testing';

/** What the gateway forwards of a user's token for these routes (each service checks the route's scope again). */
const CONTACTS_SCOPES: ScopesFor = () => ['contacts:read', 'contacts:write'];

/**
 * The contacts service alone, asked by auth to give a member's contacts to another
 * (`profile.reassignment_requested`, api-contract §10.2): each contact moves once, announced by its
 * `contact.updated`, and the service reports once (`contacts.records_reassigned`), however often the
 * request is delivered.
 */
let contacts: ServiceComponent;
beforeAll(async () => (contacts = await startComponent(contactsService)));
afterAll(() => contacts?.stop());

/** `profile.reassignment_requested` as auth publishes it, `admin` asking. */
const reassignmentRequested = (admin: Member, from: Member, to: Member): EventInput => {
  const reassignmentId = randomUUID();
  return {
    source: 'auth',
    type: 'profile.reassignment_requested',
    tenantId: admin.tenantId,
    subject: reassignmentId,
    actor: admin.actor,
    data: { reassignment_id: reassignmentId, from: from.profileId, to: to.profileId, to_email: to.email },
  };
};

const createContact = async (admin: Member, owner: Member, firstName: string): Promise<string> => {
  const res = await contacts.call('POST', '/api/contacts/', { as: admin.caller, body: { first_name: firstName, owner_id: owner.profileId } });
  expect(res.status).toBe(201);
  return res.body.id;
};

const stored = async (ids: string[]) =>
  contacts.sql<{ id: string; owner_id: string; version: number }>('SELECT id, owner_id, version FROM contacts WHERE id = ANY($1::uuid[]) ORDER BY id', [ids]);

/** The events the service wrote to its outbox about `subject`, by type. */
const outboxTypes = async (subject: string): Promise<string[]> =>
  (await contacts.sql<{ type: string }>('SELECT type FROM outbox WHERE subject = $1 ORDER BY seq', [subject])).map((row) => row.type);

describe('a reassignment of contacts', () => {
  it('when the request is delivered, then every contact owned by `from` is `to`’s, a version on, with one contact.updated each, and one report counts them; delivered again, it moves nothing', async () => {
    const tenant = newTenant(CONTACTS_SCOPES);
    const [admin, from, to, other] = [tenant.admin(), tenant.member(), tenant.member(), tenant.member()];
    await contacts.publishProfiles(admin, from, to, other);
    const moving = [await createContact(admin, from, 'Ada'), await createContact(admin, from, 'Grace'), await createContact(admin, from, 'Alan')];
    const kept = await createContact(admin, other, 'Marie');

    const request = await contacts.deliver(reassignmentRequested(admin, from, to));
    const [report] = await contacts.published(eventAbout('contacts.records_reassigned', request.subject));
    expect(report).toMatchObject({
      source: 'contacts',
      tenantid: tenant.id,
      actor: admin.actor,
      data: { reassignment_id: request.subject, service: 'contacts', moved: { contacts: 3 } },
    });
    // The broker repeats the request after the report: the inbox skips it.
    await contacts.redeliver(request as CrmEvent);

    expect(await stored(moving)).toEqual(moving.sort().map((id) => ({ id, owner_id: to.profileId, version: 2 })));
    expect(await stored([kept])).toEqual([{ id: kept, owner_id: other.profileId, version: 1 }]);
    for (const id of moving) {
      expect(await outboxTypes(id)).toEqual(['contact.created', 'contact.updated']);
      const [updated] = await contacts.published(eventAbout('contact.updated', id));
      expect(updated).toMatchObject({ actor: admin.actor, data: { id, owner: { id: to.profileId, email: to.email }, version: 2 } });
    }
    expect(await outboxTypes(kept)).toEqual(['contact.created']);
    expect(await outboxTypes(request.subject)).toEqual(['contacts.records_reassigned']);
    const read = await contacts.call('GET', `/api/contacts/${moving[0]}/`, { as: to.caller });
    expect(read.status).toBe(200);
  });

  it('when `from` owns nothing here, then the report says so at once', async () => {
    const tenant = newTenant(CONTACTS_SCOPES);
    const [admin, from, to] = [tenant.admin(), tenant.member(), tenant.member()];
    await contacts.publishProfiles(admin, from, to);
    const request = await contacts.deliver(reassignmentRequested(admin, from, to));
    const [report] = await contacts.published(eventAbout('contacts.records_reassigned', request.subject));
    expect(report!.data).toEqual({ reassignment_id: request.subject, service: 'contacts', moved: { contacts: 0 } });
  });
});
