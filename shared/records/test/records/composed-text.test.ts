import { randomUUID } from 'node:crypto';
import { openServiceDatabase, type DataSource } from '@crm/platform';
import { composedTextSql } from '../../src/records';
import { openFreshSchema } from '../../../platform/test/database/fresh-schema';

/**
 * Text stored before requests were put in NFC, composed by a record table's migration (`composedTextSql`),
 * against a real database: rows holding decomposed text (in text and text[] columns) are rewritten in NFC,
 * their version and updated_at kept; rows already in NFC are not written at all; nulls stay null; and a
 * search or an equality in NFC, as requests now send them, finds the name typed decomposed long ago.
 */
const SCHEMA = 'composedtexttest';
const THINGS = {
  name: 'Things1766400000000',
  up: `CREATE TABLE things (
    id uuid PRIMARY KEY,
    first_name text,
    last_name text,
    email text,
    tags text[] NOT NULL DEFAULT '{}',
    aliases text[],
    version integer NOT NULL DEFAULT 1,
    updated_at timestamptz NOT NULL DEFAULT now(),
    search_text text GENERATED ALWAYS AS (lower(coalesce(first_name, '') || ' ' || coalesce(last_name, ''))) STORED
  )`,
};
const COMPOSED_TEXT = { name: 'ComposedText1766400000001', up: composedTextSql('things', ['first_name', 'last_name', 'email'], ['tags', 'aliases']) };

const DECOMPOSED_MULLER = 'Mu\u0308ller';
const COMPOSED_MULLER = 'M\u00fcller';
const LONG_AGO = new Date('2025-01-02T03:04:05.000Z');

/** Rows as a client wrote them before requests were composed (tags kept once each, as the API did then). */
const ROWS = {
  decomposedName: { id: randomUUID(), first_name: 'Rene\u0301e', last_name: DECOMPOSED_MULLER, email: null, tags: ['vip'], aliases: null },
  decomposedTagsOnly: { id: randomUUID(), first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.test', tags: ['Mu\u0308nchen', 'M\u00fcnchen', 'vip'], aliases: ['Jose\u0301'] },
  alreadyComposed: { id: randomUUID(), first_name: 'Grete', last_name: COMPOSED_MULLER, email: 'grete@example.test', tags: ['M\u00fcnchen'], aliases: [] },
  allNull: { id: randomUUID(), first_name: null, last_name: null, email: null, tags: [], aliases: null },
};

let dataSource: DataSource;
let before: Map<string, { xmin: string }>;

const stored = async () =>
  new Map<string, { first_name: string | null; last_name: string | null; email: string | null; tags: string[]; aliases: string[] | null; version: number; updated_at: Date; xmin: string }>(
    (await dataSource.query('SELECT id, first_name, last_name, email, tags, aliases, version, updated_at, xmin::text AS xmin FROM things')).map(
      (row: { id: string }) => [row.id, row],
    ),
  );

const foundByName = async (lastName: string): Promise<string[]> =>
  (await dataSource.query('SELECT id FROM things WHERE last_name = $1 ORDER BY id', [lastName])).map((row: { id: string }) => row.id);
const foundBySearch = async (search: string): Promise<string[]> =>
  (await dataSource.query('SELECT id FROM things WHERE search_text LIKE $1 ORDER BY id', [`%${search.toLowerCase()}%`])).map((row: { id: string }) => row.id);

beforeAll(async () => {
  const url = process.env.DATABASE_URL!;
  const older = await openFreshSchema(SCHEMA, [THINGS]);
  for (const row of Object.values(ROWS)) {
    await older.query('INSERT INTO things (id, first_name, last_name, email, tags, aliases, version, updated_at) VALUES ($1, $2, $3, $4, $5, $6, 3, $7)', [
      row.id,
      row.first_name,
      row.last_name,
      row.email,
      row.tags,
      row.aliases,
      LONG_AGO,
    ]);
  }
  await older.destroy();
  // The release with the migration starts on the table as the older one left it.
  dataSource = await openServiceDatabase({ url, schema: SCHEMA, migrations: [THINGS], poolSize: 2 });
  before = await stored();
  expect(await foundByName(COMPOSED_MULLER)).toEqual([ROWS.alreadyComposed.id]);
  await dataSource.destroy();
  dataSource = await openServiceDatabase({ url, schema: SCHEMA, migrations: [THINGS, COMPOSED_TEXT], poolSize: 2 });
});
afterAll(() => dataSource.destroy());

it('when the migration has run, then every stored text and tag is its NFC form, and nulls are still null', async () => {
  const after = await stored();
  for (const row of Object.values(ROWS)) {
    const compose = (text: string | null) => (text === null ? null : text.normalize('NFC'));
    expect(after.get(row.id)).toMatchObject({
      first_name: compose(row.first_name),
      last_name: compose(row.last_name),
      email: row.email,
      aliases: row.aliases === null ? null : row.aliases.map(compose),
    });
  }
  expect(after.get(ROWS.decomposedName.id)!.last_name).toBe(COMPOSED_MULLER);
  expect(after.get(ROWS.decomposedName.id)!.email).toBeNull();
  expect(after.get(ROWS.allNull.id)).toMatchObject({ first_name: null, last_name: null, tags: [], aliases: null });
});

it('when a tag was kept twice, once in each form, then it is kept once, in its first place', async () => {
  expect((await stored()).get(ROWS.decomposedTagsOnly.id)!.tags).toEqual(['M\u00fcnchen', 'vip']);
});

it('when rows are composed, then their version and updated_at stay; rows already in NFC are not written at all', async () => {
  const after = await stored();
  for (const row of Object.values(ROWS)) expect(after.get(row.id)).toMatchObject({ version: 3, updated_at: LONG_AGO });
  expect(after.get(ROWS.decomposedName.id)!.xmin).not.toBe(before.get(ROWS.decomposedName.id)!.xmin);
  expect(after.get(ROWS.decomposedTagsOnly.id)!.xmin).not.toBe(before.get(ROWS.decomposedTagsOnly.id)!.xmin);
  expect(after.get(ROWS.alreadyComposed.id)!.xmin).toBe(before.get(ROWS.alreadyComposed.id)!.xmin);
  expect(after.get(ROWS.allNull.id)!.xmin).toBe(before.get(ROWS.allNull.id)!.xmin);
});

it('when a name was stored decomposed, then an equality, a search and a tag filter in NFC find it', async () => {
  const bothMullers = [ROWS.decomposedName.id, ROWS.alreadyComposed.id].sort();
  expect(await foundByName(COMPOSED_MULLER)).toEqual(bothMullers);
  expect(await foundBySearch(COMPOSED_MULLER)).toEqual(bothMullers);
  expect(await foundBySearch('Ren\u00e9e')).toEqual([ROWS.decomposedName.id]);
  const tagged = await dataSource.query(`SELECT id FROM things WHERE tags && ARRAY['M\u00fcnchen'] ORDER BY id`);
  expect(tagged.map((row: { id: string }) => row.id)).toEqual([ROWS.decomposedTagsOnly.id, ROWS.alreadyComposed.id].sort());
});

it('when the migration runs again (nothing left to compose), then it writes no row', async () => {
  const [, updated] = await dataSource.query(COMPOSED_TEXT.up);
  expect(updated).toBe(0);
});
