import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import amqp, { type Channel, type ChannelModel, type ConsumeMessage } from 'amqplib';
import { type DataSource, type EntityManager } from '../../src/database';
import { createLogger } from '../../src/logging/logger';
import { currentRequestId } from '../../src/http/request-context';
import { Broker, createEvent, topologyNames, type CrmEvent } from '../../src/messaging';
import { leadsMigrationsNamed, openFreshSchema } from '../database/fresh-schema';

export const DATABASE_URL = process.env.DATABASE_URL!;
export const AMQP_URL = process.env.AMQP_URL!;
export const logger = createLogger('msgtest', process.env.LOG_LEVEL ?? 'silent');

/** A namespace of its own per test file, so files never see each other's messages. */
export function uniqueNamespace(name: string): string {
  return `${process.env.AMQP_NAMESPACE ?? 'crmtest'}-${name}-${randomBytes(4).toString('hex')}`;
}

/** A fresh schema with the messaging tables and `handled`, the table the test handlers write. */
export async function openTestDatabase(schema: string): Promise<DataSource> {
  return openFreshSchema(
    schema,
    [
      ...leadsMigrationsNamed('Messaging1763800000000', 'InboxRetention1765100000000'),
      {
        name: 'MessagingTest1763800000001',
        up: `CREATE TABLE handled (
               seq bigserial PRIMARY KEY,
               event_id uuid NOT NULL,
               type text NOT NULL,
               subject text NOT NULL,
               request_id text
             )`,
      },
    ],
    { poolSize: 20 },
  );
}

/** Events of a test file: from its own source, in its tenant, each about a new subject. */
export const eventsFrom =
  (source: string, tenantId: string) =>
  (type: string, data: Record<string, unknown> = {}): CrmEvent =>
    createEvent({ source, type, subject: randomUUID(), tenantId, actor: null, data });

/** What a messaging test file works with: its database, a connected broker on its namespace, a raw connection. */
export interface MessagingTest {
  dataSource: DataSource;
  broker: Broker;
  raw: RawAmqp;
  /** Closes all three, deleting the file's queues. */
  close(queues: string[]): Promise<void>;
}

export async function openMessagingTest(schema: string, namespace: string): Promise<MessagingTest> {
  const dataSource = await openTestDatabase(schema);
  const broker = new Broker({ url: AMQP_URL, namespace, logger, reconnectDelayMs: 100 });
  await broker.connect();
  const raw = await RawAmqp.open();
  return {
    dataSource,
    broker,
    raw,
    async close(queues) {
      await broker.close();
      await raw.deleteNamespace(namespace, queues);
      await raw.close();
      await dataSource.destroy();
    },
  };
}

/** The effect the tests count: one `handled` row per call, no uniqueness, so a duplicate shows. */
export const recordHandled = async (event: CrmEvent, manager: EntityManager): Promise<void> => {
  await manager.query('INSERT INTO handled (event_id, type, subject, request_id) VALUES ($1, $2, $3, $4)', [
    event.id,
    event.type,
    event.subject,
    currentRequestId() ?? null,
  ]);
};

export async function handledCounts(dataSource: DataSource, typePrefix: string): Promise<{ rows: number; distinct: number }> {
  const [row]: { rows: number; distinct: number }[] = await dataSource.query(
    `SELECT count(*)::int AS rows, count(DISTINCT event_id)::int AS distinct FROM handled WHERE type LIKE $1`,
    [`${typePrefix}%`],
  );
  return row;
}

/** Polls until `probe` returns something other than undefined/false, or fails after `timeoutMs`. */
export async function eventually<T>(probe: () => Promise<T | undefined | false> | T | undefined | false, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await delay(20);
  }
}

export const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A connection of the test's own, to look at the broker from outside the library. */
export class RawAmqp {
  private constructor(
    readonly connection: ChannelModel,
    readonly channel: Channel,
  ) {}

  static async open(): Promise<RawAmqp> {
    const connection = await amqp.connect(AMQP_URL, { noDelay: true });
    const channel = await connection.createChannel();
    return new RawAmqp(connection, channel);
  }

  /**
   * An exclusive queue that sees every message published with a matching key: counts what the relay
   * really put on the wire, duplicates included.
   */
  async spy(namespace: string, bindingKey: string): Promise<ConsumeMessage[]> {
    const seen: ConsumeMessage[] = [];
    const { exchange } = topologyNames(namespace);
    await this.channel.assertExchange(exchange, 'topic', { durable: true });
    const { queue } = await this.channel.assertQueue('', { exclusive: true, autoDelete: true });
    await this.channel.bindQueue(queue, exchange, bindingKey);
    await this.channel.consume(queue, (message) => message && seen.push(message), { noAck: true });
    return seen;
  }

  async messageCount(queue: string): Promise<number> {
    return (await this.channel.checkQueue(queue)).messageCount;
  }

  /** Drops every queue and exchange a test file made in its namespace. */
  async deleteNamespace(namespace: string, services: string[]): Promise<void> {
    const names = topologyNames(namespace);
    for (const queue of [...services.map(names.queue), names.deadLetterQueue, names.changeStream]) await this.channel.deleteQueue(queue);
    await this.channel.deleteExchange(names.exchange);
    await this.channel.deleteExchange(names.deadLetterExchange);
  }

  async close(): Promise<void> {
    await this.connection.close();
  }
}

const run = promisify(execFile);

/**
 * rabbitmqctl of the broker AMQP_URL names: RABBITMQCTL, a command line as deploy/rabbitmq/broker-users.sh takes it
 * (the rabbitmq4 phase: `scripts/rabbitmq4.sh ctl`), else the machine's.
 */
const [rabbitmqctl, ...rabbitmqctlArguments] = (process.env.RABBITMQCTL ?? 'rabbitmqctl').split(' ').filter((word) => word !== '');
const ctl = (...args: string[]) => run(rabbitmqctl!, [...rabbitmqctlArguments, ...args]);

/**
 * Has RabbitMQ close one connection, found by its `connection_name`, the way a broker shutting down
 * does (CONNECTION_FORCED). Only that connection: other work shares this server.
 */
export async function forceCloseConnection(connectionName: string): Promise<void> {
  const { stdout } = await ctl('list_connections', 'pid', 'client_properties', '-q', '--no-table-headers');
  const line = stdout.split('\n').find((entry) => entry.includes(`{"connection_name","${connectionName}"}`));
  if (!line) throw new Error(`No connection named ${connectionName}`);
  await ctl('close_connection', line.split('\t')[0]!, 'forced by a test');
}
