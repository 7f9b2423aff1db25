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

async function waitForProfiles(db: Client, schema: string, profileIds: string[]): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    const { rows } = await db.query(`SELECT count(*)::int AS n FROM ${schema}.profiles WHERE id = ANY($1::uuid[])`, [profileIds]);
    if (rows[0].n === profileIds.length) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the ${schema} profiles replica never caught up`);
}

/**
 * Registers `count` tenants, each with an admin and a sales member, through the gateway (so auth, the
 * replicas and tokens are real), and waits until the profiles replica of each schema in `replicas` (the
 * services whose tables are loaded next) knows them all.
 */
export async function registerTenants(baseUrl: string, db: Client, count: number, replicas: readonly string[] = ['leads']): Promise<BenchTenant[]> {
  const tenants: BenchTenant[] = [];
  for (let index = 0; index < count; index += 1) tenants.push(await registerTenant(baseUrl, index));
  for (const schema of replicas) await waitForProfiles(db, schema, tenants.flatMap((tenant) => [tenant.admin.profileId, tenant.member.profileId]));
  return tenants;
}

/** The lead custom fields a seed with `customFields` defines in each tenant (all filterable, for `cf_<key>` lists and `__gte` bounds). */
export const SEEDED_CUSTOM_FIELDS = {
  segment: { label: 'Segment', field_type: 'dropdown', values: ['smb', 'mid_market', 'enterprise'] },
  score: { label: 'Score', field_type: 'number', values: Array.from({ length: 100 }, (_, i) => i) },
  /** Every day of 2026: lead i follows up on 2026-01-01 plus i % 365 days. */
  follow_up: { label: 'Follow-up', field_type: 'date', values: [] },
} as const;

export async function defineCustomFields(baseUrl: string, tenant: BenchTenant): Promise<void> {
  for (const [key, field] of Object.entries(SEEDED_CUSTOM_FIELDS)) {
    const options = field.field_type === 'dropdown' ? field.values.map((value) => ({ value, label: value })) : [];
    await api(baseUrl, 'POST', '/api/leads/custom-fields/', tenant.admin.access, { key, label: field.label, field_type: field.field_type, options, is_filterable: true });
  }
}

/** The last names of seeded people (a list of ten, so full names collide as in real data). */
export const SEEDED_LAST_NAMES = ['Lovelace', 'Hopper', 'Turing', 'Curie', 'Torvalds', 'Liskov', 'Thompson', 'Ritchie', 'Dijkstra', 'Knuth'];

/** What a table of people adds to what every seeded person has (`loadPeople`). */
export interface PeopleColumns {
  /** The column naming who owns the record (`assigned_to`; a contact's `owner_id`). */
  ownerColumn: string;
  /** E-mail addresses are `<emailPrefix><i>.<tenant>@example.test`. */
  emailPrefix: string;
  /** The table's own columns, each as SQL of the row number `i`, its parameters numbered from `$6`. */
  columns: Record<string, string>;
  params: unknown[];
}

/**
 * Bulk-loads `count` people (leads, contacts) into one tenant straight into `table`: one INSERT … SELECT
 * (the speed of COPY, without shipping rows). What leads and contacts have alike is written once here:
 * first names from a list of ten with a number and last names from another (so full names collide, as in
 * real data), e-mail addresses unique, phones written three ways (unique by their digits), 20 tags,
 * created over a year and updated up to two days later, created by the admin and half owned by the member
 * (at random, so every tag and value has records of both). No events: the rows are the benchmark's
 * fixture, not changes anyone announces.
 */
export async function loadPeople(db: Client, table: string, tenant: BenchTenant, count: number, people: PeopleColumns): Promise<void> {
  // $1 the tenant, $2 its admin, $3 its member, $4 the count, $5 the last names; the table's own from $6.
  const columns: Record<string, string> = {
    id: 'gen_random_uuid()',
    tenant_id: '$1::uuid',
    first_name: `(ARRAY['Ada','Grace','Alan','Marie','Linus','Barbara','Ken','Dennis','Edsger','Donald'])[1 + i % 10] || (i % 97)`,
    last_name: '($5::text[])[1 + (i / 10) % 10]',
    email: `'${people.emailPrefix}' || i || '.' || substr($1::text, 1, 8) || '@example.test'`,
    phone: `CASE i % 3 WHEN 0 THEN '+1 (555) ' || lpad(i::text, 7, '0') WHEN 1 THEN '555-' || lpad(i::text, 7, '0') ELSE (4420000000 + i)::text END`,
    tags: `ARRAY['tag' || (i % 20)]`,
    [people.ownerColumn]: 'CASE WHEN hashtext(i::text) % 2 = 0 THEN $2::uuid ELSE $3::uuid END',
    created_by: '$2::uuid',
    created_at: 'seeded.created_at',
    updated_at: `least(now(), seeded.created_at + (i % 48) * interval '1 hour')`,
    ...people.columns,
  };
  await db.query(
    `INSERT INTO ${table} (${Object.keys(columns).join(', ')})
     SELECT ${Object.values(columns).join(', ')}
     FROM generate_series(0, $4::int - 1) AS i,
       LATERAL (SELECT now() - (i % 365) * interval '1 day' - (i % 86400) * interval '1 second' AS created_at) AS seeded`,
    [tenant.orgId, tenant.admin.profileId, tenant.member.profileId, count, SEEDED_LAST_NAMES, ...people.params],
  );
}

/**
 * Bulk-loads `count` leads into a tenant (`loadPeople`): e-mail addresses `lead<i>.…`, a company for one
 * lead in four, one lead in ten converted and the others spread over the open statuses, an amount for
 * three in four, and with `customFields` the values of `SEEDED_CUSTOM_FIELDS` (segment by thirds, score
 * 0–99, follow-up over 2026).
 */
export async function loadLeads(db: Client, tenant: BenchTenant, count: number, customFields: boolean): Promise<void> {
  await loadPeople(db, 'leads.leads', tenant, count, {
    ownerColumn: 'assigned_to',
    emailPrefix: 'lead',
    columns: {
      company_name: `CASE WHEN i % 4 = 0 THEN 'Company ' || (i % 500) END`,
      status: `CASE WHEN i % 10 = 0 THEN 'converted' ELSE (ARRAY['new','contacted','qualified','unqualified'])[1 + (i / 10) % 4] END`,
      board_position: 'i',
      opportunity_amount: 'CASE WHEN i % 4 <> 3 THEN (i % 100000) * 10 + 0.5 END',
      custom_fields: `CASE WHEN $6 THEN jsonb_build_object('segment', ($7::text[])[1 + i % 3], 'score', i % 100,
        'follow_up', to_char(date '2026-01-01' + i % 365, 'YYYY-MM-DD')) ELSE '{}'::jsonb END`,
    },
    params: [customFields, SEEDED_CUSTOM_FIELDS.segment.values],
  });
}

/**
 * `tenants` tenants with `leadsPerTenant` leads each, for the benchmarks of lists and duplicate checks.
 * Leads are bulk-loaded, then the table is vacuumed and analysed (the state autovacuum brings a table to,
 * which index-only scans need for counts).
 */
export async function seedLeads(
  baseUrl: string,
  db: Client,
  tenants: number,
  leadsPerTenant: number,
  options: { customFields?: boolean } = {},
): Promise<BenchTenant[]> {
  const customFields = options.customFields ?? false;
  const seeded = await registerTenants(baseUrl, db, tenants);
  for (const tenant of seeded) {
    if (customFields) await defineCustomFields(baseUrl, tenant);
    await loadLeads(db, tenant, leadsPerTenant, customFields);
  }
  await db.query('VACUUM ANALYZE leads.leads');
  await db.query('VACUUM ANALYZE leads.leads_custom_values');
  return seeded;
}

/** What `read` answers of the benchmarks' database as it is, before the system starts; undefined when there is none yet. */
export async function readSeedDatabase<T>(databaseUrl: string, read: (db: Client) => Promise<T>): Promise<T | undefined> {
  const db = new Client({ connectionString: databaseUrl });
  try {
    await db.connect();
    return await read(db);
  } catch {
    return undefined;
  } finally {
    await db.end().catch(() => undefined);
  }
}

/** Whether the database already holds a seed of that size (`BENCH_KEEP_SEED`); false when it does not exist. */
export async function isSeeded(databaseUrl: string, tenants: number, leadsPerTenant: number): Promise<boolean> {
  const counted = await readSeedDatabase(databaseUrl, async (db) => {
    const { rows } = await db.query(`SELECT count(*)::int AS leads, count(DISTINCT tenant_id)::int AS tenants FROM leads.leads`);
    return rows[0] as { leads: number; tenants: number };
  });
  return counted?.leads === tenants * leadsPerTenant && counted.tenants === tenants;
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
