import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Channel, ConfirmChannel, ConsumeMessage } from 'amqplib';
import { InProcessBus, topicMatches } from '../../src/messaging/in-process-bus';

const journal = () => join(mkdtempSync(join(tmpdir(), 'crm-bus-')), 'bus.jsonl');

/**
 * A consumer recording what it gets; `answer` decides per delivery: ack, `fail` (basic.reject, requeued: counted),
 * `return` (basic.nack, requeued: not counted), `drop` (basic.nack without requeue), `discard` (basic.reject without
 * requeue), or hold it unsettled.
 */
async function consumer(
  bus: InProcessBus,
  queue: string,
  answer: (m: ConsumeMessage) => 'ack' | 'fail' | 'return' | 'drop' | 'discard' | 'hold',
  args: Record<string, unknown> = {},
) {
  const channel = (await bus.connect().createChannel()) as unknown as Channel;
  const got: ConsumeMessage[] = [];
  await channel.prefetch(10);
  await channel.assertQueue(queue, { arguments: args });
  await channel.bindQueue(queue, 'ex', 'lead.*');
  await channel.consume(queue, (message) => {
    if (!message) return;
    got.push(message);
    const verdict = answer(message);
    if (verdict === 'ack') channel.ack(message);
    else if (verdict === 'fail') channel.reject(message, true);
    else if (verdict === 'return') channel.nack(message, false, true);
    else if (verdict === 'drop') channel.nack(message, false, false);
    else if (verdict === 'discard') channel.reject(message, false);
  });
  return { channel, got };
}

async function publish(bus: InProcessBus, key: string, body: string) {
  const channel = (await bus.connect().createConfirmChannel()) as unknown as Channel & { waitForConfirms(): Promise<void> };
  expect(channel.publish('ex', key, Buffer.from(body), { messageId: body, persistent: true })).toBe(true);
  await channel.waitForConfirms();
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('the in-process bus', () => {
  it('reads topic patterns as RabbitMQ does', () => {
    expect(topicMatches('lead.*', 'lead.created')).toBe(true);
    expect(topicMatches('lead.*', 'lead.created.x')).toBe(false);
    expect(topicMatches('#', 'profile.updated')).toBe(true);
    expect(topicMatches('lead.#', 'lead')).toBe(true);
    expect(topicMatches('*.merged', 'contact.merged')).toBe(true);
    expect(topicMatches('contact.merged', 'lead.merged')).toBe(false);
  });

  it("refuses, as RabbitMQ does, a connection's publish under another user-id (406) or with a routing key it may not publish (403), routing nothing", async () => {
    const bus = new InProcessBus(journal());
    const q = await consumer(bus, 'q', () => 'ack');
    const asContacts = bus.connect('crm-contacts', (exchange, key) => exchange !== 'ex' || key.startsWith('contact.'));
    const attempt = async (key: string, userId: string | undefined) => {
      const channel = (await asContacts.createConfirmChannel()) as unknown as ConfirmChannel;
      const errors: unknown[] = [];
      channel.on('error', (error) => errors.push(error));
      let confirm: Error | null | undefined;
      channel.publish('ex', key, Buffer.from(key), { messageId: key, userId }, (error: Error | null) => (confirm = error));
      await channel.waitForConfirms().catch(() => undefined);
      await settle();
      return { confirm, errors };
    };
    expect((await attempt('lead.converted', 'crm-contacts')).confirm).toMatchObject({ code: 403, message: expect.stringContaining('ACCESS_REFUSED') });
    const other = await attempt('lead.merged', 'crm-leads');
    expect(other.errors).toEqual([expect.objectContaining({ code: 406, message: expect.stringContaining("user_id property set to 'crm-leads' but authenticated user was 'crm-contacts'") })]);
    expect(await attempt('contact.created', 'crm-contacts')).toEqual({ confirm: null, errors: [] });
    await settle();
    expect(q.got).toEqual([]); // bound to lead.* only: neither refused publish arrived
  });

  it('routes a publish to every bound queue, and drops what no queue is bound to', async () => {
    const bus = new InProcessBus(journal());
    const a = await consumer(bus, 'a', () => 'ack');
    const b = await consumer(bus, 'b', () => 'ack');
    await publish(bus, 'lead.created', 'one');
    await publish(bus, 'contact.created', 'nobody');
    await settle();
    expect(a.got.map((m) => m.properties.messageId)).toEqual(['one']);
    expect(b.got.map((m) => m.content.toString())).toEqual(['one']);
  });

  it('redelivers a rejected (failed) message with its delivery count, and dead-letters it past the limit', async () => {
    const bus = new InProcessBus(journal());
    const dead = await consumerOfDeadLetters(bus);
    const failing = await consumer(bus, 'q', () => 'fail', { 'x-delivery-limit': 2, 'x-dead-letter-exchange': 'dlx' });
    await publish(bus, 'lead.merged', 'poison');
    await settle();
    expect(failing.got.map((m) => [m.fields.redelivered, m.properties.headers?.['x-delivery-count']])).toEqual([
      [false, undefined],
      [true, 1],
      [true, 2],
    ]);
    expect(dead.map((m) => [m.fields.routingKey, m.content.toString()])).toEqual([['lead.merged', 'poison']]);
  });

  it('counts the messages ready in a queue for checkQueue, not those delivered and unacked', async () => {
    const bus = new InProcessBus(journal());
    const held = await consumer(bus, 'q', () => 'hold');
    await held.channel.prefetch(2);
    for (const body of ['1', '2', '3', '4', '5']) await publish(bus, 'lead.created', body);
    await settle();
    expect(held.got).toHaveLength(2);
    expect(await held.channel.checkQueue('q')).toEqual({ queue: 'q', messageCount: 3, consumerCount: 1 });
    await expect(held.channel.checkQueue('never-declared')).rejects.toThrow(/NOT_FOUND/);
  });

  it('redelivers a nacked message as RabbitMQ 4.3 does: marked redelivered, not counted, so a nack never reaches the limit', async () => {
    const bus = new InProcessBus(journal());
    const dead = await consumerOfDeadLetters(bus);
    let nacks = 0;
    const returning = await consumer(bus, 'q', () => (++nacks <= 3 ? 'return' : 'ack'), { 'x-delivery-limit': 1, 'x-dead-letter-exchange': 'dlx' });
    await publish(bus, 'lead.created', 'not yet');
    await settle();
    expect(returning.got.map((m) => [m.fields.redelivered, m.properties.headers?.['x-delivery-count']])).toEqual([
      [false, undefined],
      [true, undefined],
      [true, undefined],
      [true, undefined],
    ]);
    expect(dead).toEqual([]);
  });

  it('dead-letters a message nacked or rejected without requeue at once', async () => {
    const bus = new InProcessBus(journal());
    const dead = await consumerOfDeadLetters(bus);
    const rejecting = await consumer(bus, 'q', (m) => (m.content.toString() === 'nacked' ? 'drop' : 'discard'), { 'x-delivery-limit': 5, 'x-dead-letter-exchange': 'dlx' });
    await publish(bus, 'lead.created', 'nacked');
    await publish(bus, 'lead.created', 'rejected');
    await settle();
    expect(rejecting.got).toHaveLength(2);
    expect(dead.map((m) => m.content.toString())).toEqual(['nacked', 'rejected']);
  });

  it('returns what a closed channel held unacked, and keeps within the prefetch', async () => {
    const bus = new InProcessBus(journal());
    const holding = await consumer(bus, 'q', () => 'hold');
    await holding.channel.prefetch(2);
    for (const body of ['1', '2', '3']) await publish(bus, 'lead.created', body);
    await settle();
    expect(holding.got.map((m) => m.content.toString())).toEqual(['1', '2']);
    await holding.channel.close();
    const next = await consumer(bus, 'q', () => 'ack');
    await settle();
    expect(next.got.map((m) => [m.content.toString(), m.fields.redelivered])).toEqual([
      ['1', true],
      ['2', true],
      ['3', false],
    ]);
  });

  it('keeps queues, bindings and every unacked message across a restart, and forgets the acked ones', async () => {
    const file = journal();
    const before = new InProcessBus(file);
    const first = await consumer(before, 'q', (m) => (m.content.toString() === 'acked' ? 'ack' : 'hold'));
    await publish(before, 'lead.created', 'acked');
    await publish(before, 'lead.created', 'in flight');
    await settle();
    expect(first.got).toHaveLength(2);

    const after = new InProcessBus(file); // the process restarted: nothing was closed
    const channel = (await after.connect().createChannel()) as unknown as Channel;
    const got: string[] = [];
    await channel.consume('q', (m) => m && got.push(m.content.toString()));
    await publish(after, 'lead.updated', 'routed by the kept binding');
    await settle();
    expect(got).toEqual(['in flight', 'routed by the kept binding']);
    expect(readFileSync(file, 'utf8')).not.toContain(Buffer.from('acked').toString('base64') + '"');
  });
});

async function consumerOfDeadLetters(bus: InProcessBus): Promise<ConsumeMessage[]> {
  const channel = (await bus.connect().createChannel()) as unknown as Channel;
  const dead: ConsumeMessage[] = [];
  await channel.assertQueue('dead-letter');
  await channel.bindQueue('dead-letter', 'dlx', '#');
  await channel.consume('dead-letter', (m) => m && dead.push(m) && channel.ack(m));
  return dead;
}
