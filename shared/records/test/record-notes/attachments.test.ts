import { randomUUID } from 'node:crypto';
import { MAX_ATTACHMENT_BYTES } from '../../src/record-notes';
import { call, callerIn, countRows, createThing, formWith, ISO_MS, MB, NOT_FOUND, startNotesServer, type NotesServer } from './helpers';

const tenant = randomUUID();
const admin = callerIn(tenant, 'admin');
const seller = callerIn(tenant, 'member');

let app: NotesServer, thing: string;

beforeAll(async () => {
  app = await startNotesServer('notestest_attachments');
  thing = await createThing(app.dataSource, seller);
});
afterAll(() => app?.close());

const attachmentsOf = (id: string) => `/api/things/${id}/attachments/`;
const upload = (form: FormData, caller = seller, id = thing) => call(app.server, caller, 'POST', attachmentsOf(id), { form });
const stored = () => countRows(app.dataSource, 'attachments');

/** A 400 on `file` and nothing stored. */
async function expectRefusedUpload(send: () => Promise<{ status: number; body: any }>, what: string): Promise<void> {
  const before = await stored();
  const res = await send();
  expect([what, res.status, res.body]).toEqual([what, 400, { error: true, errors: { file: expect.any(String) } }]);
  expect(await stored()).toBe(before);
}

describe('uploading, listing and downloading attachments', () => {
  const binary = new Uint8Array([0, 1, 2, 255, 0, 10, 13, 0, 0x22, 0x5c, 0]);

  it('when a binary file is uploaded, then 201 with its view, it is listed, and it downloads byte for byte', async () => {
    const res = await upload(formWith({ content: binary, filename: 'scan.png', type: 'image/png' }));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      filename: 'scan.png',
      content_type: 'image/png',
      size: binary.length,
      created_by: seller.profileId,
      created_at: expect.stringMatching(ISO_MS),
    });

    const listed = await call(app.server, admin, 'GET', attachmentsOf(thing));
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({ next: null, previous: null });
    expect(listed.body.results).toContainEqual(res.body);

    const download = await call(app.server, admin, 'GET', `${attachmentsOf(thing)}${res.body.id}/`);
    expect(download.status).toBe(200);
    expect(download.bytes).toEqual(binary);
    expect(download.headers.get('content-type')).toBe('image/png');
    expect(download.headers.get('content-length')).toBe(String(binary.length));
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="scan.png"; filename*=UTF-8''scan.png`);
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('when the part has no type of its own, then it is stored and served as application/octet-stream', async () => {
    const res = await upload(formWith({ content: binary, filename: 'blob' }));
    expect(res.body.content_type).toBe('application/octet-stream');
    const download = await call(app.server, seller, 'GET', `${attachmentsOf(thing)}${res.body.id}/`);
    expect(download.headers.get('content-type')).toBe('application/octet-stream');
  });

  it('when the file is text, then it is served with exactly the stored type (no charset added)', async () => {
    const res = await upload(formWith({ content: '<script>alert(1)</script>', filename: 'page.html', type: 'text/html' }));
    expect(res.body.content_type).toBe('text/html');
    const download = await call(app.server, seller, 'GET', `${attachmentsOf(thing)}${res.body.id}/`);
    expect(download.headers.get('content-type')).toBe('text/html');
    expect(download.headers.get('content-disposition')).toMatch(/^attachment;/);
  });

  it('when the filename is not ASCII, then it is kept and downloads with an ASCII fallback and filename*', async () => {
    const res = await upload(formWith({ content: binary, filename: 'Angebot über 5 €.pdf' }));
    expect(res.body.filename).toBe('Angebot über 5 €.pdf');
    const download = await call(app.server, seller, 'GET', `${attachmentsOf(thing)}${res.body.id}/`);
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="Angebot _ber 5 _.pdf"; filename*=UTF-8''Angebot%20%C3%BCber%205%20%E2%82%AC.pdf`,
    );
  });

  it('when the filename carries a path or is longer than 255 characters, then the base name is stored, cut to 255', async () => {
    expect((await upload(formWith({ content: binary, filename: '../../etc/passwd' }))).body.filename).toBe('passwd');
    expect((await upload(formWith({ content: binary, filename: 'C:\\Users\\me\\report.pdf' }))).body.filename).toBe('report.pdf');
    const long = await upload(formWith({ content: binary, filename: `${'n'.repeat(300)}.txt` }));
    expect(long.body.filename).toBe('n'.repeat(255));
  });

  it('when the list pages, then it is newest first without the content', async () => {
    const record = await createThing(app.dataSource, seller);
    for (const name of ['a.txt', 'b.txt', 'c.txt']) await upload(formWith({ content: name, filename: name }), seller, record);
    const page = await call(app.server, seller, 'GET', `${attachmentsOf(record)}?page_size=2`);
    expect(page.body.count).toBe(3);
    expect(page.body.results.map((a: { filename: string }) => a.filename)).toEqual(['c.txt', 'b.txt']);
    expect(Object.keys(page.body.results[0]).sort()).toEqual(['content_type', 'created_at', 'created_by', 'filename', 'id', 'size']);
    expect(Object.fromEntries(new URL(page.body.next).searchParams)).toEqual({ page_size: '2', page: '2', cursor: expect.any(String) });
  });
});

describe('the 10 MB limit', () => {
  it('when the file is exactly 10 MB, then it is stored whole', async () => {
    const content = new Uint8Array(MAX_ATTACHMENT_BYTES).fill(7);
    const res = await upload(formWith({ content, filename: 'max.bin' }));
    expect(res.status).toBe(201);
    expect(res.body.size).toBe(10 * MB);
    const [row] = await app.dataSource.query('SELECT octet_length(content) AS n FROM attachments WHERE id = $1', [res.body.id]);
    expect(row.n).toBe(10 * MB);
  });

  it('when the file is one byte more, then 413 {detail} and nothing is stored', async () => {
    const before = await stored();
    const res = await upload(formWith({ content: new Uint8Array(MAX_ATTACHMENT_BYTES + 1), filename: 'too-big.bin' }));
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ detail: expect.any(String) });
    expect(await stored()).toBe(before);
    // The connection was drained, not cut: the next request is answered normally.
    expect((await call(app.server, seller, 'GET', attachmentsOf(thing))).status).toBe(200);
  });
});

describe('uploads that are refused with 400', () => {
  it('when the form has no file at all, then 400 on file', async () => {
    await expectRefusedUpload(() => upload(new FormData()), 'empty form');
  });

  it('when the file comes in another field, then 400 on file', async () => {
    await expectRefusedUpload(() => upload(formWith({ field: 'document', content: 'abc', filename: 'a.txt' })), 'field "document"');
  });

  it('when "file" is a text field rather than a file, then 400 on file', async () => {
    await expectRefusedUpload(() => upload(formWith({ field: 'file', content: 'just text' })), 'text field');
  });

  it('when two files or a file and another field are sent, then 400 on file', async () => {
    await expectRefusedUpload(
      () => upload(formWith({ content: 'one', filename: 'one.txt' }, { content: 'two', filename: 'two.txt' })),
      'two files',
    );
    await expectRefusedUpload(() => upload(formWith({ content: 'one', filename: 'one.txt' }, { field: 'note', content: 'hello' })), 'extra field');
  });

  it('when the body is JSON, plain text or absent, then 400 on file', async () => {
    const path = attachmentsOf(thing);
    await expectRefusedUpload(() => call(app.server, seller, 'POST', path, { json: { file: 'abc' } }), 'json');
    await expectRefusedUpload(() => call(app.server, seller, 'POST', path, { raw: { contentType: 'text/plain', body: 'abc' } }), 'text');
    await expectRefusedUpload(() => call(app.server, seller, 'POST', path), 'no body');
  });

  it('when the multipart body is malformed (no boundary, cut short, not form-data), then 400 on file', async () => {
    const path = attachmentsOf(thing);
    const cutShort = '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhalf a fi';
    const cases: Array<[string, string, string]> = [
      ['no boundary', 'multipart/form-data', cutShort],
      ['cut short', 'multipart/form-data; boundary=XyZ', cutShort],
      ['garbage', 'multipart/form-data; boundary=XyZ', 'this is not multipart at all'],
      ['multipart/mixed', 'multipart/mixed; boundary=XyZ', `${cutShort}le\r\n--XyZ--\r\n`],
    ];
    for (const [what, contentType, body] of cases) {
      await expectRefusedUpload(() => call(app.server, seller, 'POST', path, { raw: { contentType, body } }), what);
    }
  });
});

describe('deleting attachments', () => {
  it('when the uploader deletes their file, then 204 and it no longer downloads', async () => {
    const file = await upload(formWith({ content: 'bye', filename: 'bye.txt' }));
    const path = `${attachmentsOf(thing)}${file.body.id}/`;
    const res = await call(app.server, seller, 'DELETE', path);
    expect(res.status).toBe(204);
    expect(res.bytes).toHaveLength(0);
    expect((await call(app.server, seller, 'GET', path)).body).toEqual(NOT_FOUND);
  });

  it('when a member deletes a file someone else uploaded, then 403 and it stays; an admin may delete it', async () => {
    const file = await upload(formWith({ content: 'admin’s', filename: 'admin.txt' }), admin);
    const path = `${attachmentsOf(thing)}${file.body.id}/`;
    const refused = await call(app.server, seller, 'DELETE', path);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ detail: expect.any(String) });
    expect((await call(app.server, seller, 'GET', path)).status).toBe(200);

    const sellers = await upload(formWith({ content: 'seller’s', filename: 'seller.txt' }));
    expect((await call(app.server, admin, 'DELETE', `${attachmentsOf(thing)}${sellers.body.id}/`)).status).toBe(204);
  });

  it('when a file of one record is addressed under another, then 404 on download and delete, and it stays', async () => {
    const file = await upload(formWith({ content: 'here', filename: 'here.txt' }));
    const elsewhere = await createThing(app.dataSource, seller);
    for (const method of ['GET', 'DELETE']) {
      const res = await call(app.server, admin, method, `${attachmentsOf(elsewhere)}${file.body.id}/`);
      expect([method, res.status, res.body]).toEqual([method, 404, NOT_FOUND]);
    }
    const gadget = await call(app.server, admin, 'GET', `/api/gadgets/${thing}/attachments/${file.body.id}/`);
    expect(gadget.status).toBe(404);
    expect((await call(app.server, seller, 'GET', `${attachmentsOf(thing)}${file.body.id}/`)).status).toBe(200);
  });
});
