import type { TestSystem } from '../../support/system';
import type { Member, TenantAdmin } from '../../support/tenants';
import { bodyOf, ENTITIES } from './entities';
import { startWithTenant } from '../../support/suite';
import { createdRecord } from '../../support/api-client';

/**
 * Notes and files on the records of every entity (api-contract §3, §9): the same routes, rules and
 * answers for leads, contacts, accounts, opportunities and tasks, through the gateway. The cases run for
 * all five entities (`entities.ts`).
 */
const MB = 1024 * 1024;

let system: TestSystem, admin: TenantAdmin, seller: Member, otherSeller: Member, stranger: TenantAdmin;

beforeAll(async () => ({ system, admin, seller, otherSeller, stranger } = await startWithTenant({ members: { seller: true, otherSeller: true }, tenants: { stranger: 'Elsewhere' } })));
afterAll(() => system.stop());

describe.each(ENTITIES)('notes and files on $entity records', (entity) => {
  const base = `/api/${entity.path}`;
  let record: { id: string };

  const create = (token: string, label: string, owner?: string): Promise<{ id: string }> =>
    createdRecord(system.api, `${base}/`, bodyOf(entity, label, owner ? { [entity.owner.field]: owner } : {}), token);

  function upload(recordId: string, content: Uint8Array, filename = 'file.bin', field = 'file', token = seller.access) {
    const form = new FormData();
    form.append(field, new Blob([content], { type: 'application/octet-stream' }), filename);
    return system.api.post(`${base}/${recordId}/attachments/`, undefined, { token, rawBody: form });
  }

  async function storedOn(table: 'notes' | 'attachments', recordId: string): Promise<number> {
    const [row] = await system.services[entity.service]!.dataSource.query(
      `SELECT count(*)::int AS n FROM ${table} WHERE record_type = $1 AND record_id = $2`,
      [entity.entity, recordId],
    );
    return row.n;
  }

  beforeAll(async () => {
    record = await create(admin.access, 'Annotated', seller.profileId);
  });

  it('when notes are added, then they are listed newest first with their author', async () => {
    const first = await system.api.post(`${base}/${record.id}/notes/`, { body: 'Met at the conference' }, { token: seller.access });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ id: expect.any(String), body: 'Met at the conference', created_by: seller.profileId, created_at: expect.any(String) });
    await system.api.post(`${base}/${record.id}/notes/`, { body: 'Sent the brochure' }, { token: admin.access });
    const res = await system.api.get(`${base}/${record.id}/notes/`, { token: seller.access });
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(2);
    expect(res.body.results.map((note: { body: string }) => note.body)).toEqual(['Sent the brochure', 'Met at the conference']);
  });

  it('when a note is empty or has other fields, then 400 and nothing is stored', async () => {
    const before = await storedOn('notes', record.id);
    for (const body of [{ body: '   ' }, {}, { body: 'x', created_by: admin.profileId }]) {
      const res = await system.api.post(`${base}/${record.id}/notes/`, body, { token: seller.access });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(true);
    }
    expect(await storedOn('notes', record.id)).toBe(before);
  });

  it('when a note is added, then Location names its own URL, where it is deleted (notes are read in their list)', async () => {
    const note = await system.api.post(`${base}/${record.id}/notes/`, { body: 'Located' }, { token: seller.access });
    expect(note.status).toBe(201);
    expect(note.headers.get('location')).toBe(`${base}/${record.id}/notes/${note.body.id}/`);
    expect((await system.api.delete(note.headers.get('location')!, { token: seller.access })).status).toBe(204);
  });

  it('when a member deletes someone else’s note, then 403; the author may, once', async () => {
    const note = await system.api.post(`${base}/${record.id}/notes/`, { body: 'Admin wrote this' }, { token: admin.access });
    expect((await system.api.delete(`${base}/${record.id}/notes/${note.body.id}/`, { token: seller.access })).status).toBe(403);
    expect((await system.api.delete(`${base}/${record.id}/notes/${note.body.id}/`, { token: admin.access })).status).toBe(204);
    expect((await system.api.delete(`${base}/${record.id}/notes/${note.body.id}/`, { token: admin.access })).status).toBe(404);
  });

  it('when a note of one record is addressed through another, then 404', async () => {
    const other = await create(seller.access, 'Other');
    const note = await system.api.post(`${base}/${record.id}/notes/`, { body: 'Stays here' }, { token: seller.access });
    expect((await system.api.delete(`${base}/${other.id}/notes/${note.body.id}/`, { token: seller.access })).status).toBe(404);
    expect((await system.api.get(`${base}/${record.id}/notes/`, { token: seller.access })).body.results[0].id).toBe(note.body.id);
  });

  it('when the record is another tenant’s, or one the member may not open, then 404 for its notes and files, and nothing is stored', async () => {
    const before = [await storedOn('notes', record.id), await storedOn('attachments', record.id)];
    for (const token of [stranger.access, otherSeller.access]) {
      expect((await system.api.get(`${base}/${record.id}/notes/`, { token })).status).toBe(404);
      expect((await system.api.post(`${base}/${record.id}/notes/`, { body: 'Sneaky' }, { token })).status).toBe(404);
      expect((await system.api.get(`${base}/${record.id}/attachments/`, { token })).status).toBe(404);
      expect((await upload(record.id, new Uint8Array([1]), 'sneaky.bin', 'file', token)).status).toBe(404);
    }
    expect([await storedOn('notes', record.id), await storedOn('attachments', record.id)]).toEqual(before);
  });

  it('when a file is uploaded, then it is listed and downloads byte for byte', async () => {
    const content = new Uint8Array([0, 1, 2, 255, 0, 10, 13, 0]);
    const res = await upload(record.id, content, 'contract.pdf');
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      filename: 'contract.pdf',
      content_type: 'application/octet-stream',
      size: 8,
      created_by: seller.profileId,
      created_at: expect.any(String),
    });
    const listed = await system.api.get(`${base}/${record.id}/attachments/`, { token: admin.access });
    expect(listed.body.results).toContainEqual(res.body);
    expect(res.headers.get('location')).toBe(`${base}/${record.id}/attachments/${res.body.id}/`);
    const download = await fetch(`${system.gatewayUrl}${res.headers.get('location')}`, {
      headers: { authorization: `Bearer ${admin.access}` },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain('contract.pdf');
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(content);
  });

  it('when the file is exactly 10 MB, then it is stored; one byte more, 413 and nothing stored', async () => {
    const before = await storedOn('attachments', record.id);
    expect((await upload(record.id, new Uint8Array(10 * MB), 'max.bin')).status).toBe(201);
    const tooBig = await upload(record.id, new Uint8Array(10 * MB + 1), 'too-big.bin');
    expect(tooBig.status).toBe(413);
    expect(tooBig.body).toEqual({ detail: expect.any(String) });
    expect(await storedOn('attachments', record.id)).toBe(before + 1);
  });

  it('when the upload has no file or another field name, then 400 and nothing is stored', async () => {
    const before = await storedOn('attachments', record.id);
    expect((await upload(record.id, new Uint8Array(3), 'a.bin', 'document')).status).toBe(400);
    const notMultipart = await system.api.post(`${base}/${record.id}/attachments/`, { file: 'abc' }, { token: seller.access });
    expect(notMultipart.status).toBe(400);
    expect(await storedOn('attachments', record.id)).toBe(before);
  });

  it('when the uploader deletes a file, then it is gone', async () => {
    const file = await upload(record.id, new Uint8Array([7]), 'gone.bin');
    expect((await system.api.delete(`${base}/${record.id}/attachments/${file.body.id}/`, { token: seller.access })).status).toBe(204);
    expect((await system.api.get(`${base}/${record.id}/attachments/${file.body.id}/`, { token: seller.access })).status).toBe(404);
  });

  it('when the record is deleted, then its notes and files go with it', async () => {
    const doomed = await create(admin.access, 'Doomed');
    await system.api.post(`${base}/${doomed.id}/notes/`, { body: 'bye' }, { token: admin.access });
    expect((await upload(doomed.id, new Uint8Array([1, 2]), 'bye.bin', 'file', admin.access)).status).toBe(201);
    expect([await storedOn('notes', doomed.id), await storedOn('attachments', doomed.id)]).toEqual([1, 1]);
    expect((await system.api.delete(`${base}/${doomed.id}/`, { token: admin.access })).status).toBe(204);
    expect([await storedOn('notes', doomed.id), await storedOn('attachments', doomed.id)]).toEqual([0, 0]);
  });
});
