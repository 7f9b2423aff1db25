import { randomUUID } from 'node:crypto';
import type { Caller } from '@crm/platform';
import { MAX_ATTACHMENT_BYTES } from '../../src/record-notes';
import { call, callerIn, countRows, createThing, formWith, NOT_FOUND, startNotesServer, type Answer, type NotesServer } from './helpers';

const tenant = randomUUID();
const admin = callerIn(tenant, 'admin');
const seller = callerIn(tenant, 'member');
const colleague = callerIn(tenant, 'member');
const withoutSales = callerIn(tenant, 'member', false);
const otherTenantAdmin = callerIn(randomUUID(), 'admin');

let app: NotesServer, colleaguesThing: string, note: string, attachment: string;

beforeAll(async () => {
  app = await startNotesServer('notestest_hidden');
  colleaguesThing = await createThing(app.dataSource, colleague);
  note = (await call(app.server, colleague, 'POST', `/api/things/${colleaguesThing}/notes/`, { json: { body: 'private' } })).body.id;
  const form = formWith({ content: 'private', filename: 'private.txt' });
  attachment = (await call(app.server, colleague, 'POST', `/api/things/${colleaguesThing}/attachments/`, { form })).body.id;
});
afterAll(() => app?.close());

/** Every route and method, each with a request that would otherwise be valid. */
const routes: Array<{ name: string; send: (caller: Caller, recordId: string) => Promise<Answer> }> = [
  { name: 'notes list', send: (caller, id) => call(app.server, caller, 'GET', `/api/things/${id}/notes/`) },
  { name: 'note create', send: (caller, id) => call(app.server, caller, 'POST', `/api/things/${id}/notes/`, { json: { body: 'Hello' } }) },
  { name: 'note delete', send: (caller, id) => call(app.server, caller, 'DELETE', `/api/things/${id}/notes/${note}/`) },
  { name: 'attachments list', send: (caller, id) => call(app.server, caller, 'GET', `/api/things/${id}/attachments/`) },
  {
    name: 'attachment upload',
    send: (caller, id) => call(app.server, caller, 'POST', `/api/things/${id}/attachments/`, { form: formWith({ content: 'x', filename: 'x.txt' }) }),
  },
  { name: 'attachment download', send: (caller, id) => call(app.server, caller, 'GET', `/api/things/${id}/attachments/${attachment}/`) },
  { name: 'attachment delete', send: (caller, id) => call(app.server, caller, 'DELETE', `/api/things/${id}/attachments/${attachment}/`) },
];

/** Who asks, and which record id: none of these may learn that the colleague's thing or its notes exist. */
const hidden: Array<{ name: string; caller: () => Caller; recordId: () => string }> = [
  { name: 'another tenant’s admin', caller: () => otherTenantAdmin, recordId: () => colleaguesThing },
  { name: 'a member of the tenant who may not open it', caller: () => seller, recordId: () => colleaguesThing },
  { name: 'a random id', caller: () => admin, recordId: () => randomUUID() },
  { name: 'a malformed id', caller: () => admin, recordId: () => 'not-a-uuid' },
  { name: 'an id in upper case', caller: () => admin, recordId: () => colleaguesThing.toUpperCase() },
];

describe('a record the caller may not open', () => {
  for (const route of routes) {
    for (const target of hidden) {
      it(`when ${target.name} is used on ${route.name}, then 404 with the body of a random id`, async () => {
        const res = await route.send(target.caller(), target.recordId());
        expect(res.status).toBe(404);
        expect(res.body).toEqual(NOT_FOUND);
      });
    }
  }

  it('when the colleague and an admin use the same routes, then they are answered (the 404s above are about access)', async () => {
    expect((await routes[0].send(colleague, colleaguesThing)).status).toBe(200);
    expect((await routes[5].send(admin, colleaguesThing)).status).toBe(200);
  });

  it('when a hidden record gets an invalid note body, then still 404, not 400', async () => {
    for (const body of [{ body: '' }, { created_by: seller.profileId }, ['not', 'an', 'object']]) {
      const res = await call(app.server, seller, 'POST', `/api/things/${colleaguesThing}/notes/`, { json: body });
      expect(res.status).toBe(404);
      expect(res.body).toEqual(NOT_FOUND);
    }
  });

  it('when a hidden record gets a bad query, then still 404', async () => {
    const res = await call(app.server, seller, 'GET', `/api/things/${colleaguesThing}/notes/?page=0&ordering=x`);
    expect(res.body).toEqual(NOT_FOUND);
  });

  it('when a hidden record gets an oversized, misnamed or missing upload, then still 404, and nothing is stored', async () => {
    const path = `/api/things/${colleaguesThing}/attachments/`;
    const before = await countRows(app.dataSource, 'attachments');
    const uploads = [
      { form: formWith({ content: new Uint8Array(MAX_ATTACHMENT_BYTES + 1), filename: 'too-big.bin' }) },
      { form: formWith({ field: 'document', content: 'x', filename: 'x.txt' }) },
      { json: { file: 'abc' } },
      { raw: { contentType: 'multipart/form-data', body: 'no boundary' } },
    ];
    for (const init of uploads) {
      const res = await call(app.server, seller, 'POST', path, init);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(NOT_FOUND);
    }
    expect(await countRows(app.dataSource, 'attachments')).toBe(before);
  });

  it('when nothing was created on the hidden record, then its notes and files are still only the colleague’s', async () => {
    expect(await countRows(app.dataSource, 'notes', colleaguesThing)).toBe(1);
    expect(await countRows(app.dataSource, 'attachments', colleaguesThing)).toBe(1);
  });
});

describe('a member without sales access', () => {
  for (const route of routes) {
    it(`when they use ${route.name}, even on their own tenant’s record, then 403`, async () => {
      const res = await route.send(withoutSales, colleaguesThing);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ detail: expect.any(String) });
    });
  }
});
