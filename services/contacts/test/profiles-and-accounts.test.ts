import { randomUUID } from 'node:crypto';
import { contactsService } from '@crm/contacts';
import { INTERNAL_TOKEN_HEADER, InternalTokenSigner, mintInternalToken } from '@crm/platform';
import { eventAbout, newTenant, startComponent, type EventInput, type Member, type ServiceComponent, type TestTenant, type ScopesFor } from '@crm/testing';

/** What the gateway forwards of a user's token for these routes (each service checks the route's scope again). */
const CONTACTS_SCOPES: ScopesFor = () => ['contacts:read', 'contacts:write'];

/** The gateway's development key, as a service checks it without INTERNAL_TOKEN_PUBLIC_KEYS. */
const DEV_GATEWAY = new InternalTokenSigner('gateway');

/**
 * The contacts service alone, as the gateway calls it and as auth and accounts-opportunities feed it:
 * owners come from its profile replica (auth's `profile.created`), accounts from its accounts replica
 * (`account.created|updated|deleted`), and what changes a contact is announced by its own events.
 */
let contacts: ServiceComponent;
beforeAll(async () => (contacts = await startComponent(contactsService)));
afterAll(() => contacts?.stop());

/** A fresh tenant with an admin and a member with sales access, both announced by auth. */
async function tenantWithMembers(): Promise<{ tenant: TestTenant; admin: Member; seller: Member }> {
  const tenant = newTenant(CONTACTS_SCOPES);
  const admin = tenant.admin();
  const seller = tenant.member();
  await contacts.publishProfiles(admin, seller);
  return { tenant, admin, seller };
}

interface Account {
  id: string;
  name: string;
  version: number;
}

/** An account as accounts-opportunities describes it (its events' data, its lookup's answer), owned by `owner`. */
const accountData = (owner: Member, account: Account) => ({ ...account, industry: null, assigned_to: { id: owner.profileId, email: owner.email }, tags: [] });

/** An `account.<change>` as accounts-opportunities publishes it. */
const accountEvent = (change: 'created' | 'updated', owner: Member, account: Account): EventInput => ({
  source: 'accounts-opportunities',
  type: `account.${change}`,
  tenantId: owner.tenantId,
  subject: account.id,
  actor: owner.actor,
  data: accountData(owner, account),
});

const createContact = (as: Member, body: Record<string, unknown>) => contacts.call('POST', '/api/contacts/', { as: as.caller, body });
const readContact = (as: Member, id: string) => contacts.call('GET', `/api/contacts/${id}/`, { as: as.caller });

describe('owners, from the profiles auth announces', () => {
  it('when a member creates a contact, then 201 owned by them with their e-mail, and contact.created is published with version 1', async () => {
    const { seller } = await tenantWithMembers();
    const res = await createContact(seller, { first_name: 'Ada', last_name: 'Lovelace' });
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toBe(`/api/contacts/${res.body.id}/`);
    expect(res.body).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace', org: seller.tenantId, owner: { id: seller.profileId, email: seller.email }, account: null, lead_ids: [] });
    const [created] = await contacts.published(eventAbout('contact.created', res.body.id));
    expect(created).toMatchObject({ source: 'contacts', tenantid: seller.tenantId, actor: seller.actor, data: { id: res.body.id, first_name: 'Ada', version: 1 } });
  });

  it('when the owner is a profile auth never announced, then 400 on owner_id; once its profile.created is handled, then the contact is theirs', async () => {
    const { tenant, admin } = await tenantWithMembers();
    const joining = tenant.member();
    const refused = await createContact(admin, { first_name: 'Grace', owner_id: joining.profileId });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ error: true, errors: { owner_id: expect.any(String) } });

    await contacts.publishProfiles(joining);
    const accepted = await createContact(admin, { first_name: 'Grace', owner_id: joining.profileId });
    expect(accepted.status).toBe(201);
    expect(accepted.body.owner).toEqual({ id: joining.profileId, email: joining.email });
  });
});

describe('accounts, from the events accounts-opportunities publishes', () => {
  it('when account.created is handled, then an account_id refused before is accepted and shown as account {id, name}', async () => {
    const { seller } = await tenantWithMembers();
    const account = { id: randomUUID(), name: 'Analytical Engines', version: 1 };
    const refused = await createContact(seller, { first_name: 'Ada', account_id: account.id });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ error: true, errors: { account_id: expect.any(String) } });

    await contacts.deliver(accountEvent('created', seller, account));
    const accepted = await createContact(seller, { first_name: 'Ada', account_id: account.id });
    expect(accepted.status).toBe(201);
    expect(accepted.body.account).toEqual({ id: account.id, name: 'Analytical Engines' });
  });

  it('when the replica has not heard of an account its owner already holds, then the owner is asked and the contact is accepted', async () => {
    const { seller } = await tenantWithMembers();
    const account = { id: randomUUID(), name: 'Created A Moment Ago', version: 1 };
    contacts.standIns.hold('account', seller.tenantId, accountData(seller, account));
    const res = await createContact(seller, { first_name: 'Ada', account_id: account.id });
    expect(res.status).toBe(201);
    expect(res.body.account).toEqual({ id: account.id, name: 'Created A Moment Ago' });
  });

  it('when account.updated renames a linked account, then the contact shows the new name and contact.updated is published with the next version', async () => {
    const { seller } = await tenantWithMembers();
    const account = { id: randomUUID(), name: 'Old Name Ltd', version: 1 };
    await contacts.deliver(accountEvent('created', seller, account));
    const contact = (await createContact(seller, { first_name: 'Ada', account_id: account.id })).body;

    await contacts.deliver(accountEvent('updated', seller, { ...account, name: 'New Name Ltd', version: 2 }));
    const shown = await readContact(seller, contact.id);
    expect(shown.body.account).toEqual({ id: account.id, name: 'New Name Ltd' });
    expect(shown.body.updated_at > contact.updated_at).toBe(true);
    const [updated] = await contacts.published(eventAbout('contact.updated', contact.id));
    expect(updated!.data).toMatchObject({ account: { id: account.id, name: 'New Name Ltd' }, version: 2 });
  });

  it('when account.deleted is handled, then its contacts become standalone, contact.updated says so, and the account is refused', async () => {
    const { seller } = await tenantWithMembers();
    const account = { id: randomUUID(), name: 'Doomed Co', version: 1 };
    await contacts.deliver(accountEvent('created', seller, account));
    const contact = (await createContact(seller, { first_name: 'Ada', account_id: account.id })).body;

    await contacts.deliver({
      source: 'accounts-opportunities',
      type: 'account.deleted',
      tenantId: seller.tenantId,
      subject: account.id,
      actor: seller.actor,
      data: { id: account.id, assigned_to: [seller.profileId], version: 2 },
    });
    expect((await readContact(seller, contact.id)).body.account).toBeNull();
    const [updated] = await contacts.published(eventAbout('contact.updated', contact.id));
    expect(updated!.data).toMatchObject({ account: null, version: 2 });
    expect((await createContact(seller, { first_name: 'Late', account_id: account.id })).status).toBe(400);
  });
});

describe('the gateway in front', () => {
  it('when a request carries no internal token, or one the gateway minted for another service, then 401', async () => {
    const { seller } = await tenantWithMembers();
    const forLeads = await mintInternalToken(DEV_GATEWAY, 'leads', seller.caller);
    expect((await contacts.call('GET', '/api/contacts/')).status).toBe(401);
    expect((await contacts.call('GET', '/api/contacts/', { headers: { [INTERNAL_TOKEN_HEADER]: forLeads } })).status).toBe(401);
    expect((await contacts.call('GET', '/api/contacts/', { as: seller.caller })).status).toBe(200);
  });
});
