import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import type { Logger } from '../logging/logger';

export interface EmbeddedPostgres {
  /** A `postgres://` URL any client (TypeORM's pool, a LISTEN client, a test) connects to. */
  url: string;
  stop(): Promise<void>;
}

/**
 * The embedded default of DESIGN §9: a PGlite database (PostgreSQL compiled to WebAssembly, in this
 * process) kept in `<dataDir>/<schema>/`, served on a local port with the PostgreSQL wire protocol, so
 * the service's code talks to it exactly as to a server.
 *
 * One instance per service: PGlite has a single session, which every connection shares (the socket
 * server queues their queries and keeps a transaction's queries together), so the session's
 * `search_path` is the service's schema. LISTEN/NOTIFY does not reach other connections of a shared
 * session: whoever waits on a notification also polls (the outbox relay, the conversion waiter).
 */
export async function startEmbeddedPostgres(options: { dataDir: string; schema: string; logger: Logger }): Promise<EmbeddedPostgres> {
  const folder = join(options.dataDir, options.schema);
  mkdirSync(folder, { recursive: true });
  const db = await PGlite.create({ dataDir: folder, extensions: { pg_trgm } });
  await db.exec(`CREATE SCHEMA IF NOT EXISTS "${options.schema}"; SET search_path TO "${options.schema}", public;`);
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 200 });
  await server.start();
  const url = `postgres://postgres@${server.getServerConn()}/postgres`;
  options.logger.info({ folder }, 'embedded PostgreSQL (PGlite) started');
  return {
    url,
    stop: async () => {
      await server.stop();
      await db.close();
    },
  };
}
