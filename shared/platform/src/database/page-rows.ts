import { queryRows, type Db } from './sql';

/**
 * How a list is ordered: by `columns`, then by `id`, all one way. Only the first column may hold nulls
 * (`firstNullable`, and then it is the only column besides the id); nulls come last going up, first going
 * down, as PostgreSQL orders them.
 */
export interface ListOrderSql {
  /** SQL expressions, qualified where the select list could shadow them. */
  columns: string[];
  firstNullable?: boolean;
  descending: boolean;
  /** The unique last key; `id` unless qualified. */
  id?: string;
}

/** A row's place in its list: its order values (as PostgreSQL writes them, so nothing is rounded) and its id. */
export interface RowPosition {
  values: Array<string | null>;
  id: string;
}

/**
 * Where a page starts: at an offset (a bare `page=N`), or just beyond a row of the list (a cursor), read
 * forwards or backwards from it. Beyond a row costs the same at any depth; an offset reads every row before
 * it, or, when the list's `total` is known and the page is in its second half, every row after it.
 */
export type PageStart = { offset: number; total?: number } | { beyond: RowPosition; backwards: boolean };

export interface PageWindow {
  limit: number;
  start: PageStart;
}

/** A page's rows in list order, the places of its first and last, and whether the list goes on either side. */
export interface PageRows<Row> {
  rows: Row[];
  first?: RowPosition;
  last?: RowPosition;
  moreBefore: boolean;
  moreAfter: boolean;
}

/** One list's query: what to select from where, and its order. */
export interface ListQuerySql {
  select: string;
  from: string;
  where: string[];
  params: unknown[];
  order: ListOrderSql;
}

const POSITION_ALIAS = '__position';

/**
 * Reads one page of a list. From an offset, as `ORDER BY … LIMIT … OFFSET`; beyond a row, with the row's
 * values as the lower (or upper) bound of the order, so an index on the order serves any page at the
 * cost of the first. One row more than the page is read to tell whether the list goes on.
 */
export async function readPageRows<Row>(db: Db, query: ListQuerySql, window: PageWindow): Promise<PageRows<Row>> {
  const order = query.order;
  const id = order.id ?? 'id';
  const positionSql = `json_build_array(${[...order.columns.map((column) => `(${column})::text`), `(${id})::text`].join(', ')}) AS ${POSITION_ALIAS}`;
  const select = `SELECT ${query.select}, ${positionSql} FROM ${query.from}`;
  const wanted = window.limit + 1;
  let read: Array<Row & { [POSITION_ALIAS]: string[] }>;
  let backwards = false;
  if ('offset' in window.start && window.start.total !== undefined && window.start.offset >= window.start.total / 2) {
    return readFromTheEnd(db, query, select, window.limit, window.start.offset, window.start.total);
  }
  if ('offset' in window.start) {
    const params = [...query.params, wanted, window.start.offset];
    read = await queryRows(
      db,
      `${select} WHERE ${query.where.join(' AND ')} ${orderBySql(order, order.descending)} LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
  } else {
    backwards = window.start.backwards;
    const scanDescending = order.descending !== backwards;
    read = [];
    for (const part of partsBeyond(order, window.start.beyond, scanDescending, query.params.length)) {
      const params = [...query.params, ...part.params, wanted - read.length];
      read.push(
        ...(await queryRows<Row & { [POSITION_ALIAS]: string[] }>(
          db,
          `${select} WHERE ${[...query.where, part.condition].join(' AND ')} ${orderBySql(order, scanDescending)} LIMIT $${params.length}`,
          params,
        )),
      );
      if (read.length >= wanted) break;
    }
  }
  const more = read.length > window.limit;
  const pageRows = read.slice(0, window.limit);
  if (backwards) pageRows.reverse();
  const fromCursor = !('offset' in window.start);
  // Beyond a row, the list goes on at least to that row on the side it was read from.
  const moreBefore = backwards ? more : fromCursor || (window.start as { offset: number }).offset > 0;
  return pageOf(pageRows, moreBefore, backwards ? true : more);
}

/** The page of rows read in list order: their positions taken out of the rows, with what lies on either side. */
function pageOf<Row>(read: Array<Row & { [POSITION_ALIAS]: string[] }>, moreBefore: boolean, moreAfter: boolean): PageRows<Row> {
  const positions = read.map((row) => positionOf(row[POSITION_ALIAS]));
  return {
    rows: read.map(({ [POSITION_ALIAS]: _position, ...row }) => row as unknown as Row),
    first: positions[0],
    last: positions[positions.length - 1],
    moreBefore,
    moreAfter,
  };
}

/**
 * A page in the second half of a list of `total` rows, read in the other order from the list's end (a
 * jump to the last page of millions reads one page, not millions) and turned round.
 */
async function readFromTheEnd<Row>(db: Db, query: ListQuerySql, select: string, limit: number, offset: number, total: number): Promise<PageRows<Row>> {
  const fromTheEnd = total - offset - limit;
  const count = Math.max(0, limit + Math.min(0, fromTheEnd));
  const params = [...query.params, count, Math.max(0, fromTheEnd)];
  const read = await queryRows<Row & { [POSITION_ALIAS]: string[] }>(
    db,
    `${select} WHERE ${query.where.join(' AND ')} ${orderBySql(query.order, !query.order.descending)} LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  read.reverse();
  return pageOf(read, offset > 0, offset + read.length < total);
}

function positionOf(texts: Array<string | null>): RowPosition {
  return { values: texts.slice(0, -1), id: texts[texts.length - 1]! };
}

function orderBySql(order: ListOrderSql, descending: boolean): string {
  const direction = descending ? 'DESC' : 'ASC';
  return `ORDER BY ${[...order.columns, order.id ?? 'id'].map((column) => `${column} ${direction}`).join(', ')}`;
}

/**
 * The rows beyond `position` in the scan's direction, as one or two conditions read one after the other
 * (each served by the order's index). Without nulls: the row comparison `(columns, id) > (values, id)`.
 * A nullable first column adds the nulls on their side: after the values going up, before them going down.
 */
function partsBeyond(order: ListOrderSql, position: RowPosition, scanDescending: boolean, paramsBefore: number): Array<{ condition: string; params: unknown[] }> {
  const id = order.id ?? 'id';
  const comparison = scanDescending ? '<' : '>';
  const placeholders = (count: number) => Array.from({ length: count }, (_, i) => `$${paramsBefore + i + 1}`);
  if (!order.firstNullable) {
    const keys = [...order.columns, id];
    return [{ condition: `(${keys.join(', ')}) ${comparison} (${placeholders(keys.length).join(', ')})`, params: [...position.values, position.id] }];
  }
  const [column] = order.columns;
  const [value] = position.values;
  const [first, second] = placeholders(2);
  if (value === null || value === undefined) {
    const amongNulls = { condition: `${column} IS NULL AND ${id} ${comparison} ${first}`, params: [position.id] };
    return scanDescending ? [amongNulls, { condition: `${column} IS NOT NULL`, params: [] }] : [amongNulls];
  }
  const amongValues = { condition: `(${column}, ${id}) ${comparison} (${first}, ${second})`, params: [value, position.id] };
  return scanDescending ? [amongValues] : [amongValues, { condition: `${column} IS NULL`, params: [] }];
}

/** The same page with each row turned into what its repository answers. */
export const mapPageRows = <Row, Out>(page: PageRows<Row>, map: (row: Row) => Out): PageRows<Out> => ({ ...page, rows: page.rows.map(map) });
