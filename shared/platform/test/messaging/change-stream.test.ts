import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Channel, ConfirmChannel } from 'amqplib';
import { Broker, createEvent, readChangeStream, type ChangeStreamRetention, type StreamedChange, type StreamPosition } from '../../src/messaging';
import { InProcessBus } from '../../src/messaging/in-process-bus';
import { replayEvents } from '../../../../scripts/replay-events';
import { AMQP_URL, eventually, logger, RawAmqp, uniqueNamespace } from './helpers';

const RECORDS = 50;
const VERSIONS = 20; // 50 records × 20 versions: 1,000 changes

/** Publishes as the relay does (confirm channel, the events exchange, routing key = type), `count` versions of each record. */
async function publishChanges(broker: Broker, records: string[], fromVersion: number, count: number): Promise<void> {
  const channel: ConfirmChannel = await broker.createConfirmChannel();
  for (let version = fromVersion; version < fromVersion + count; version += 1) {
    for (const id of records) {
      const event = createEvent({ source: 'leads', type: version === 1 ? 'lead.created' : 'lead.updated', subject: id, tenantId: randomUUID(), actor: null, data: { version } });
      channel.publish(broker.names.exchange, event.type, Buffer.from(JSON.stringify(event)), { messageId: event.id, persistent: true });
    }
  }
  await channel.waitForConfirms();
  await channel.close();
}

/** Reads from `from` until `wanted` changes came, or `stopAfter` were read (then stops, as a consumer shut down would). */
async function readChanges(broker: Broker, from: StreamPosition, wanted: number, stopAfter = Infinity): Promise<StreamedChange[]> {
  const read: StreamedChange[] = [];
  const reading = await readChangeStream(broker, broker.names.changeStream, {
    from,
    prefetch: 100,
    onChange: (change) => {
      read.push(change);
      if (read.length === stopAfter) void reading.stop();
    },
  });
  await eventually(() => read.length >= Math.min(wanted, stopAfter), `${Math.min(wanted, stopAfter)} changes`, 20_000);
  await reading.stop();
  return read;
}

/** Each record's versions as the reader saw them: in order, every one. */
function versionsByRecord(changes: StreamedChange[]): Map<string, number[]> {
  const byRecord = new Map<string, number[]>();
  for (const { event } of changes) byRecord.set(event.subject, [...(byRecord.get(event.subject) ?? []), event.data.version as number]);
  return byRecord;
}

const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

const busFolder = mkdtempSync(join(tmpdir(), 'changes-bus-'));

describe.each([
  ['RabbitMQ', (namespace: string, changeStream?: ChangeStreamRetention) => new Broker({ url: AMQP_URL, namespace, logger, reconnectDelayMs: 100, changeStream })],
  ['the in-process bus', (namespace: string, changeStream?: ChangeStreamRetention) => new Broker({ inProcessJournal: join(busFolder, `${namespace}.jsonl`), namespace, logger, changeStream })],
])('the change stream on %s', (_backend, openBroker) => {
  let broker: Broker;
  const namespace = uniqueNamespace('changes');
  const records = range(0, RECORDS).map(() => randomUUID());

  beforeAll(async () => {
    broker = openBroker(namespace);
    await broker.connect();
    await publishChanges(broker, records, 1, VERSIONS);
  });

  afterAll(async () => {
    await broker.close();
    if (_backend === 'RabbitMQ') {
      const raw = await RawAmqp.open();
      await raw.deleteNamespace(namespace, []);
      await raw.close();
    }
  });

  it('gives a consumer attached after 1,000 changes every one of them, each record in version order', async () => {
    const changes = await readChanges(broker, 'first', RECORDS * VERSIONS);
    expect(changes).toHaveLength(RECORDS * VERSIONS);
    expect(changes.map((change) => change.offset)).toEqual(range(changes[0]!.offset, RECORDS * VERSIONS));
    const byRecord = versionsByRecord(changes);
    expect(byRecord.size).toBe(RECORDS);
    for (const versions of byRecord.values()) expect(versions).toEqual(range(1, VERSIONS));
  });

  it('resumes a consumer restarted at its saved offset with no gap and no repeat', async () => {
    const first = await readChanges(broker, 'first', RECORDS * VERSIONS, 321);
    expect(first).toHaveLength(321);
    const saved = first.at(-1)!.offset;
    await publishChanges(broker, records, VERSIONS + 1, 2); // written while it was away
    const rest = await readChanges(broker, saved + 1, RECORDS * (VERSIONS + 2) - 321);
    const all = [...first, ...rest];
    expect(all).toHaveLength(RECORDS * (VERSIONS + 2));
    expect(new Set(all.map((change) => change.event.id)).size).toBe(all.length);
    expect(all.map((change) => change.offset)).toEqual(range(first[0]!.offset, all.length));
    for (const versions of versionsByRecord(all).values()) expect(versions).toEqual(range(1, VERSIONS + 2));
  });

  it('lets a service with other retention settings start, every change still there', async () => {
    const other = openBroker(namespace, { maxAgeMs: 3_600_000, maxBytes: 10_000_000 });
    await other.connect();
    await other.close();
    expect(await readChanges(broker, 'first', RECORDS * VERSIONS, 10)).toHaveLength(10);
  });

  it('attaches at a time: the changes published from then on', async () => {
    await new Promise((resolve) => setTimeout(resolve, 1100)); // AMQP times are whole seconds
    const since = new Date();
    await publishChanges(broker, records.slice(0, 1), VERSIONS + 3, 1);
    const changes = await readChanges(broker, since, 1);
    expect(changes.map((change) => change.event.data.version)).toEqual([VERSIONS + 3]);
  });
});

describe('the change stream of the in-process bus', () => {
  it('is journaled: a restarted bus has every change at the same offsets, and trims by age', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'changes-journal-')), 'bus.jsonl');
    const before = new InProcessBus(file);
    before.assertQueue('ns.changes', { 'x-queue-type': 'stream', 'x-max-age': '1s' });
    before.bindQueue('ns.changes', 'ns.events', '#');
    for (const n of range(0, 5)) before.publish('ns.events', 'lead.updated', Buffer.from(String(n)), {});
    await before.synced();

    const read = async (bus: InProcessBus) => {
      const channel = await (bus.connect() as unknown as { createChannel(): Promise<Channel> }).createChannel();
      await channel.prefetch(10);
      const got: Array<[number, string]> = [];
      await channel.consume('ns.changes', (m) => m && got.push([m.properties.headers!['x-stream-offset'], m.content.toString()]), { arguments: { 'x-stream-offset': 'first' } });
      await new Promise((resolve) => setTimeout(resolve, 20));
      await channel.close();
      return got;
    };
    expect(await read(new InProcessBus(file))).toEqual(range(0, 5).map((n) => [n, String(n)]));

    const after = new InProcessBus(file);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    after.publish('ns.events', 'lead.updated', Buffer.from('5'), {}); // past the age of the first five: they go
    await after.synced();
    expect(await read(after)).toEqual([[5, '5']]);
    expect(await read(new InProcessBus(file))).toEqual([[5, '5']]);
  });
});

describe('scripts/replay-events', () => {
  it('prints the changes of a type and tenant from the start, then, run again, only those written since', async () => {
    const broker = new Broker({ url: AMQP_URL, namespace: uniqueNamespace('replay'), logger, reconnectDelayMs: 100 });
    await broker.connect();
    const namespace = broker.names.exchange.replace(/\.events$/, '');
    const tenant = randomUUID();
    const channel = await broker.createConfirmChannel();
    const publish = (type: string, tenantId: string, n: number) => {
      const event = createEvent({ source: 'leads', type, subject: randomUUID(), tenantId, actor: null, data: { n } });
      channel.publish(broker.names.exchange, type, Buffer.from(JSON.stringify(event)), { messageId: event.id, persistent: true });
    };
    const offsetFile = join(mkdtempSync(join(tmpdir(), 'replay-')), 'offset');
    const replay = async () => {
      const lines: string[] = [];
      const options = { amqpUrl: AMQP_URL, namespace, from: 'first' as const, types: ['lead.*'], tenant, offsetFile, follow: false, idleMs: 300 };
      const count = await replayEvents({ ...options, print: (line) => lines.push(line) });
      expect(count).toBe(lines.length);
      return lines.map((line) => JSON.parse(line) as { offset: number; type: string; tenantid: string; data: { n: number } });
    };
    try {
      for (const n of range(0, 10)) {
        publish('lead.created', tenant, n);
        publish('contact.created', tenant, n); // another type
        publish('lead.created', randomUUID(), n); // another tenant
      }
      await channel.waitForConfirms();
      const first = await replay();
      expect(first.map((change) => change.data.n)).toEqual(range(0, 10));
      expect(first.every((change) => change.type === 'lead.created' && change.tenantid === tenant)).toBe(true);
      for (const n of range(10, 5)) publish('lead.created', tenant, n);
      await channel.waitForConfirms();
      const second = await replay();
      expect(second.map((change) => change.data.n)).toEqual(range(10, 5));
      expect(second[0]!.offset).toBeGreaterThan(first.at(-1)!.offset);
    } finally {
      await channel.close();
      await broker.close();
      const raw = await RawAmqp.open();
      await raw.deleteNamespace(namespace, []);
      await raw.close();
    }
  });
});
