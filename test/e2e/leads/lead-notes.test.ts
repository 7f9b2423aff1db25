import { createLead } from '../../support/leads';
import { startTestSystem, type TestSystem } from '../../support/system';
import { addMember, registerTenant, type Member, type TenantAdmin } from '../../support/tenants';

let system: TestSystem;
let admin: TenantAdmin;
let seller: Member;
let lead: any;

beforeAll(async () => {
  system = await startTestSystem();
  admin = await registerTenant(system.api);
  seller = await addMember(system.api, admin, true);
  lead = await createLead(system.api, admin.access, { first_name: 'Annotated', assigned_to_id: seller.profileId });
});
afterAll(async () => {
  await system.stop();
});

const MB = 1024 * 1024;

function upload(content: Uint8Array, filename = 'file.bin', field = 'file', token = seller.access) {
  const form = new FormData();
  form.append(field, new Blob([content], { type: 'application/octet-stream' }), filename);
  return system.api.post(`/api/leads/${lead.id}/attachments/`, undefined, { token, rawBody: form });
}

async function storedAttachments(): Promise<number> {
  const [row] = await system.services.leads!.dataSource.query(`SELECT count(*)::int AS n FROM attachments WHERE record_id = $1`, [lead.id]);
  return row.n;
}

describe('notes on a lead', () => {
  it('when notes are added, then they are listed newest first with their author', async () => {
    const first = await system.api.post(`/api/leads/${lead.id}/notes/`, { body: 'Called, no answer' }, { token: seller.access });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ id: expect.any(String), body: 'Called, no answer', created_by: seller.profileId, created_at: expect.any(String) });
    await system.api.post(`/api/leads/${lead.id}/notes/`, { body: 'Sent the brochure' }, { token: admin.access });
    const res = await system.api.get(`/api/leads/${lead.id}/notes/`, { token: seller.access });
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(2);
    expect(res.body.results.map((note: { body: string }) => note.body)).toEqual(['Sent the brochure', 'Called, no answer']);
  });

  it('when a note is empty or has other fields, then 400', async () => {
    for (const body of [{ body: '   ' }, {}, { body: 'x', created_by: admin.profileId }]) {
      const res = await system.api.post(`/api/leads/${lead.id}/notes/`, body, { token: seller.access });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(true);
    }
  });

  it('when a member deletes someone else’s note, then 403; the author may', async () => {
    const note = await system.api.post(`/api/leads/${lead.id}/notes/`, { body: 'Admin wrote this' }, { token: admin.access });
    expect((await system.api.delete(`/api/leads/${lead.id}/notes/${note.body.id}/`, { token: seller.access })).status).toBe(403);
    expect((await system.api.delete(`/api/leads/${lead.id}/notes/${note.body.id}/`, { token: admin.access })).status).toBe(204);
  });
});

describe('attachments on a lead', () => {
  it('when a file is uploaded, then it is listed and downloads byte for byte', async () => {
    const content = new Uint8Array([0, 1, 2, 255, 0, 10, 13, 0]);
    const res = await upload(content, 'contract.pdf');
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      filename: 'contract.pdf',
      content_type: 'application/octet-stream',
      size: 8,
      created_by: seller.profileId,
      created_at: expect.any(String),
    });
    const listed = await system.api.get(`/api/leads/${lead.id}/attachments/`, { token: admin.access });
    expect(listed.body.results).toContainEqual(res.body);
    const download = await fetch(`${system.gatewayUrl}/api/leads/${lead.id}/attachments/${res.body.id}/`, {
      headers: { authorization: `Bearer ${admin.access}` },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain('contract.pdf');
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(content);
  });

  it('when the file is exactly 10 MB, then it is stored; one byte more, 413 and nothing stored', async () => {
    const before = await storedAttachments();
    expect((await upload(new Uint8Array(10 * MB), 'max.bin')).status).toBe(201);
    const tooBig = await upload(new Uint8Array(10 * MB + 1), 'too-big.bin');
    expect(tooBig.status).toBe(413);
    expect(tooBig.body).toEqual({ detail: expect.any(String) });
    expect(await storedAttachments()).toBe(before + 1);
  });

  it('when the upload has no file or another field name, then 400', async () => {
    expect((await upload(new Uint8Array(3), 'a.bin', 'document')).status).toBe(400);
    const notMultipart = await system.api.post(`/api/leads/${lead.id}/attachments/`, { file: 'abc' }, { token: seller.access });
    expect(notMultipart.status).toBe(400);
  });

  it('when the lead is deleted, then its notes and files go with it', async () => {
    const doomed = await createLead(system.api, admin.access, { first_name: 'Doomed' });
    await system.api.post(`/api/leads/${doomed.id}/notes/`, { body: 'bye' }, { token: admin.access });
    expect((await system.api.delete(`/api/leads/${doomed.id}/`, { token: admin.access })).status).toBe(204);
    const [row] = await system.services.leads!.dataSource.query(`SELECT count(*)::int AS n FROM notes WHERE record_id = $1`, [doomed.id]);
    expect(row.n).toBe(0);
  });
});
