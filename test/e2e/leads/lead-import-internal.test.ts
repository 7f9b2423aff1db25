import { internalImportPaths } from '@crm/records';
import { outboxEvents } from '../../support/events';
import { callInternal, csvRows } from '../../support/internal-api';
import { createLead } from '../../support/leads';
import type { TestSystem } from '../../support/system';
import { addMember, registerTenant, type Member, type TenantAdmin } from '../../support/tenants';
import { startWithTenant } from '../../support/suite';

/**
 * The leads service's side of imports and exports (`shared/records/src/import-export/import-contract.ts`), called
 * as import-export calls it: straight at the service with an internal token carrying the caller. The
 * public routes, CSV and limits are import-export's and tested through the gateway in its suites.
 */
let system: TestSystem, admin: TenantAdmin, seller: Member, clerk: Member;
const paths = internalImportPaths('leads');

beforeAll(async () => {
  ({ system, admin, seller, clerk } = await startWithTenant({ members: { seller: true, clerk: false } }));
  for (const definition of [
    { key: 'size', label: 'Size', field_type: 'number' },
    { key: 'vip', label: 'VIP', field_type: 'checkbox' },
  ]) {
    expect((await system.api.post('/api/leads/custom-fields/', definition, { token: admin.access })).status).toBe(201);
  }
});
afterAll(() => system.stop());

const internal = (method: 'GET' | 'POST', path: string, token: string, body?: unknown) => callInternal(system, 'leads', method, path, token, body);

async function leadCount(): Promise<number> {
  const [row] = await system.services.leads!.dataSource.query(`SELECT count(*)::int AS n FROM leads WHERE tenant_id = $1`, [admin.orgId]);
  return row.n;
}

const HEADER = ['first_name', 'last_name', 'email', 'status', 'tags', 'cf_size', 'cf_vip', 'assigned_to_id'];

describe('validate', () => {
  it('when rows break the lead rules, then each bad cell is reported on its row and column, and nothing is written', async () => {
    const before = await leadCount();
    const res = await internal('POST', paths.validate, admin.access, {
      header: HEADER,
      rows: [
        ['Ada', 'Lovelace', 'ada@example.test', 'new', 'vip;web', '12', 'yes', ''],
        ['', '', 'not-an-email', 'bogus', '', 'big', 'maybe', ''],
        ['', '', '', '', '', '', '', ''],
        ['Only', 'three', 'cells'],
        ['Grace', '', '', 'converted', '', '', '', '00000000-0000-4000-8000-000000000000'],
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.header_error).toBeNull();
    expect(res.body.summary).toEqual({ total: 5, valid: 1, invalid: 4 });
    expect(res.body.errors).toEqual([
      { row: 2, field: 'email', message: 'Enter a valid e-mail address.' },
      { row: 2, field: 'status', message: expect.any(String) },
      { row: 2, field: 'cf_size', message: 'Must be a number.' },
      { row: 2, field: 'cf_vip', message: 'Must be true or false.' },
      { row: 3, field: 'first_name', message: expect.stringContaining('at least one') },
      { row: 4, field: 'non_field_errors', message: 'This row has 3 cells; the header has 8 columns.' },
      { row: 5, field: 'status', message: expect.any(String) },
    ]);
    expect(await leadCount()).toBe(before);
  });

  it('when a column is unknown or repeated, then the whole file fails with a header error', async () => {
    for (const header of [['first_name', 'nickname'], ['first_name', 'first_name'], ['first_name', 'cf_missing']]) {
      const res = await internal('POST', paths.validate, admin.access, { header, rows: [['Ada', 'x']] });
      expect(res.status).toBe(200);
      expect(res.body.header_error).toEqual(expect.any(String));
      expect(res.body.summary).toEqual({ total: 1, valid: 0, invalid: 1 });
    }
  });

  it('when a member names another owner or someone outside the tenant, then that row is refused on assigned_to_id', async () => {
    const stranger = await registerTenant(system.api, 'Elsewhere');
    const res = await internal('POST', paths.validate, seller.access, {
      header: ['first_name', 'assigned_to_id'],
      rows: [
        ['Mine', seller.profileId],
        ['Theirs', admin.profileId],
      ],
    });
    expect(res.body.errors).toEqual([{ row: 2, field: 'assigned_to_id', message: expect.any(String) }]);
    const byAdmin = await internal('POST', paths.validate, admin.access, { header: ['first_name', 'assigned_to_id'], rows: [['Far', stranger.profileId]] });
    expect(byAdmin.body.errors).toEqual([{ row: 1, field: 'assigned_to_id', message: 'No member of this organisation has this id.' }]);
  });

  it('when the caller has no sales access or the body is not rows of cells, then 403 / 400', async () => {
    expect((await internal('POST', paths.validate, clerk.access, { header: ['first_name'], rows: [] })).status).toBe(403);
    expect((await internal('POST', paths.validate, admin.access, { header: ['first_name'], rows: [[1]] })).status).toBe(400);
    expect((await internal('POST', paths.validate, admin.access, { rows: [] })).status).toBe(400);
  });
});

describe('commit', () => {
  it('when every row is valid, then all are created in order with typed values and one lead.created each', async () => {
    const res = await internal('POST', paths.commit, admin.access, {
      header: [...HEADER, 'id', 'created_at'],
      rows: [
        ['Ada', 'Lovelace', 'ADA@example.test', 'qualified', 'vip; web ;', '12.5', 'TRUE', seller.profileId, 'ignored', 'ignored'],
        ['Alan', 'Turing', '', '', '', '', 'no', '', '', ''],
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ created: 2, ids: [expect.any(String), expect.any(String)] });
    const [ada, alan] = await Promise.all(res.body.ids.map(async (id: string) => (await system.api.get(`/api/leads/${id}/`, { token: admin.access })).body));
    expect(ada).toMatchObject({
      first_name: 'Ada',
      email: 'ada@example.test',
      status: 'qualified',
      tags: ['vip', 'web'],
      custom_fields: { size: 12.5, vip: true },
      assigned_to: { id: seller.profileId },
    });
    expect(alan).toMatchObject({ first_name: 'Alan', status: 'new', custom_fields: { vip: false }, assigned_to: { id: admin.profileId } });
    for (const id of res.body.ids) {
      expect((await outboxEvents(system, 'leads', id)).map((event) => event.type)).toEqual(['lead.created']);
    }
  });

  it('when one row of many is bad, then 400 with every error and not one lead is written', async () => {
    const before = await leadCount();
    const rows = Array.from({ length: 300 }, (_, i) => [`Row ${i}`, '', '', '', '', i === 150 ? 'x' : '', '', '']);
    const res = await internal('POST', paths.commit, admin.access, { header: HEADER, rows });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: true, header_error: null, errors: [{ row: 151, field: 'cf_size', message: expect.any(String) }], created: 0 });
    expect(await leadCount()).toBe(before);
  });

  it('when leads land in a status column, then they go to its end in file order', async () => {
    const existing = await createLead(system.api, admin.access, { first_name: 'Already', status: 'contacted' });
    const res = await internal('POST', paths.commit, admin.access, { header: ['first_name', 'status'], rows: [['One', 'contacted'], ['Two', 'contacted']] });
    const positions = await Promise.all(res.body.ids.map(async (id: string) => (await system.api.get(`/api/leads/${id}/`, { token: admin.access })).body.board_position));
    expect(positions).toEqual([existing.board_position + 1, existing.board_position + 2]);
  });
});

describe('export', () => {
  it('when exported, then a CSV of the columns line and one line of cells per lead the caller may open comes, in the list order', async () => {
    const tenantAdmin = await registerTenant(system.api, 'Exporter');
    const member = await addMember(system.api, tenantAdmin, true);
    const first = await createLead(system.api, tenantAdmin.access, { first_name: 'First', tags: ['a', 'b'], opportunity_amount: '10.5' });
    const second = await createLead(system.api, member.access, { first_name: 'Second', email: 'second@example.test' });
    const res = await internal('GET', `${paths.export}?ordering=created_at`, tenantAdmin.access);
    expect(res.status).toBe(200);
    const rows = csvRows(res.text);
    expect(rows[0]).toEqual(['id', 'title', 'first_name', 'last_name', 'email', 'phone', 'company_name', 'status', 'source', 'opportunity_amount', 'currency', 'tags', 'board_position', 'assigned_to_id', 'created_at']);
    expect(rows.slice(1).map((cells) => cells[0])).toEqual([first.id, second.id]);
    expect(rows[1]).toEqual([first.id, '', 'First', '', '', '', '', 'new', '', '10.50', 'USD', 'a;b', String(first.board_position), tenantAdmin.profileId, first.created_at]);

    const mine = await internal('GET', paths.export, member.access);
    expect(csvRows(mine.text).slice(1).map((cells) => cells[0])).toEqual([second.id]);
    const filtered = await internal('GET', `${paths.export}?search=second`, tenantAdmin.access);
    expect(csvRows(filtered.text)).toHaveLength(2);
  });

  it('when the export is asked for without text/csv (an import-export of the release before), then the same rows come as NDJSON', async () => {
    const lead = await createLead(system.api, admin.access, { first_name: 'Rolling', last_name: 'Deploy' });
    const res = await callInternal(system, 'leads', 'GET', `${paths.export}?search=rolling%20deploy`, admin.access, undefined, '*/*');
    expect(res.status).toBe(200);
    const lines = res.text.trimEnd().split('\n').map((line) => JSON.parse(line));
    expect(lines[0].columns[0]).toBe('id');
    expect(lines.slice(1).map((cells: string[]) => cells[0])).toEqual([lead.id]);
  });

  it('when a filter is bad, then 400 in the validation body and nothing is streamed', async () => {
    for (const query of ['?ordering=nope', '?created_at__gte=yesterday', '?cf_unknown=1', '?colour=red']) {
      const res = await internal('GET', `${paths.export}${query}`, admin.access);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(true);
    }
  });
});
