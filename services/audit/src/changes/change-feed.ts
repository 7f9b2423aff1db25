import { DEFAULT_PAGE_SIZE, ForbiddenError, isAdmin, readInOneSnapshot, type Caller, type DataSource } from '@crm/platform';
import type { AuditEntry } from '../audit-log/audit-log.repository';
import { FEED_START, readChanges, type ChangeFilter, type FeedPosition } from './change-feed.repository';
import type { ChangeFeedQuery } from './change-feed.schemas';
import type { FeedCounts } from './feed-counts';

/** The read scope of each entity whose events the feed serves; other types (`profile.*`) need `audit:read`. */
const ENTITY_READ_SCOPES: Record<string, string> = {
  lead: 'leads:read',
  contact: 'contacts:read',
  account: 'accounts:read',
  opportunity: 'opportunities:read',
  task: 'tasks:read',
};

/**
 * Who reads which changes: an admin (who opens every record of the tenant, architecture §3; a member's
 * changes would need a per-record check the log cannot make), with `audit:read` for any type, or with the
 * entity's read scope for types of that entity only (`types` then required).
 */
export function changeFilterFor(caller: Caller, types: string | undefined): ChangeFilter {
  if (!isAdmin(caller)) throw new ForbiddenError();
  const wanted = types?.split(',');
  const mayRead = (type: string) => caller.scopes.includes('audit:read') || caller.scopes.includes(ENTITY_READ_SCOPES[type.split('.')[0]!] ?? 'audit:read');
  if (wanted === undefined ? !caller.scopes.includes('audit:read') : !wanted.every(mayRead)) throw new ForbiddenError();
  if (wanted === undefined) return { tenantId: caller.tenantId };
  return {
    tenantId: caller.tenantId,
    types: wanted.filter((type) => !type.endsWith('.*')),
    entities: wanted.filter((type) => type.endsWith('.*')).map((type) => type.slice(0, -2)),
  };
}

export interface ChangePage {
  /** The changes of the query's types after its cursor, final as the page is: this page's and those after it. */
  count: number;
  results: AuditEntry[];
  /** Where the page ends (where it began when empty): the next read's `after`. */
  cursor: string;
  /** The page is full: more changes may follow at once. */
  full: boolean;
}

const formatCursor = (position: FeedPosition) => `${position.txId}.${position.seq}`;

function parseCursor(cursor: string | undefined): FeedPosition {
  if (cursor === undefined) return FEED_START;
  const [txId, seq] = cursor.split('.') as [string, string];
  return { txId, seq };
}

/** The page of the tenant's changes after the query's cursor, and their count, read in one snapshot (`GET /api/changes/`). */
export async function readChangePage(dataSource: DataSource, counts: FeedCounts, caller: Caller, query: ChangeFeedQuery): Promise<ChangePage> {
  const filter = changeFilterFor(caller, query.types);
  const after = parseCursor(query.after);
  const pageSize = query.page_size ?? DEFAULT_PAGE_SIZE;
  const { rows, counted } = await readInOneSnapshot(dataSource, async (db) => ({
    rows: await readChanges(db, filter, after, pageSize),
    counted: await counts.count(db, filter, after),
  }));
  const last = rows.at(-1);
  counts.keep(filter, last ?? after, counted.count - rows.length, counted.xmin);
  return {
    count: counted.count,
    results: rows.map(({ txId: _txId, seq: _seq, ...entry }) => entry),
    cursor: formatCursor(last ?? after),
    full: rows.length === pageSize,
  };
}
