import type { DataSource } from '@crm/platform';
import type { TestSystem } from '../../support/system';
import type { TenantAdmin } from '../../support/tenants';
import { addAuditEntry } from './support';
import { startWithTenant } from '../../support/suite';
import { createdRecord } from '../../support/api-client';

/**
 * A list's `count` and `results` come from one snapshot (api-contract §6): read while rows of the list are
 * inserted and deleted again without pause, the first page always holds min(count, page_size) results.
 */
let system: TestSystem, admin: TenantAdmin;

/** A list, and a row of it the churn copies (its table in the owning service's schema, with the columns a copy must change). */
interface ListCase {
  name: string;
  path: string;
  service: string;
  table: string;
  seedId: string;
  /** Column → SQL expression for the copies of one churner, besides a new `id`: what is unique. */
  unique?: (churner: number) => Record<string, string>;
}

const PAGE_SIZE = 100;
const ROUNDS = 150;
/** Connections inserting and deleting at once. */
const CHURNERS = 4;

const cases: ListCase[] = [];

beforeAll(async () => {
  ({ system, admin } = await startWithTenant());
  const create = (path: string, body: Record<string, unknown>) => createdRecord(system.api, path, body, admin.access);
  const lead = await create('/api/leads/', { first_name: 'Seed' });
  const contact = await create('/api/contacts/', { first_name: 'Seed' });
  const account = await create('/api/accounts/', { name: 'Seed Ltd' });
  const opportunity = await create('/api/opportunities/', { name: 'Seed deal', account_id: account.id });
  const task = await create('/api/tasks/', { title: 'Seed task' });
  const note = await create(`/api/leads/${lead.id}/notes/`, { body: 'Seed note' });
  const field = await create('/api/leads/custom-fields/', { key: 'seed', label: 'Seed', field_type: 'text' });
  const token = await create('/api/auth/api-tokens/', { name: 'seed', scopes: ['leads:read'] });
  const auditEntry = await addAuditEntry(system, admin.orgId, lead.id);
  // A user without a profile per churner, for its copies of the admin's profile (a user has one profile).
  const spareUsers: Array<{ id: string }> = await database('auth').query(
    `INSERT INTO users (id, email, password_hash)
     SELECT gen_random_uuid(), 'spare-' || gen_random_uuid() || '@example.test', 'unused' FROM generate_series(1, $1) RETURNING id`,
    [CHURNERS],
  );
  cases.push(
    { name: 'leads', path: '/api/leads/', service: 'leads', table: 'leads', seedId: lead.id },
    { name: 'contacts', path: '/api/contacts/', service: 'contacts', table: 'contacts', seedId: contact.id },
    { name: 'accounts', path: '/api/accounts/', service: 'accounts-opportunities', table: 'accounts', seedId: account.id },
    { name: 'opportunities', path: '/api/opportunities/', service: 'accounts-opportunities', table: 'opportunities', seedId: opportunity.id },
    { name: 'tasks', path: '/api/tasks/', service: 'accounts-opportunities', table: 'tasks', seedId: task.id },
    { name: 'notes', path: `/api/leads/${lead.id}/notes/`, service: 'leads', table: 'notes', seedId: note.id },
    { name: 'custom fields', path: '/api/leads/custom-fields/', service: 'leads', table: 'custom_field_definitions', seedId: field.id, unique: () => ({ key: 'md5(random()::text)' }) },
    { name: 'API tokens', path: '/api/auth/api-tokens/', service: 'auth', table: 'api_tokens', seedId: token.id, unique: () => ({ name: 'md5(random()::text)', token_hash: 'md5(random()::text)' }) },
    { name: 'members', path: '/api/auth/users/', service: 'auth', table: 'profiles', seedId: admin.profileId, unique: (churner) => ({ user_id: `'${spareUsers[churner]!.id}'::uuid` }) },
    { name: 'audit log', path: '/api/audit-logs/', service: 'audit', table: 'audit_log', seedId: auditEntry.id, unique: () => ({ event_id: 'gen_random_uuid()' }) },
  );
});
afterAll(() => system.stop());

const database = (service: string): DataSource => system.services[service]!.dataSource;

/** Until `done()`: inserts a copy of the seed row, then deletes it, again and again, each its own commit. */
async function churn(list: ListCase, churner: number, done: () => boolean): Promise<void> {
  const db = database(list.service);
  const columns: string[] = (
    await db.query(
      `SELECT column_name FROM information_schema.columns
       WHERE table_schema = current_schema() AND table_name = $1 AND is_generated = 'NEVER' AND is_identity = 'NO' ORDER BY ordinal_position`,
      [list.table],
    )
  ).map((column: { column_name: string }) => column.column_name);
  const copied: Record<string, string> = { ...list.unique?.(churner), id: 'gen_random_uuid()' };
  const values = columns.map((column) => copied[column] ?? column);
  const insert = `INSERT INTO ${list.table} (${columns.join(', ')}) SELECT ${values.join(', ')} FROM ${list.table} WHERE id = $1 RETURNING id`;
  while (!done()) {
    const [copy] = await db.query(insert, [list.seedId]);
    await db.query(`DELETE FROM ${list.table} WHERE id = $1`, [copy.id]);
  }
}

it.each(['leads', 'contacts', 'accounts', 'opportunities', 'tasks', 'notes', 'custom fields', 'API tokens', 'members', 'audit log'])(
  'when rows of the %s list come and go while it is read, then count and results always agree',
  async (name) => {
    const list = cases.find((candidate) => candidate.name === name)!;
    let listing = true;
    const churning = Promise.all(Array.from({ length: CHURNERS }, (_, churner) => churn(list, churner, () => !listing)));
    const disagreements: Array<{ count: number; results: number }> = [];
    try {
      for (let round = 0; round < ROUNDS; round += 1) {
        const res = await system.api.get(`${list.path}?page_size=${PAGE_SIZE}`, { token: admin.access });
        expect(res.status).toBe(200);
        const { count, results } = res.body;
        if (results.length !== Math.min(count, PAGE_SIZE)) disagreements.push({ count, results: results.length });
      }
    } finally {
      listing = false;
      await churning;
    }
    expect(disagreements).toEqual([]);
  },
);
