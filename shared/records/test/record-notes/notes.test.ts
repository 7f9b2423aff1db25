import { randomUUID } from 'node:crypto';
import { MAX_NOTE_LENGTH } from '../../src/record-notes';
import { call, callerIn, countRows, createThing, ISO_MS, NOT_FOUND, startNotesServer, type NotesServer } from './helpers';

const tenant = randomUUID();
const admin = callerIn(tenant, 'admin');
const seller = callerIn(tenant, 'member');

let app: NotesServer, thing: string, otherThing: string;

beforeAll(async () => {
  app = await startNotesServer('notestest_notes');
  thing = await createThing(app.dataSource, seller);
  otherThing = await createThing(app.dataSource, seller);
});
afterAll(() => app?.close());

const notesOf = (id: string, type = 'things') => `/api/${type}/${id}/notes/`;
const addNote = (caller = seller, body: unknown = { body: 'Called, no answer' }, id = thing) =>
  call(app.server, caller, 'POST', notesOf(id), { json: body });

describe('notes on a record', () => {
  it('when a note is added, then 201 with the note, trimmed, its author and an ISO time with milliseconds', async () => {
    const res = await addNote(seller, { body: '  Called, no answer \n' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(String), body: 'Called, no answer', created_by: seller.profileId, created_at: expect.stringMatching(ISO_MS) });
    const [row] = await app.dataSource.query('SELECT tenant_id, record_type, record_id, body FROM notes WHERE id = $1', [res.body.id]);
    expect(row).toEqual({ tenant_id: tenant, record_type: 'thing', record_id: thing, body: 'Called, no answer' });
  });

  it('when a record has notes, then the list is the envelope, newest first, and pages', async () => {
    const record = await createThing(app.dataSource, seller);
    for (const body of ['first', 'second', 'third']) expect((await addNote(seller, { body }, record)).status).toBe(201);
    const all = await call(app.server, admin, 'GET', notesOf(record));
    expect(all.status).toBe(200);
    expect(all.body).toEqual({ count: 3, next: null, previous: null, results: expect.any(Array) });
    expect(all.body.results.map((note: { body: string }) => note.body)).toEqual(['third', 'second', 'first']);

    const second = await call(app.server, admin, 'GET', `${notesOf(record)}?page=2&page_size=1`);
    expect(second.body.count).toBe(3);
    expect(second.body.results.map((note: { body: string }) => note.body)).toEqual(['second']);
    expect(Object.fromEntries(new URL(second.body.next).searchParams)).toEqual({ page: '3', page_size: '1', cursor: expect.any(String) });
    expect(Object.fromEntries(new URL(second.body.previous).searchParams)).toEqual({ page_size: '1', cursor: expect.any(String) });
  });

  it('when the list has an unknown parameter or a bad page, then 400', async () => {
    for (const query of ['?ordering=body', '?page=0', '?page_size=101']) {
      const res = await call(app.server, seller, 'GET', `${notesOf(thing)}${query}`);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(true);
    }
  });

  it('when notes are on another record or another record type with the same id, then they are not listed', async () => {
    const record = await createThing(app.dataSource, seller);
    await addNote(seller, { body: 'on the thing' }, record);
    expect((await call(app.server, seller, 'GET', notesOf(record, 'gadgets'))).body).toMatchObject({ count: 0, results: [] });
    expect((await call(app.server, seller, 'POST', notesOf(record, 'gadgets'), { json: { body: 'on the gadget' } })).status).toBe(201);
    const things = await call(app.server, seller, 'GET', notesOf(record));
    expect(things.body.results.map((note: { body: string }) => note.body)).toEqual(['on the thing']);
    expect((await call(app.server, seller, 'GET', notesOf(otherThing))).body.count).toBe(0);
  });

  it('when the body is blank, missing, too long, not text, has other keys or is not an object, then 400 on that field', async () => {
    const before = await countRows(app.dataSource, 'notes');
    const cases: Array<[unknown, string]> = [
      [{ body: '   ' }, 'body'],
      [{}, 'body'],
      [{ body: 'x'.repeat(MAX_NOTE_LENGTH + 1) }, 'body'],
      [{ body: 42 }, 'body'],
      [{ body: 'fine', created_by: admin.profileId }, 'created_by'],
      [['body'], 'body'],
    ];
    for (const [body, field] of cases) {
      const res = await addNote(seller, body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: true, errors: { [field]: expect.any(String) } });
    }
    expect(await countRows(app.dataSource, 'notes')).toBe(before);
  });

  it('when the body is exactly 10,000 characters, then it is stored whole', async () => {
    const res = await addNote(seller, { body: 'y'.repeat(MAX_NOTE_LENGTH) });
    expect(res.status).toBe(201);
    expect(res.body.body).toHaveLength(MAX_NOTE_LENGTH);
  });

  it('when the author deletes their note, then 204 with no body and it is gone', async () => {
    const note = await addNote(seller, { body: 'mine' });
    const res = await call(app.server, seller, 'DELETE', `${notesOf(thing)}${note.body.id}/`);
    expect(res.status).toBe(204);
    expect(res.bytes).toHaveLength(0);
    expect((await call(app.server, seller, 'GET', notesOf(thing))).body.results.map((n: { id: string }) => n.id)).not.toContain(note.body.id);
    expect((await call(app.server, seller, 'DELETE', `${notesOf(thing)}${note.body.id}/`)).body).toEqual(NOT_FOUND);
  });

  it('when a member deletes someone else’s note on a record they can open, then 403 and it stays', async () => {
    const note = await addNote(admin, { body: 'written by the admin' });
    const res = await call(app.server, seller, 'DELETE', `${notesOf(thing)}${note.body.id}/`);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: expect.any(String) });
    expect(await app.dataSource.query('SELECT id FROM notes WHERE id = $1', [note.body.id])).toHaveLength(1);
  });

  it('when an admin deletes a member’s note, then 204', async () => {
    const note = await addNote(seller, { body: 'written by the member' });
    expect((await call(app.server, admin, 'DELETE', `${notesOf(thing)}${note.body.id}/`)).status).toBe(204);
    expect(await app.dataSource.query('SELECT id FROM notes WHERE id = $1', [note.body.id])).toHaveLength(0);
  });

  it('when a note of one record is addressed under another, or the note id is unknown or malformed, then 404 and it stays', async () => {
    const note = await addNote(seller, { body: 'on the first thing' });
    for (const path of [
      `${notesOf(otherThing)}${note.body.id}/`,
      `${notesOf(thing, 'gadgets')}${note.body.id}/`,
      `${notesOf(thing)}${randomUUID()}/`,
      `${notesOf(thing)}not-a-uuid/`,
    ]) {
      const res = await call(app.server, admin, 'DELETE', path);
      expect([path, res.status, res.body]).toEqual([path, 404, NOT_FOUND]);
    }
    expect(await app.dataSource.query('SELECT id FROM notes WHERE id = $1', [note.body.id])).toHaveLength(1);
  });
});
