import type { Client } from 'pg';
import { request, type Answer } from './http';
import type { Check } from './report';
import type { ScriptTenant } from './tenants';

/** What the gateway answered as written: held against the services' tables afterwards. */
export interface Written {
  leads: string[];
  contacts: string[];
  conversions: Array<{ leadId: string; contactId: string; accountId: string }>;
}

export interface ClientTally extends Written {
  requests: number;
  /** `what → status text` of every answer other than the expected one. */
  failures: string[];
}

/** `reads-and-writes`: every public service gets traffic; `writes-only`: nothing counts against the read rate limit. */
export type LoadMix = 'reads-and-writes' | 'writes-only';

const READ_PATHS = [
  '/api/leads/?page_size=10',
  '/api/contacts/?page_size=10',
  '/api/auth/me/',
  '/api/audit-logs/?page_size=5',
  '/api/accounts/?page_size=5',
  '/api/contacts/export/', // import-export, which reads them from contacts
];

/**
 * One client of one tenant, sending a fixed mix until `keepGoing` says stop: leads created, changed and
 * converted, contacts created and changed, and (for `reads-and-writes`) lists, the caller, the audit log, a contacts export.
 * Each answer is checked against its expected status.
 */
export async function runClient(gatewayUrl: string, tenant: ScriptTenant, label: string, mix: LoadMix, keepGoing: () => boolean): Promise<ClientTally> {
  const tally: ClientTally = { requests: 0, failures: [], leads: [], contacts: [], conversions: [] };
  const openLeads: string[] = [];
  const send = async (what: string, expected: number, method: string, path: string, body?: unknown): Promise<Answer | undefined> => {
    const answer = await request(gatewayUrl, method, path, { token: tenant.access, body });
    tally.requests += 1;
    if (answer.status === expected) return answer;
    tally.failures.push(`${what} → ${answer.status} ${answer.text.slice(0, 120)}`);
    return undefined;
  };
  const steps = mix === 'writes-only' ? 6 : 10;
  for (let step = 0; keepGoing(); step += 1) {
    const name = `${label}-${step}`;
    switch (step % steps) {
      case 0:
      case 1:
      case 2: {
        const created = await send('POST lead', 201, 'POST', '/api/leads/', { first_name: name, last_name: 'Load', company_name: `${name} Ltd` });
        if (created) {
          tally.leads.push(created.body.id);
          openLeads.push(created.body.id);
        }
        break;
      }
      case 3: {
        const leadId = openLeads[openLeads.length - 1];
        if (leadId) await send('PATCH lead', 200, 'PATCH', `/api/leads/${leadId}/`, { last_name: `Changed ${step}` });
        const created = await send('POST contact', 201, 'POST', '/api/contacts/', { first_name: name, last_name: 'Load' });
        if (created) tally.contacts.push(created.body.id);
        break;
      }
      case 4: {
        const contactId = tally.contacts[tally.contacts.length - 1];
        if (contactId) await send('PATCH contact', 200, 'PATCH', `/api/contacts/${contactId}/`, { last_name: `Changed ${step}` });
        break;
      }
      case 5: {
        const leadId = openLeads.shift();
        if (!leadId) break;
        const body = { first_name: `${label}-conv`, last_name: 'Load', company_name: `${leadId.slice(0, 8)} Ltd`, status: 'converted' };
        const converted = await send('PUT lead converted', 200, 'PUT', `/api/leads/${leadId}/`, body);
        if (converted) tally.conversions.push({ leadId, contactId: converted.body.contact_id, accountId: converted.body.account_id });
        break;
      }
      default: {
        const path = READ_PATHS[step % READ_PATHS.length]!;
        await send(`GET ${path.split('?')[0]}`, 200, 'GET', path);
      }
    }
  }
  return tally;
}

export const writesOf = (tallies: Written[]): number =>
  tallies.reduce((sum, tally) => sum + tally.leads.length + tally.contacts.length + tally.conversions.length, 0);

/**
 * Every record written exactly once: the tenants' leads, contacts and accounts in the database against
 * what the gateway answered as created (a request handled twice would show as one more), and every
 * answered conversion's contact and account present.
 */
export async function writtenRecordChecks(db: Client, tenants: ScriptTenant[], tallies: Written[]): Promise<{ counts: Record<string, number>; checks: Check[] }> {
  const orgIds = tenants.map((tenant) => tenant.orgId);
  const inTenants = async (table: string) =>
    (await db.query(`SELECT count(*)::int AS n FROM ${table} WHERE tenant_id = ANY($1::uuid[])`, [orgIds])).rows[0].n as number;
  const absent = async (table: string, ids: string[]) =>
    ids.length - ((await db.query(`SELECT count(*)::int AS n FROM ${table} WHERE id = ANY($1::uuid[])`, [ids])).rows[0].n as number);
  const leads = tallies.flatMap((tally) => tally.leads).length;
  const conversions = tallies.flatMap((tally) => tally.conversions);
  const contacts = tallies.flatMap((tally) => tally.contacts).length + conversions.length;
  const leadsHeld = await inTenants('leads.leads');
  const contactsHeld = await inTenants('contacts.contacts');
  const accountsHeld = await inTenants('accounts_opportunities.accounts');
  return {
    counts: { 'leads created (201)': leads, 'contacts created or converted': contacts, 'leads converted (200)': conversions.length },
    checks: [
      { what: 'leads in the database minus leads answered 201', value: leadsHeld - leads },
      { what: 'contacts in the database minus contacts created or converted', value: contactsHeld - contacts },
      { what: 'accounts in the database minus conversions', value: accountsHeld - conversions.length },
      { what: 'converted leads without their contact', value: await absent('contacts.contacts', conversions.map((c) => c.contactId)) },
      { what: 'converted leads without their account', value: await absent('accounts_opportunities.accounts', conversions.map((c) => c.accountId)) },
    ],
  };
}
