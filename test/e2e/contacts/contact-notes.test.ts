import { startTestSystem, type TestSystem } from '../../support/system';
import { addMember, registerTenant, type Member, type TenantAdmin } from '../../support/tenants';
import { contactsDb, createContact } from './support';

let system: TestSystem;
let admin: TenantAdmin;
let seller: Member;
let contact: any;

beforeAll(async () => {
  system = await startTestSystem();
  admin = await registerTenant(system.api);
  seller = await addMember(system.api, admin, true);
  contact = await createContact(system.api, admin.access, { first_name: 'Annotated', owner_id: seller.profileId });
});
afterAll(async () => {
  await system.stop();
});

function upload(recordId: string, content: Uint8Array, filename = 'file.bin', field = 'file', token = seller.access) {
  const form = new FormData();
  form.append(field, new Blob([content], { type: 'application/octet-stream' }), filename);
  return system.api.post(`/api/contacts/${recordId}/attachments/`, undefined, { token, rawBody: form });
}

async function storedOn(table: 'notes' | 'attachments', recordId: string): Promise<number> {
  const [row] = await contactsDb(system).query(`SELECT count(*)::int AS n FROM ${table} WHERE record_type = 'contact' AND record_id = $1`, [recordId]);
  return row.n;
}

describe('notes on a contact', () => {
  it('when notes are added, then they are listed newest first with their author', async () => {
    const first = await system.api.post(`/api/contacts/${contact.id}/notes/`, { body: 'Met at the conference' }, { token: seller.access });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ id: expect.any(String), body: 'Met at the conference', created_by: seller.profileId, created_at: expect.any(String) });
    await system.api.post(`/api/contacts/${contact.id}/notes/`, { body: 'Sent the brochure' }, { token: admin.access });
    const res = await system.api.get(`/api/contacts/${contact.id}/notes/`, { token: seller.access });
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(2);
    expect(res.body.results.map((note: { body: string }) => note.body)).toEqual(['Sent the brochure', 'Met at the conference']);
  });

  it('when a note is empty or has other fields, then 400 and nothing is stored', async () => {
    const before = await storedOn('notes', contact.id);
    for (const body of [{ body: '   ' }, {}, { body: 'x', created_by: admin.profileId }]) {
      const res = await system.api.post(`/api/contacts/${contact.id}/notes/`, body, { token: seller.access });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(true);
    }
    expect(await storedOn('notes', contact.id)).toBe(before);
  });

  it('when a member deletes someone else’s note, then 403; the author may', async () => {
    const note = await system.api.post(`/api/contacts/${contact.id}/notes/`, { body: 'Admin wrote this' }, { token: admin.access });
    expect((await system.api.delete(`/api/contacts/${contact.id}/notes/${note.body.id}/`, { token: seller.access })).status).toBe(403);
    expect((await system.api.delete(`/api/contacts/${contact.id}/notes/${note.body.id}/`, { token: admin.access })).status).toBe(204);
    expect((await system.api.delete(`/api/contacts/${contact.id}/notes/${note.body.id}/`, { token: admin.access })).status).toBe(404);
  });

  it('when a note of one contact is addressed through another, then 404', async () => {
    const other = await createContact(system.api, seller.access, { first_name: 'Other' });
    const note = await system.api.post(`/api/contacts/${contact.id}/notes/`, { body: 'Stays here' }, { token: seller.access });
    expect((await system.api.delete(`/api/contacts/${other.id}/notes/${note.body.id}/`, { token: seller.access })).status).toBe(404);
    expect((await system.api.get(`/api/contacts/${contact.id}/notes/`, { token: seller.access })).body.results[0].id).toBe(note.body.id);
  });
});

describe('attachments on a contact', () => {
  it('when a file is uploaded, then it is listed and downloads byte for byte', async () => {
    const content = new Uint8Array([0, 1, 2, 255, 0, 10, 13, 0]);
    const res = await upload(contact.id, content, 'card.vcf');
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      filename: 'card.vcf',
      content_type: 'application/octet-stream',
      size: 8,
      created_by: seller.profileId,
      created_at: expect.any(String),
    });
    const listed = await system.api.get(`/api/contacts/${contact.id}/attachments/`, { token: admin.access });
    expect(listed.body.results).toContainEqual(res.body);
    const download = await fetch(`${system.gatewayUrl}/api/contacts/${contact.id}/attachments/${res.body.id}/`, {
      headers: { authorization: `Bearer ${admin.access}` },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain('card.vcf');
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(content);
  });

  it('when the upload has no file or another field name, then 400 and nothing is stored', async () => {
    const before = await storedOn('attachments', contact.id);
    expect((await upload(contact.id, new Uint8Array(3), 'a.bin', 'document')).status).toBe(400);
    const notMultipart = await system.api.post(`/api/contacts/${contact.id}/attachments/`, { file: 'abc' }, { token: seller.access });
    expect(notMultipart.status).toBe(400);
    expect(await storedOn('attachments', contact.id)).toBe(before);
  });

  it('when the uploader or an admin deletes a file, then it is gone', async () => {
    const file = await upload(contact.id, new Uint8Array([7]), 'gone.bin');
    expect((await system.api.delete(`/api/contacts/${contact.id}/attachments/${file.body.id}/`, { token: seller.access })).status).toBe(204);
    expect((await system.api.get(`/api/contacts/${contact.id}/attachments/${file.body.id}/`, { token: seller.access })).status).toBe(404);
  });

  it('when the contact is deleted, then its notes and files go with it', async () => {
    const doomed = await createContact(system.api, admin.access, { first_name: 'Doomed' });
    await system.api.post(`/api/contacts/${doomed.id}/notes/`, { body: 'bye' }, { token: admin.access });
    expect((await upload(doomed.id, new Uint8Array([1, 2]), 'bye.bin', 'file', admin.access)).status).toBe(201);
    expect([await storedOn('notes', doomed.id), await storedOn('attachments', doomed.id)]).toEqual([1, 1]);
    expect((await system.api.delete(`/api/contacts/${doomed.id}/`, { token: admin.access })).status).toBe(204);
    expect([await storedOn('notes', doomed.id), await storedOn('attachments', doomed.id)]).toEqual([0, 0]);
  });
});
