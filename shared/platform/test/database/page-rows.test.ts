import { readPageRows, type DataSource, type ListOrderSql, type PageRows, type PageWindow } from '../../src/database';
import { openFreshSchema } from './fresh-schema';

/**
 * Pages of a list read from an offset or beyond a row (a cursor's position), against a real database: a
 * nullable order column with ties and nulls, both directions, read forwards and backwards, always give
 * the list's rows once each, in its order, whatever the page size.
 */
let dataSource: DataSource;

beforeAll(async () => {
  dataSource = await openFreshSchema('pagerowstest', [
    {
      name: 'PageRowsTest1766100000000',
      up: `CREATE TABLE things (id uuid PRIMARY KEY, score integer, made_at timestamptz NOT NULL);
           INSERT INTO things (id, score, made_at)
           SELECT md5(i::text)::uuid, CASE WHEN i % 4 = 0 THEN NULL ELSE i % 5 END,
                  timestamptz '2026-01-01 00:00:00.000001+00' + (i % 7) * interval '1 microsecond'
             FROM generate_series(1, 37) AS i`,
    },
  ]);
});
afterAll(() => dataSource.destroy());

type Thing = { id: string; score: number | null };
const query = (order: ListOrderSql) => ({ select: 'id, score', from: 'things', where: ['true'], params: [], order });
const read = (order: ListOrderSql, window: PageWindow) => readPageRows<Thing>(dataSource.manager, query(order), window);
const ids = (page: PageRows<Thing>) => page.rows.map((row) => row.id);

/** The whole list in its order, as one offset page reads it. */
async function wholeList(order: ListOrderSql): Promise<string[]> {
  const page = await read(order, { limit: 100, start: { offset: 0 } });
  expect(page.rows).toHaveLength(37);
  return ids(page);
}

/** Follows the pages forwards from the first, each beyond the last row of the one before. */
async function forwards(order: ListOrderSql, limit: number): Promise<{ ids: string[]; pages: PageRows<Thing>[] }> {
  const pages = [await read(order, { limit, start: { offset: 0 } })];
  while (pages[pages.length - 1]!.moreAfter) pages.push(await read(order, { limit, start: { beyond: pages[pages.length - 1]!.last!, backwards: false } }));
  return { ids: pages.flatMap(ids), pages };
}

const orders: Array<[string, ListOrderSql]> = [
  ['a nullable column going up', { columns: ['score'], firstNullable: true, descending: false }],
  ['a nullable column going down', { columns: ['score'], firstNullable: true, descending: true }],
  ['microsecond timestamps going down', { columns: ['made_at'], descending: true }],
];

describe.each(orders)('a list ordered by %s', (_name, order) => {
  it.each([1, 5, 36, 37, 50])('when followed forwards %i at a time, then every row comes once, in order, as an offset reads them', async (limit) => {
    const all = await wholeList(order);
    const followed = await forwards(order, limit);
    expect(followed.ids).toEqual(all);
    expect(followed.pages[followed.pages.length - 1]!.moreAfter).toBe(false);
    expect(followed.pages.slice(1).every((page) => page.moreBefore)).toBe(true);
  });

  it('when read backwards from the last page, then the pages are the forward pages again, and the first says nothing is before it', async () => {
    const followed = await forwards(order, 5);
    const backwards = [followed.pages[followed.pages.length - 1]!];
    while (backwards[0]!.moreBefore) backwards.unshift(await read(order, { limit: 5, start: { beyond: backwards[0]!.first!, backwards: true } }));
    expect(backwards.map(ids)).toEqual(followed.pages.map(ids));
    expect(backwards[0]!.moreBefore).toBe(false);
  });

  it('when a page is read from an offset, then it is the rows there, and it says what lies on either side', async () => {
    const all = await wholeList(order);
    const middle = await read(order, { limit: 10, start: { offset: 10 } });
    expect(ids(middle)).toEqual(all.slice(10, 20));
    expect([middle.moreBefore, middle.moreAfter]).toEqual([true, true]);
    const end = await read(order, { limit: 10, start: { offset: 30 } });
    expect([ids(end), end.moreAfter]).toEqual([all.slice(30), false]);
  });

  it.each([18, 20, 27, 30, 36, 37, 50])('when the page at offset %i is read knowing the total, then from the end it is the same rows, in order', async (offset) => {
    const all = await wholeList(order);
    const fromTheEnd = await read(order, { limit: 10, start: { offset, total: all.length } });
    expect(ids(fromTheEnd)).toEqual(all.slice(offset, offset + 10));
    expect([fromTheEnd.moreBefore, fromTheEnd.moreAfter]).toEqual([true, offset + 10 < all.length]);
    if (fromTheEnd.rows.length > 0) expect(fromTheEnd.first!.id).toBe(all[offset]);
  });
});

it('when the two-column order is used on rows without nulls, then following it forwards reads every row once', async () => {
  const order: ListOrderSql = { columns: ['made_at', 'score'], descending: false };
  const nonNull = { ...query(order), where: ['score IS NOT NULL'] };
  const all = ids(await readPageRows<Thing>(dataSource.manager, nonNull, { limit: 100, start: { offset: 0 } }));
  const seen: string[] = [];
  let page = await readPageRows<Thing>(dataSource.manager, nonNull, { limit: 4, start: { offset: 0 } });
  seen.push(...ids(page));
  while (page.moreAfter) {
    page = await readPageRows<Thing>(dataSource.manager, nonNull, { limit: 4, start: { beyond: page.last!, backwards: false } });
    seen.push(...ids(page));
  }
  expect(seen).toEqual(all);
  expect(all.length).toBeGreaterThan(20);
});
