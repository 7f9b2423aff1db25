import { ALL_SCOPES } from '@crm/auth';
import type { Client } from 'pg';
import { eventually, request, sleep, type Answer } from './http';

/**
 * Two tenants with one of every kind of record, made through the gateway: the fixture of the bad-input
 * and cross-tenant scripts. Each tenant's records carry its marker (a string found nowhere else) in
 * names, e-mail domains, tags, note bodies, file names and custom-field keys, so any of its data showing
 * up in the other tenant's answers can be found by text. A few values are deliberately the same in both
 * tenants (an e-mail address and a phone number) to tempt the duplicate checks across tenants.
 */
export const ENTITIES = ['leads', 'contacts', 'accounts', 'opportunities', 'tasks'] as const;
export type Entity = (typeof ENTITIES)[number];
/** The entities that merge (leads and contacts). */
export const MERGED_ENTITIES = ['leads', 'contacts'] as const;

export const PASSWORD = 'correct horse battery';
/** Shared by both tenants' first lead and first contact (to tempt duplicate checks across tenants). */
export const SHARED_VALUES = { leadEmail: 'shared.lead@dup.test', contactEmail: 'shared.contact@dup.test', phone: '+1 555 010 0001' };

export interface Person {
  userId: string;
  profileId: string;
  email: string;
  access: string;
  refresh: string;
}

export interface TenantFixture {
  label: string;
  /** Lower-case letters and digits only, so it fits in a custom-field key too. */
  marker: string;
  orgId: string;
  admin: Person;
  /** A member with sales access. */
  member: Person;
  /**
   * A member who owns nothing and whose credentials nothing uses: the profile in the member paths
   * (`{profileId}`), so an action that succeeds there (a deactivation, a reassignment) spends nothing
   * the other cases need.
   */
  spareMemberId: string;
  /** A reassignment of the spare member's (no) records to the admin, completed. */
  reassignmentId: string;
  /** An API token of the admin with every scope. */
  apiToken: { id: string; token: string };
  /** Per entity: the main record first, then others (leads: [main, second, the converted one]). */
  records: Record<Entity, string[]>;
  /** A record per entity with merge, for a merge that must succeed (the base of merge cases is the second). */
  mergeFodder: Record<(typeof MERGED_ENTITIES)[number], string>;
  /** A note and a file on the main record of every entity. */
  notes: Record<Entity, string>;
  attachments: Record<Entity, string>;
  /** Per entity: a filterable number custom field (`key`, its definition `id`) and a filterable date field. */
  definitions: Record<Entity, { id: string; key: string; dateKey: string }>;
  /** What converting the third lead created. */
  conversion: { leadId: string; contactId: string; accountId: string; opportunityId: string };
  /**
   * Web-to-lead: an active form (listing one origin, the tenant's site, owned by the member, tagged with
   * the marker; no redirect, so a submission it takes is always a 201), and the submission it received,
   * which joined the main lead (its e-mail is the shared one).
   */
  webForm: { id: string; publicKey: string; origin: string; submissionId: string };
  /** A form turned off (its key answers 404), and the key of a form deleted since. */
  inactiveWebForm: { id: string; publicKey: string };
  deletedWebFormKey: string;
}

/** Every id of the tenant's fixture (org, users, profiles, records, notes, files, definitions, token). */
export function fixtureIds(tenant: TenantFixture): string[] {
  return [
    tenant.orgId,
    tenant.admin.userId,
    tenant.admin.profileId,
    tenant.member.userId,
    tenant.member.profileId,
    tenant.spareMemberId,
    tenant.reassignmentId,
    tenant.apiToken.id,
    ...Object.values(tenant.records).flat(),
    ...Object.values(tenant.mergeFodder),
    ...Object.values(tenant.notes),
    ...Object.values(tenant.attachments),
    ...Object.values(tenant.definitions).map((definition) => definition.id),
    ...Object.values(tenant.conversion),
    tenant.webForm.id,
    tenant.webForm.publicKey,
    tenant.webForm.submissionId,
    tenant.inactiveWebForm.id,
    tenant.inactiveWebForm.publicKey,
    tenant.deletedWebFormKey,
  ];
}

/**
 * A request that must succeed, as a client sends it: again only after a 503 (a service or server the
 * system needs is away for a moment), for a while. A 4xx fails the set-up: an id is usable everywhere
 * the moment its create answered (architecture §1), so a 400 is a defect, never "not yet".
 */
async function must(gatewayUrl: string, method: string, path: string, token: string | undefined, body?: unknown, headers?: Record<string, string>): Promise<any> {
  let answer: Answer | undefined;
  const deadline = Date.now() + 30_000;
  do {
    answer = await request(gatewayUrl, method, path, { token, body, headers });
    if (answer.status >= 200 && answer.status < 300) return answer.body;
    await sleep(200);
  } while (answer.status === 503 && Date.now() < deadline);
  throw new Error(`fixture: ${method} ${path}: ${answer.status} ${answer.text.slice(0, 300)}`);
}

async function attach(gatewayUrl: string, path: string, token: string, filename: string, content: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([content], { type: 'text/plain' }), filename);
  const response = await fetch(`${gatewayUrl}${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const text = await response.text();
  if (response.status !== 201) throw new Error(`fixture: POST ${path}: ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text).id;
}

async function person(gatewayUrl: string, email: string, access: string, refresh: string): Promise<Person> {
  const me = await must(gatewayUrl, 'GET', '/api/auth/me/', access);
  return { userId: me.user.id, profileId: me.profile.id, email, access, refresh };
}

/** One tenant: an admin, a member with sales access, an API token, and one of every kind of record. */
/**
 * Marks the fixture's addresses verified, as their owners would with the link of their e-mail (the scripts'
 * system has no mailbox to read it from): registering or adding one of them is then a 409, where an
 * unverified address would be released from the fixture (api-contract §10.4).
 */
export async function verifyAddresses(db: Client, tenant: TenantFixture): Promise<void> {
  await db.query('UPDATE auth.users SET email_verified_at = now() WHERE id = ANY($1::uuid[])', [[tenant.admin.userId, tenant.member.userId]]);
}

export async function seedTenant(gatewayUrl: string, label: string, marker: string): Promise<TenantFixture> {
  const call = (method: string, path: string, body?: unknown) => must(gatewayUrl, method, path, admin.access, body);
  const registered = await must(gatewayUrl, 'POST', '/api/auth/register/', undefined, {
    org_name: `Org ${marker}`,
    email: `admin@${marker}.test`,
    password: PASSWORD,
  });
  const admin = await person(gatewayUrl, `admin@${marker}.test`, registered.access, registered.refresh);
  await call('POST', '/api/auth/users/', { email: `member@${marker}.test`, password: PASSWORD, role: 'member', sales_access: true });
  const login = await must(gatewayUrl, 'POST', '/api/auth/login/', undefined, { email: `member@${marker}.test`, password: PASSWORD });
  const member = await person(gatewayUrl, `member@${marker}.test`, login.access, login.refresh);
  const token = await call('POST', '/api/auth/api-tokens/', { name: `token ${marker}`, scopes: [...ALL_SCOPES] });
  const spare = await call('POST', '/api/auth/users/', { email: `spare@${marker}.test`, password: PASSWORD, role: 'member', sales_access: true });
  const reassignment = await call('POST', `/api/auth/users/${spare.id}/reassign/`, { to: admin.profileId });

  const definitions = {} as TenantFixture['definitions'];
  for (const entity of ENTITIES) {
    const key = `${marker}_size`;
    const created = await call('POST', `/api/${entity}/custom-fields/`, { key, label: `Size ${marker}`, field_type: 'number', is_filterable: true });
    const dateKey = `${marker}_due`;
    await call('POST', `/api/${entity}/custom-fields/`, { key: dateKey, label: `Due ${marker}`, field_type: 'date', is_filterable: true });
    definitions[entity] = { id: created.id, key, dateKey };
  }
  const custom = (entity: Entity) => ({ [definitions[entity].key]: 7, [definitions[entity].dateKey]: '2026-03-01' });

  const account = await call('POST', '/api/accounts/', {
    name: `Account ${marker}`,
    email: `account@${marker}.test`,
    tags: [marker],
    assigned_to_id: member.profileId,
    custom_fields: custom('accounts'),
  });
  const contact = await call('POST', '/api/contacts/', {
    first_name: 'Contact',
    last_name: `${marker} One`,
    email: SHARED_VALUES.contactEmail,
    phone: SHARED_VALUES.phone,
    account_id: account.id,
    owner_id: member.profileId,
    tags: [marker],
    custom_fields: custom('contacts'),
  });
  const otherContact = await call('POST', '/api/contacts/', { first_name: 'Second', last_name: `${marker} Two`, email: `second@${marker}.test` });
  const contactFodder = await call('POST', '/api/contacts/', { first_name: 'Fodder', last_name: `${marker} Four` });
  const lead = await call('POST', '/api/leads/', {
    first_name: 'Lead',
    last_name: `${marker} One`,
    email: SHARED_VALUES.leadEmail,
    phone: SHARED_VALUES.phone,
    company_name: `Company ${marker}`,
    assigned_to_id: member.profileId,
    tags: [marker],
    custom_fields: custom('leads'),
  });
  const otherLead = await call('POST', '/api/leads/', { first_name: 'Second', last_name: `${marker} Two`, email: `second@${marker}.test` });
  const toConvert = await call('POST', '/api/leads/', { first_name: 'Convert', last_name: `${marker} Three`, company_name: `Converted ${marker}` });
  const mergeFodder = await call('POST', '/api/leads/', { first_name: 'Fodder', last_name: `${marker} Four` });
  const opportunity = await call('POST', '/api/opportunities/', {
    name: `Opportunity ${marker}`,
    account_id: account.id,
    contact_ids: [contact.id],
    amount: '1000.00',
    assigned_to_id: member.profileId,
    tags: [marker],
    custom_fields: custom('opportunities'),
  });
  const task = await call('POST', '/api/tasks/', {
    title: `Task ${marker}`,
    lead_id: lead.id,
    contact_id: contact.id,
    account_id: account.id,
    opportunity_id: opportunity.id,
    assigned_to_id: member.profileId,
    tags: [marker],
    custom_fields: custom('tasks'),
  });
  // A note and a file on the main record of every entity (api-contract §9).
  const mainRecords: Record<Entity, string> = { leads: lead.id, contacts: contact.id, accounts: account.id, opportunities: opportunity.id, tasks: task.id };
  const notes = {} as Record<Entity, string>;
  const attachments = {} as Record<Entity, string>;
  for (const entity of ENTITIES) {
    notes[entity] = (await call('POST', `/api/${entity}/${mainRecords[entity]}/notes/`, { body: `Note ${marker}` })).id;
    attachments[entity] = await attach(gatewayUrl, `/api/${entity}/${mainRecords[entity]}/attachments/`, admin.access, `${marker}.txt`, `file ${marker}`);
  }
  const conversion = await convert(gatewayUrl, admin.access, toConvert.id, marker);
  const { webForm, inactiveWebForm, deletedWebFormKey } = await seedWebForms(gatewayUrl, admin.access, marker, member.profileId);
  return {
    label,
    marker,
    orgId: registered.org.id,
    admin,
    member,
    spareMemberId: spare.id,
    reassignmentId: reassignment.id,
    apiToken: { id: token.id, token: token.token },
    records: {
      leads: [lead.id, otherLead.id, toConvert.id],
      contacts: [contact.id, otherContact.id, conversion.contactId],
      accounts: [account.id, conversion.accountId],
      opportunities: [opportunity.id, conversion.opportunityId],
      tasks: [task.id],
    },
    mergeFodder: { leads: mergeFodder.id, contacts: contactFodder.id },
    notes,
    attachments,
    definitions,
    conversion,
    webForm,
    inactiveWebForm,
    deletedWebFormKey,
  };
}

/** The public path a form's page posts to. */
export const submissionsPath = (publicKey: string) => `/api/public/web-forms/${publicKey}/submissions/`;

/**
 * The tenant's web forms: an active one with one submission from a visitor (no credential), which joins
 * the main lead through the shared e-mail and carries the marker; an inactive one; one deleted.
 */
async function seedWebForms(gatewayUrl: string, token: string, marker: string, ownerId: string) {
  const call = (method: string, path: string, body?: unknown) => must(gatewayUrl, method, path, token, body);
  const origin = `https://www.${marker}.test`;
  const form = await call('POST', '/api/web-forms/', { name: `Form ${marker}`, allowed_origins: [origin], assigned_to_id: ownerId, tags: [marker] });
  const submission = await must(gatewayUrl, 'POST', submissionsPath(form.public_key), undefined, {
    first_name: 'Lead',
    email: SHARED_VALUES.leadEmail,
    message: `Submission ${marker}`,
  }, { origin }); // from the tenant's site: a form that lists origins takes nothing else (api-contract §8)
  const inactive = await call('POST', '/api/web-forms/', { name: `Inactive ${marker}`, is_active: false });
  const deleted = await call('POST', '/api/web-forms/', { name: `Deleted ${marker}` });
  const gone = await request(gatewayUrl, 'DELETE', `/api/web-forms/${deleted.id}/`, { token });
  if (gone.status !== 204) throw new Error(`fixture: DELETE /api/web-forms/${deleted.id}/: ${gone.status} ${gone.text.slice(0, 300)}`);
  return {
    webForm: { id: form.id, publicKey: form.public_key, origin, submissionId: submission.id },
    inactiveWebForm: { id: inactive.id, publicKey: inactive.public_key },
    deletedWebFormKey: deleted.public_key,
  };
}

/**
 * Converts a lead (PUT with status `converted` and an amount) and waits until its records exist (the
 * ids are allocated by the PUT and in its answer; the records follow through events).
 */
async function convert(gatewayUrl: string, token: string, leadId: string, marker: string): Promise<TenantFixture['conversion']> {
  const lead = await must(gatewayUrl, 'PUT', `/api/leads/${leadId}/`, token, {
    first_name: 'Convert',
    last_name: `${marker} Three`,
    company_name: `Converted ${marker}`,
    opportunity_amount: '250.00',
    status: 'converted',
  });
  const paths = [`/api/contacts/${lead.contact_id}/`, `/api/accounts/${lead.account_id}/`, `/api/opportunities/${lead.opportunity_id}/`];
  const converted = await eventually(async () => {
    for (const path of paths) if ((await request(gatewayUrl, 'GET', path, { token })).status !== 200) return undefined;
    return true;
  }, 30_000);
  if (!converted) throw new Error(`fixture: lead ${leadId} never finished converting`);
  return { leadId, contactId: lead.contact_id, accountId: lead.account_id, opportunityId: lead.opportunity_id };
}

/**
 * For a body property naming a record or a profile: the tenant's one. `merge_id` names the entity's
 * second record, so with the main record in the path (`pathValues`) it is never a merge into itself.
 */
export const BODY_ID_PROPERTIES: Record<string, (tenant: TenantFixture, entity: Entity) => string> = {
  assigned_to_id: (tenant) => tenant.member.profileId,
  owner_id: (tenant) => tenant.member.profileId,
  to: (tenant) => tenant.admin.profileId,
  account_id: (tenant) => tenant.records.accounts[0]!,
  contact_id: (tenant) => tenant.records.contacts[0]!,
  lead_id: (tenant) => tenant.records.leads[0]!,
  opportunity_id: (tenant) => tenant.records.opportunities[0]!,
  contact_ids: (tenant) => tenant.records.contacts[0]!,
  merge_id: (tenant, entity) => tenant.records[entity][1]!,
};

/**
 * The tenant's id for each `{param}` of an operation's path: its main record of the path's entity, that
 * record's note or attachment, the entity's custom field, its member's profile, its API token, its web
 * form (by id under `/api/web-forms/`, by public key under `/api/public/web-forms/`). A
 * parameter not known here throws, so a new kind of path cannot go untested.
 */
export function pathValues(tenant: TenantFixture, resource: string, parameters: Array<{ name: string }>): Record<string, string> {
  const entity = resource as Entity;
  const known: Record<string, string | undefined> = {
    id: resource === 'web-forms' ? tenant.webForm.id : tenant.records[entity]?.[0],
    publicKey: tenant.webForm.publicKey,
    noteId: tenant.notes[entity],
    attachmentId: tenant.attachments[entity],
    definitionId: tenant.definitions[entity]?.id,
    profileId: tenant.spareMemberId,
    tokenId: tenant.apiToken.id,
    reassignmentId: tenant.reassignmentId,
  };
  const values: Record<string, string> = {};
  for (const { name } of parameters) {
    const value = known[name];
    if (value === undefined) throw new Error(`no fixture id for {${name}} under /api/${resource}/`);
    values[name] = value;
  }
  return values;
}
