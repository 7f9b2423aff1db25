import { randomUUID } from 'node:crypto';
import type { Client } from 'pg';
import { api } from './bench-system';

/** A tenant the benchmarks act in: its admin, and a member with sales access (for members' views). */
export interface BenchTenant {
  orgId: string;
  admin: { profileId: string; access: string };
  member: { profileId: string; access: string };
}

const PASSWORD = 'bench password 123';

/** Registers a tenant with an admin and a sales member through the gateway. */
async function registerTenant(baseUrl: string, index: number): Promise<BenchTenant> {
  const label = `${index}-${randomUUID().slice(0, 8)}`;
  const registered = await api(baseUrl, 'POST', '/api/auth/register/', null, { org_name: `Bench ${label}`, email: `admin-${label}@bench.test`, password: PASSWORD });
  const memberEmail = `member-${label}@bench.test`;
  const member = await api(baseUrl, 'POST', '/api/auth/users/', registered.access, { email: memberEmail, password: PASSWORD, role: 'member', sales_access: true });
  const login = await api(baseUrl, 'POST', '/api/auth/login/', null, { email: memberEmail, password: PASSWORD });
  return {
    orgId: registered.org.id,
    admin: { profileId: registered.profile.id, access: registered.access },
    member: { profileId: member.id, access: login.access },
  };
}

async function waitForProfiles(db: Client, profileIds: string[]): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    const { rows } = await db.query(`SELECT count(*)::int AS n FROM leads.profiles WHERE id = ANY($1::uuid[])`, [profileIds]);
    if (rows[0].n === profileIds.length) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the leads profiles replica never caught up');
}

/**
 * Bulk-loads `leadsPerTenant` leads into each tenant straight into the leads schema (one INSERT … SELECT
 * per tenant: the speed of COPY, without shipping rows): names from small lists (so full names collide,
 * as in real data), e-mail addresses unique, phones written three ways, one lead in ten converted,
 * creation dates over a year, half owned by the member. No events: the rows are the benchmark's
 * fixture, not changes anyone announces.
 */
async function loadLeads(db: Client, tenant: BenchTenant, leadsPerTenant: number): Promise<void> {
  await db.query(
    `INSERT INTO leads.leads (id, tenant_id, first_name, last_name, email, phone, company_name, status, tags, board_position,
       assigned_to, created_by, created_at, updated_at)
     SELECT gen_random_uuid(), $1::uuid,
       (ARRAY['Ada','Grace','Alan','Marie','Linus','Barbara','Ken','Dennis','Edsger','Donald'])[1 + i % 10] || (i % 97),
       (ARRAY['Lovelace','Hopper','Turing','Curie','Torvalds','Liskov','Thompson','Ritchie','Dijkstra','Knuth'])[1 + (i / 10) % 10],
       'lead' || i || '.' || substr($1::text, 1, 8) || '@example.test',
       CASE i % 3 WHEN 0 THEN '+1 (555) ' || lpad(i::text, 7, '0') WHEN 1 THEN '555-' || lpad(i::text, 7, '0') ELSE (4420000000 + i)::text END,
       CASE WHEN i % 4 = 0 THEN 'Company ' || (i % 500) END,
       CASE WHEN i % 10 = 0 THEN 'converted' ELSE 'new' END,
       ARRAY['tag' || (i % 20)], i,
       CASE WHEN i % 2 = 0 THEN $2::uuid ELSE $3::uuid END, $2::uuid,
       now() - (i % 365) * interval '1 day' - (i % 86400) * interval '1 second', now()
     FROM generate_series(0, $4::int - 1) AS i`,
    [tenant.orgId, tenant.admin.profileId, tenant.member.profileId, leadsPerTenant],
  );
}

/**
 * `tenants` tenants with `leadsPerTenant` leads each, for the benchmarks of lists and duplicate checks.
 * Tenants are registered through the gateway (so auth, the replicas and tokens are real); leads are
 * bulk-loaded, then the table is analysed.
 */
export async function seedLeads(baseUrl: string, db: Client, tenants: number, leadsPerTenant: number): Promise<BenchTenant[]> {
  const seeded: BenchTenant[] = [];
  for (let index = 0; index < tenants; index += 1) seeded.push(await registerTenant(baseUrl, index));
  await waitForProfiles(db, seeded.flatMap((tenant) => [tenant.admin.profileId, tenant.member.profileId]));
  for (const tenant of seeded) await loadLeads(db, tenant, leadsPerTenant);
  await db.query('ANALYZE leads.leads');
  return seeded;
}
