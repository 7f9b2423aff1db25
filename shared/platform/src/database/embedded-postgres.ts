import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import type { Logger } from '../logging/logger';

/** The extensions the services' migrations create (see extensions.ts). */
const EXTENSIONS = { pg_trgm, btree_gin };

export interface EmbeddedPostgres {
  /** A `postgres://` URL any client (TypeORM's pool, a LISTEN client, a test) connects to. */
  url: string;
  stop(): Promise<void>;
}

/**
 * The embedded default of architecture §5: a PGlite database (PostgreSQL compiled to WebAssembly, in this
 * process) kept in `<dataDir>/<schema>/`, served on a local port with the PostgreSQL wire protocol, so
 * the service's code talks to it exactly as to a server.
 *
 * One instance per service: PGlite has a single session, which every connection shares (the socket
 * server queues their queries and keeps a transaction's queries together), so the session's
 * `search_path` is the service's schema. LISTEN/NOTIFY does not reach other connections of a shared
 * session: whoever waits on a notification also polls (the outbox relay, a service's own waiters).
 */
export async function startEmbeddedPostgres(options: { dataDir: string; schema: string; logger: Logger }): Promise<EmbeddedPostgres> {
  const folder = join(options.dataDir, options.schema);
  if (!existsSync(folder)) {
    mkdirSync(options.dataDir, { recursive: true });
    cpSync(await emptyDatabaseTemplate(), folder, { recursive: true });
  }
  const db = await PGlite.create({ dataDir: folder, extensions: EXTENSIONS });
  await db.exec(`CREATE SCHEMA IF NOT EXISTS "${options.schema}"; SET search_path TO "${options.schema}", public;`);
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 200 });
  (server as unknown as { queryQueue: ProtocolQueue }).queryQueue = new ProtocolQueue(db);
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

/** The installed PGlite's version: a data folder belongs to the version that made it. */
const PGLITE_VERSION = (JSON.parse(readFileSync(join(dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json'), 'utf8')) as { version: string }).version;

/** Where an initialised, empty PGlite data folder is kept for the machine. */
const TEMPLATE = join(tmpdir(), `crm-pglite-template-${PGLITE_VERSION}`);

/**
 * An empty database folder to copy: creating one (initdb in WebAssembly) takes about 3 s, copying it a
 * tenth of that, so a fresh start of six services initialises once. Made aside and renamed into place,
 * so processes starting together never see half of one.
 */
async function emptyDatabaseTemplate(): Promise<string> {
  if (existsSync(TEMPLATE)) return TEMPLATE;
  const making = mkdtempSync(`${TEMPLATE}-making-`);
  const db = await PGlite.create({ dataDir: making, extensions: EXTENSIONS });
  await db.close();
  try {
    renameSync(making, TEMPLATE);
  } catch {
    rmSync(making, { recursive: true, force: true }); // another process made it first
  }
  return TEMPLATE;
}

interface QueuedMessage {
  handlerId: number;
  message: Uint8Array;
  onData: (data: Uint8Array) => void;
  resolve: (bytes: number) => void;
  reject: (error: unknown) => void;
}

/** Messages after which a connection may leave the session to another: Sync, simple Query, Terminate, and the startup. */
function endsAnExchange(message: Uint8Array): boolean {
  const type = String.fromCharCode(message[0]!);
  const typed = message.length >= 5 && /[A-Za-z]/.test(type) && Buffer.from(message).readInt32BE(1) + 1 === message.length;
  return !typed || type === 'S' || type === 'Q' || type === 'X';
}

/**
 * The socket server's queue of protocol messages, one PGlite session for many connections. Its own queue
 * keeps a connection's transaction together but lets another connection's message run between a Parse
 * and its Bind ("unnamed prepared statement does not exist" under load); this one also keeps every
 * extended-query exchange (Parse … Sync) together.
 */
class ProtocolQueue {
  private queue: QueuedMessage[] = [];
  private processing = false;
  /** The connection holding the session: inside a transaction, or in the middle of an exchange. */
  private holder: number | null = null;

  constructor(private readonly db: PGlite) {}

  enqueue(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number> {
    return new Promise((resolve, reject) => {
      this.queue.push({ handlerId, message, onData, resolve, reject });
      void this.process();
    });
  }

  getQueueLength(): number {
    return this.queue.length;
  }

  clearQueueForHandler(handlerId: number): void {
    this.queue = this.queue.filter((item) => {
      if (item.handlerId !== handlerId) return true;
      item.reject(new Error('Handler disconnected'));
      return false;
    });
  }

  /** A connection that went away while holding the session gives it back (its transaction rolled back). */
  async clearTransactionIfNeeded(handlerId: number): Promise<void> {
    if (this.holder !== handlerId) return;
    if (this.db.isInTransaction()) await this.db.exec('ROLLBACK');
    this.holder = null;
    await this.process();
  }

  private async process(): Promise<void> {
    if (this.processing) return;
    this.processing = true;
    try {
      while (this.queue.length > 0) {
        const index = this.holder === null ? 0 : this.queue.findIndex((item) => item.handlerId === this.holder);
        if (index === -1) break; // the holder's next message has not arrived yet
        const [item] = this.queue.splice(index, 1);
        let bytes = 0;
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(item!.message, {
              onRawData: (data: Uint8Array) => {
                bytes += data.length;
                item!.onData(data);
              },
            }),
          );
        } catch (error) {
          this.holder = null;
          item!.reject(error);
          continue;
        }
        this.holder = this.db.isInTransaction() || !endsAnExchange(item!.message) ? item!.handlerId : null;
        item!.resolve(bytes);
      }
    } finally {
      this.processing = false;
    }
  }
}
