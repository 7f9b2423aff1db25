import { randomUUID } from 'node:crypto';
import { deleteRecordNotes, moveRecordNotes } from '../../src/record-notes';
import { call, callerIn, countRows, createThing, formWith, startNotesServer, type NotesServer } from './helpers';

const tenant = randomUUID();
const seller = callerIn(tenant, 'member');

let app: NotesServer;

beforeAll(async () => {
  app = await startNotesServer('notestest_lifecycle');
});
afterAll(() => app?.close());

/** A record of `type` (`things` or `gadgets`) with one note and one attachment. */
async function annotated(recordId: string, label: string, type = 'things'): Promise<void> {
  expect((await call(app.server, seller, 'POST', `/api/${type}/${recordId}/notes/`, { json: { body: label } })).status).toBe(201);
  const form = formWith({ content: label, filename: `${label}.txt` });
  expect((await call(app.server, seller, 'POST', `/api/${type}/${recordId}/attachments/`, { form })).status).toBe(201);
}

const listed = async (recordId: string, items: 'notes' | 'attachments', type = 'things') =>
  (await call(app.server, seller, 'GET', `/api/${type}/${recordId}/${items}/`)).body.results;

describe('deleteRecordNotes', () => {
  it('when a record is deleted in a transaction, then its notes and files go with it; other records and types keep theirs', async () => {
    const doomed = await createThing(app.dataSource, seller);
    const kept = await createThing(app.dataSource, seller);
    await annotated(doomed, 'doomed');
    await annotated(doomed, 'a gadget on the same id', 'gadgets');
    await annotated(kept, 'kept');

    await app.dataSource.transaction(async (manager) => {
      await manager.query('DELETE FROM things WHERE id = $1', [doomed]);
      await deleteRecordNotes(manager, 'thing', doomed);
    });

    const [notes] = await app.dataSource.query(`SELECT count(*)::int AS n FROM notes WHERE record_type = 'thing' AND record_id = $1`, [doomed]);
    const [files] = await app.dataSource.query(`SELECT count(*)::int AS n FROM attachments WHERE record_type = 'thing' AND record_id = $1`, [doomed]);
    expect([notes.n, files.n]).toEqual([0, 0]);
    expect(await countRows(app.dataSource, 'notes', doomed)).toBe(1); // the gadget's
    expect(await countRows(app.dataSource, 'attachments', doomed)).toBe(1);
    expect(await countRows(app.dataSource, 'notes', kept)).toBe(1);
    expect(await countRows(app.dataSource, 'attachments', kept)).toBe(1);
  });

  it('when the record’s transaction rolls back, then its notes and files stay', async () => {
    const survivor = await createThing(app.dataSource, seller);
    await annotated(survivor, 'survivor');
    await expect(
      app.dataSource.transaction(async (manager) => {
        await deleteRecordNotes(manager, 'thing', survivor);
        throw new Error('the record delete failed');
      }),
    ).rejects.toThrow('the record delete failed');
    expect(await listed(survivor, 'notes')).toHaveLength(1);
    expect(await listed(survivor, 'attachments')).toHaveLength(1);
  });
});

describe('moveRecordNotes', () => {
  it('when two records merge, then the merged-away record’s notes and files hang on the kept one, newest first', async () => {
    const keeper = await createThing(app.dataSource, seller);
    const mergedAway = await createThing(app.dataSource, seller);
    await annotated(keeper, 'older');
    await annotated(mergedAway, 'newer');
    await annotated(mergedAway, 'gadget', 'gadgets');

    await app.dataSource.transaction((manager) => moveRecordNotes(manager, 'thing', mergedAway, keeper));

    expect((await listed(keeper, 'notes')).map((note: { body: string }) => note.body)).toEqual(['newer', 'older']);
    expect((await listed(keeper, 'attachments')).map((file: { filename: string }) => file.filename)).toEqual(['newer.txt', 'older.txt']);
    expect(await listed(mergedAway, 'notes')).toEqual([]);
    expect(await listed(mergedAway, 'attachments')).toEqual([]);
    // Another record type on the same id is not part of the merge.
    expect((await listed(mergedAway, 'notes', 'gadgets')).map((note: { body: string }) => note.body)).toEqual(['gadget']);
    expect(await listed(keeper, 'attachments', 'gadgets')).toEqual([]);
  });

  it('when the moved file is downloaded under the kept record, then it is the same bytes', async () => {
    const keeper = await createThing(app.dataSource, seller);
    const mergedAway = await createThing(app.dataSource, seller);
    await annotated(mergedAway, 'contract');
    await moveRecordNotes(app.dataSource, 'thing', mergedAway, keeper);
    const [file] = await listed(keeper, 'attachments');
    const download = await call(app.server, seller, 'GET', `/api/things/${keeper}/attachments/${file.id}/`);
    expect(Buffer.from(download.bytes).toString()).toBe('contract');
    expect((await call(app.server, seller, 'GET', `/api/things/${mergedAway}/attachments/${file.id}/`)).status).toBe(404);
  });
});

describe('adding to a record that is being removed', () => {
  it('when a note and a file are added while a transaction deletes the record, then both answer 404 and nothing is left behind', async () => {
    const doomed = await createThing(app.dataSource, seller);
    const runner = app.dataSource.createQueryRunner();
    await runner.connect();
    await runner.startTransaction();
    try {
      // What a delete or a merge does first: lock the row. The adds wait for it.
      await runner.query('SELECT 1 FROM things WHERE id = $1 FOR UPDATE', [doomed]);
      const note = call(app.server, seller, 'POST', `/api/things/${doomed}/notes/`, { json: { body: 'late' } });
      const file = call(app.server, seller, 'POST', `/api/things/${doomed}/attachments/`, { form: formWith({ content: 'late', filename: 'late.txt' }) });
      await waitForLockWaiters(2);
      await deleteRecordNotes(runner.manager, 'thing', doomed);
      await runner.query('DELETE FROM things WHERE id = $1', [doomed]);
      await runner.commitTransaction();
      expect([(await note).status, (await file).status]).toEqual([404, 404]);
    } finally {
      await runner.release();
    }
    expect(await countRows(app.dataSource, 'notes', doomed)).toBe(0);
    expect(await countRows(app.dataSource, 'attachments', doomed)).toBe(0);
  });
});

/** Waits until `count` sessions wait for a row lock (the requests reached their locked read). */
async function waitForLockWaiters(count: number): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const [row] = await app.dataSource.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`);
    if (row.n >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`${count} requests never waited for the record's lock`);
}

