import { recordOperation } from '../../support/api-client';
import { createLead } from '../../support/leads';
import type { TestSystem } from '../../support/system';
import { addMember, registerTenant, type Member, type TenantAdmin } from '../../support/tenants';
import { createContact } from '../contacts/support';
import { startWithTenant } from '../../support/suite';

/**
 * CSV export through the gateway (api-contract §5): the list's query string, every match the caller may open,
 * unpaged, as a streamed CSV with a BOM and spreadsheet formulas neutralised; a bad filter is a 400
 * before any byte.
 */
let system: TestSystem, admin: TenantAdmin, seller: Member, stranger: TenantAdmin;

beforeAll(async () => ({ system, admin, seller, stranger } = await startWithTenant({ members: { seller: true }, tenants: { stranger: 'Stranger' } })));
afterAll(() => system.stop());

async function exportCsv(path: string, token: string) {
  const response = await fetch(`${system.gatewayUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  recordOperation('GET', path);
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { response, bytes, text: new TextDecoder().decode(bytes) };
}

/** The CSV's lines as cells (the test data has no commas or line breaks inside cells unless quoted). */
const linesOf = (text: string) => text.replace(/^\uFEFF/, '').trimEnd().split('\r\n');

describe('export of leads', () => {
  it('when leads are exported, then a CSV with a BOM, the columns and every match comes, with formula cells neutralised', async () => {
    const first = await createLead(system.api, admin.access, { first_name: '=HYPERLINK("http://evil")', last_name: 'Formula', tags: ['a', 'b'] });
    const second = await createLead(system.api, admin.access, { first_name: '@risk', last_name: 'Formula', phone: '+1 555', company_name: 'Comma, Inc' });
    // A formula after a separator a spreadsheet may split on (security §10.7), a list's `;` too.
    const third = await createLead(system.api, admin.access, { last_name: 'Formula', company_name: 'Acme;=1+1', tags: ['x', '@y'] });
    const { response, bytes, text } = await exportCsv('/api/leads/export/?search=formula&ordering=created_at', admin.access);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = linesOf(text);
    expect(lines[0]).toBe('id,title,first_name,last_name,email,phone,company_name,status,source,opportunity_amount,currency,tags,board_position,assigned_to_id,created_at');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(`${first.id},,"'=HYPERLINK(""http://evil"")",Formula,`);
    expect(lines[1]).toContain(',a;b,');
    expect(lines[2]).toContain(`${second.id},,"'@risk",Formula,,"'+1 555","Comma, Inc",new,`);
    expect(lines[3]).toContain(`${third.id},,,Formula,,,"'Acme;=1+1",new,`);
    expect(lines[3]).toContain(`,"'x;@y",`);
  });

  it('when there are more leads than a page, then all of them are exported, unpaged', async () => {
    const tenant = await registerTenant(system.api, 'Many');
    const rows = [['first_name'], ...Array.from({ length: 2_500 }, (_, i) => [`Lead ${i}`])].map((cells) => cells.join(',')).join('\r\n');
    const form = new FormData();
    form.append('file', new Blob([rows]), 'many.csv');
    expect((await system.api.post('/api/leads/import/commit/', undefined, { token: tenant.access, rawBody: form })).status).toBe(201);
    const lines = linesOf((await exportCsv('/api/leads/export/?page_size=10&page=3', tenant.access)).text);
    expect(lines).toHaveLength(2_501);
    expect(new Set(lines.slice(1).map((line) => line.split(',')[0])).size).toBe(2_500);
  });

  it('when the export bounds a number custom field, then it has exactly the leads whose value is inside, as they are now', async () => {
    const tenant = await registerTenant(system.api, 'Bounded');
    const definition = { key: 'score', label: 'Score', field_type: 'number', is_filterable: true };
    expect((await system.api.post('/api/leads/custom-fields/', definition, { token: tenant.access })).status).toBe(201);
    const lead = (score: number) => createLead(system.api, tenant.access, { last_name: `Scored ${score}`, custom_fields: { score } });
    await lead(10);
    const [high, moved] = [await lead(90), await lead(20)];
    expect((await system.api.patch(`/api/leads/${moved.id}/`, { custom_fields: { score: 95 } }, { token: tenant.access })).status).toBe(200);
    const lines = linesOf((await exportCsv('/api/leads/export/?cf_score__gte=50&ordering=created_at', tenant.access)).text);
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual([high.id, moved.id]);
  });

  it('when a member exports, then only the leads they may open are in it; never another tenant’s', async () => {
    const own = await createLead(system.api, seller.access, { first_name: 'Visible', last_name: 'Member' });
    await createLead(system.api, admin.access, { first_name: 'Hidden', last_name: 'Member' });
    await createLead(system.api, stranger.access, { first_name: 'Foreign', last_name: 'Member' });
    const lines = linesOf((await exportCsv('/api/leads/export/?search=member', seller.access)).text);
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual([own.id]);
  });

  it.each(['?ordering=nonsense', '?created_at__gte=yesterday', '?cf_missing=1', '?colour=red', '?status=converted&status=new'])(
    'when the filter is bad (%s), then 400 in the validation body, not a CSV',
    async (query) => {
      const { response, text } = await exportCsv(`/api/leads/export/${query}`, admin.access);
      expect(response.status).toBe(400);
      expect(response.headers.get('content-type')).toContain('application/json');
      expect(JSON.parse(text).error).toBe(true);
    },
  );

  it('when the token lacks the read scope or the member has no sales access, then 403', async () => {
    const writer = await system.api.post('/api/auth/api-tokens/', { name: 'writer', scopes: ['leads:write'] }, { token: admin.access });
    expect((await exportCsv('/api/leads/export/', writer.body.token)).response.status).toBe(403);
    const clerk = await addMember(system.api, admin, false);
    expect((await exportCsv('/api/contacts/export/', clerk.access)).response.status).toBe(403);
  });
});

describe('export of contacts', () => {
  it('when contacts are exported with a filter, then the matching ones come in the contact columns', async () => {
    const contact = await createContact(system.api, admin.access, { first_name: 'Exported', last_name: 'Contact', email: 'exported@example.test', tags: ['x'] });
    const lines = linesOf((await exportCsv('/api/contacts/export/?tags=x', admin.access)).text);
    expect(lines[0]).toBe('id,first_name,last_name,email,phone,title,account_id,linkedin_url,tags,owner_id,created_at');
    expect(lines.slice(1)).toEqual([`${contact.id},Exported,Contact,exported@example.test,,,,,x,${admin.profileId},${contact.created_at}`]);
  });
});
