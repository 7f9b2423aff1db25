import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
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

/** The lead custom fields a seed with `customFields` defines in each tenant (both filterable, for `cf_<key>` lists). */
export const SEEDED_CUSTOM_FIELDS = {
  segment: { label: 'Segment', field_type: 'dropdown', values: ['smb', 'mid_market', 'enterprise'] },
  score: { label: 'Score', field_type: 'number', values: Array.from({ length: 100 }, (_, i) => i) },
} as const;

async function defineCustomFields(baseUrl: string, tenant: BenchTenant): Promise<void> {
  for (const [key, field] of Object.entries(SEEDED_CUSTOM_FIELDS)) {
    const options = field.field_type === 'dropdown' ? field.values.map((value) => ({ value, label: value })) : [];
    await api(baseUrl, 'POST', '/api/leads/custom-fields/', tenant.admin.access, { key, label: field.label, field_type: field.field_type, options, is_filterable: true });
  }
}

/**
 * Bulk-loads `leadsPerTenant` leads into each tenant straight into the leads schema (one INSERT … SELECT
 * per tenant: the speed of COPY, without shipping rows): names from small lists (so full names collide,
 * as in real data), e-mail addresses unique, phones written three ways, one lead in ten converted and
 * the others spread over the open statuses, 20 tags, creation dates over a year, half owned by the
 * member (at random, so every tag and custom value has leads of both), and with `customFields` the
 * values of `SEEDED_CUSTOM_FIELDS` (segment by thirds, score 0–99). No events: the rows are the
 * benchmark's fixture, not changes anyone announces.
 */
async function loadLeads(db: Client, tenant: BenchTenant, leadsPerTenant: number, customFields: boolean): Promise<void> {
  await db.query(
    `INSERT INTO leads.leads (id, tenant_id, first_name, last_name, email, phone, company_name, status, tags, board_position,
       assigned_to, created_by, custom_fields, created_at, updated_at)
     SELECT gen_random_uuid(), $1::uuid,
       (ARRAY['Ada','Grace','Alan','Marie','Linus','Barbara','Ken','Dennis','Edsger','Donald'])[1 + i % 10] || (i % 97),
       (ARRAY['Lovelace','Hopper','Turing','Curie','Torvalds','Liskov','Thompson','Ritchie','Dijkstra','Knuth'])[1 + (i / 10) % 10],
       'lead' || i || '.' || substr($1::text, 1, 8) || '@example.test',
       CASE i % 3 WHEN 0 THEN '+1 (555) ' || lpad(i::text, 7, '0') WHEN 1 THEN '555-' || lpad(i::text, 7, '0') ELSE (4420000000 + i)::text END,
       CASE WHEN i % 4 = 0 THEN 'Company ' || (i % 500) END,
       CASE WHEN i % 10 = 0 THEN 'converted' ELSE (ARRAY['new','contacted','qualified','unqualified'])[1 + (i / 10) % 4] END,
       ARRAY['tag' || (i % 20)], i,
       CASE WHEN hashtext(i::text) % 2 = 0 THEN $2::uuid ELSE $3::uuid END, $2::uuid,
       CASE WHEN $5 THEN jsonb_build_object('segment', ($6::text[])[1 + i % 3], 'score', i % 100) ELSE '{}'::jsonb END,
       now() - (i % 365) * interval '1 day' - (i % 86400) * interval '1 second', now()
     FROM generate_series(0, $4::int - 1) AS i`,
    [tenant.orgId, tenant.admin.profileId, tenant.member.profileId, leadsPerTenant, customFields, SEEDED_CUSTOM_FIELDS.segment.values],
  );
}

/**
 * `tenants` tenants with `leadsPerTenant` leads each, for the benchmarks of lists and duplicate checks.
 * Tenants are registered through the gateway (so auth, the replicas and tokens are real); leads are
 * bulk-loaded, then the table is vacuumed and analysed (the state autovacuum brings a table to, which
 * index-only scans need for counts).
 */
export async function seedLeads(
  baseUrl: string,
  db: Client,
  tenants: number,
  leadsPerTenant: number,
  options: { customFields?: boolean } = {},
): Promise<BenchTenant[]> {
  const customFields = options.customFields ?? false;
  const seeded: BenchTenant[] = [];
  for (let index = 0; index < tenants; index += 1) seeded.push(await registerTenant(baseUrl, index));
  await waitForProfiles(db, seeded.flatMap((tenant) => [tenant.admin.profileId, tenant.member.profileId]));
  for (const tenant of seeded) {
    if (customFields) await defineCustomFields(baseUrl, tenant);
    await loadLeads(db, tenant, leadsPerTenant, customFields);
  }
  await db.query('VACUUM ANALYZE leads.leads');
  return seeded;
}

/** Whether the database already holds a seed of that size (`BENCH_KEEP_SEED`); false when it does not exist. */
export async function isSeeded(databaseUrl: string, tenants: number, leadsPerTenant: number): Promise<boolean> {
  const db = new Client({ connectionString: databaseUrl });
  try {
    await db.connect();
    const { rows } = await db.query(`SELECT count(*)::int AS leads, count(DISTINCT tenant_id)::int AS tenants FROM leads.leads`);
    return rows[0].leads === tenants * leadsPerTenant && rows[0].tenants === tenants;
  } catch {
    return false;
  } finally {
    await db.end().catch(() => undefined);
  }
}

/** The first `count` tenants of an existing seed (in registration order), their admin and member logged in afresh. */
export async function seededTenants(baseUrl: string, db: Client, count: number): Promise<BenchTenant[]> {
  const { rows } = await db.query<{ org_id: string; role: 'admin' | 'member'; profile_id: string; email: string }>(
    `SELECT p.org_id, p.role, p.id AS profile_id, u.email
     FROM auth.profiles p JOIN auth.users u ON u.id = p.user_id JOIN auth.orgs o ON o.id = p.org_id
     WHERE p.org_id IN (SELECT id FROM auth.orgs ORDER BY created_at, id LIMIT $1)
     ORDER BY o.created_at, o.id`,
    [count],
  );
  const logIn = async (profileId: string, email: string) => ({
    profileId,
    access: (await api(baseUrl, 'POST', '/api/auth/login/', null, { email, password: PASSWORD })).access as string,
  });
  const tenants: BenchTenant[] = [];
  for (const orgId of [...new Set(rows.map((row) => row.org_id))]) {
    const of = (role: string) => rows.find((row) => row.org_id === orgId && row.role === role)!;
    tenants.push({ orgId, admin: await logIn(of('admin').profile_id, of('admin').email), member: await logIn(of('member').profile_id, of('member').email) });
  }
  return tenants;
}
