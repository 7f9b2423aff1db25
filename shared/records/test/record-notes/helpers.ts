import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import { type Caller, hasSalesAccess, InternalTokenSigner, isAdmin, mintInternalToken } from '@crm/platform';
import { queryOne, type DataSource, type Db } from '@crm/platform';
import { ForbiddenError, NotFoundError } from '@crm/platform';
import { createServiceApp, listen, type RunningServer } from '@crm/platform';
import { createLogger } from '@crm/platform';
import { recordNotesRoutes } from '../../src/record-notes';
import { TenantQuotas } from '../../src/quotas/tenant-quotas';
import { leadsMigrationsNamed, openFreshSchema } from '../../../platform/test/database/fresh-schema';

/** The gateway's development key, as a service checks it without INTERNAL_TOKEN_PUBLIC_KEYS. */
const DEV_GATEWAY = new InternalTokenSigner('gateway');

export const DATABASE_URL = process.env.DATABASE_URL!;
export const AUDIENCE = 'notestest';
export const MB = 1024 * 1024;
export const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
export const NOT_FOUND = { detail: 'Not found.' };

/** A fresh schema with the notes tables and `things`, a stand-in record table (tenant and creator only). */
export async function openNotesTestDatabase(schema: string): Promise<DataSource> {
  return openFreshSchema(
    schema,
    [
      ...leadsMigrationsNamed('NotesAndFiles1763900060000', 'TenantQuotas1767400000000'),
      {
        name: 'Things1764100000001',
        up: `CREATE TABLE things (id uuid PRIMARY KEY, tenant_id uuid NOT NULL, created_by uuid NOT NULL)`,
      },
    ],
    {},
  );
}

export function callerIn(tenantId: string, role: Caller['role'], salesAccess = true): Caller {
  const id = randomUUID();
  return { userId: randomUUID(), tenantId, profileId: id, role, salesAccess, scopes: [], credential: { kind: 'user', id } };
}

export async function createThing(dataSource: DataSource, owner: Caller): Promise<string> {
  const id = randomUUID();
  await dataSource.query('INSERT INTO things (id, tenant_id, created_by) VALUES ($1, $2, $3)', [id, owner.tenantId, owner.profileId]);
  return id;
}

/**
 * What a service supplies: members without sales access may not use things (403); a thing is open to
 * an admin of its tenant and to the member who created it; anything else is a 404.
 */
export async function openThing(caller: Caller, recordId: string, db: Db, lock = false): Promise<void> {
  if (!hasSalesAccess(caller)) throw new ForbiddenError();
  const thing = await queryOne<{ tenant_id: string; created_by: string }>(
    db,
    `SELECT tenant_id, created_by FROM things WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
    [recordId],
  );
  if (!thing || thing.tenant_id !== caller.tenantId) throw new NotFoundError();
  if (!isAdmin(caller) && thing.created_by !== caller.profileId) throw new NotFoundError();
}

export interface NotesServer {
  dataSource: DataSource;
  server: RunningServer;
  close(): Promise<void>;
}

/**
 * The routes as a service mounts them, on the shared service shell: things at `/api/things` (record type
 * `thing`) and, over the same table, `/api/gadgets` (record type `gadget`), to show the types stay apart.
 * The clock moves one second per write, so "newest first" never depends on milliseconds.
 */
export async function startNotesServer(schema: string): Promise<NotesServer> {
  const dataSource = await openNotesTestDatabase(schema);
  let tick = 0;
  const clock = () => new Date(Date.UTC(2026, 0, 1) + 1000 * tick++);
  const routes = Router();
  const quotas = new TenantQuotas();
  routes.use(recordNotesRoutes({ dataSource, recordType: 'thing', basePath: '/api/things', openRecord: openThing, clock, quotas, collection: 'things' }));
  routes.use(recordNotesRoutes({ dataSource, recordType: 'gadget', basePath: '/api/gadgets', openRecord: openThing, clock, quotas, collection: 'gadgets' }));
  const app = createServiceApp({
    logger: createLogger(AUDIENCE, 'silent'),
    health: { draining: false },
    internalToken: { audience: AUDIENCE },
    routes,
  });
  const server = await listen(app, 0);
  return {
    dataSource,
    server,
    close: async () => {
      await server.close(100);
      await dataSource.destroy();
    },
  };
}

export interface Answer {
  status: number;
  headers: Headers;
  /** The parsed JSON body, when the answer is JSON. */
  body: any;
  bytes: Uint8Array;
}

/** One request as the gateway forwards it: the caller in a fresh internal token. */
export async function call(
  server: RunningServer,
  caller: Caller,
  method: string,
  path: string,
  init: { json?: unknown; form?: FormData; raw?: { contentType: string; body: string | Uint8Array } } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { 'x-crm-internal-token': await mintInternalToken(DEV_GATEWAY, AUDIENCE, caller) };
  let body: RequestInit['body'];
  if (init.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.json);
  } else if (init.form) {
    body = init.form; // fetch sets multipart/form-data with its boundary
  } else if (init.raw) {
    headers['content-type'] = init.raw.contentType;
    body = init.raw.body;
  }
  const res = await fetch(`${server.url}${path}`, { method, headers, body });
  const bytes = new Uint8Array(await res.arrayBuffer());
  const isJson = res.headers.get('content-type')?.startsWith('application/json') && bytes.length > 0;
  return { status: res.status, headers: res.headers, body: isJson ? JSON.parse(Buffer.from(bytes).toString('utf8')) : undefined, bytes };
}

/** A multipart form with one file (or several, or other fields, to test what is refused). */
export function formWith(...parts: Array<{ field?: string; content: Uint8Array | string; filename?: string; type?: string }>): FormData {
  const form = new FormData();
  for (const part of parts) {
    if (part.filename === undefined && typeof part.content === 'string') form.append(part.field ?? 'file', part.content);
    else form.append(part.field ?? 'file', new Blob([part.content], { type: part.type ?? '' }), part.filename ?? 'file.bin');
  }
  return form;
}

export async function countRows(dataSource: DataSource, table: 'notes' | 'attachments', recordId?: string): Promise<number> {
  const [row] = await dataSource.query(
    `SELECT count(*)::int AS n FROM ${table}${recordId ? ' WHERE record_id = $1' : ''}`,
    recordId ? [recordId] : [],
  );
  return row.n;
}
