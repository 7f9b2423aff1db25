import amqp, { type ConsumeMessage } from 'amqplib';
import { brokerUserOf, createEvent, embeddedBusJournal, inProcessBus, serviceAmqpUrl, topologyNames } from '@crm/platform';
import type { TestSystem } from './system';
import { eventually, type TenantAdmin } from './tenants';

/**
 * Events in end-to-end tests, for any service: publish one the way another service would, wait until a
 * consumer handled it or a replica holds what it announced, read what a service wrote to its outbox and
 * what reached the audit log.
 */

/**
 * Waits until `service`'s profile replica holds every profile given (auth's `profile.created` travels
 * through the bus), so owners show their e-mail and can be given records.
 */
export async function waitForProfilesIn(system: TestSystem, service: string, profileIds: string[]): Promise<void> {
  const dataSource = system.services[service]!.dataSource;
  await eventually(
    async () => {
      const [row] = await dataSource.query(`SELECT count(*)::int AS n FROM profiles WHERE id = ANY($1::uuid[])`, [profileIds]);
      return row.n === new Set(profileIds).size ? true : undefined;
    },
    15_000,
    `profiles ${profileIds.join(', ')} in the ${service} replica`,
  );
}

/**
 * Publishes an event on the test namespace's exchange as its service would (as the broker user of its
 * `source`, its user-id; CloudEvents envelope, routing key = type, persistent, message id = event id);
 * answers the event id. With `id`, the message of that id again: a redelivery. `publishAs`: another broker
 * user's connection and user-id, or null: the guest's without one (forgeries, which consumers must refuse).
 */
export async function publishEvent(input: {
  id?: string;
  source: string;
  type: string;
  tenantId: string;
  subject: string;
  data: Record<string, unknown>;
  publishAs?: string | null;
}): Promise<string> {
  const created = createEvent({ source: input.source, type: input.type, subject: input.subject, tenantId: input.tenantId, actor: null, data: input.data });
  const event = input.id === undefined ? created : { ...created, id: input.id };
  // The embedded default: this process's in-process bus, which the system under test shares.
  const user = input.publishAs === undefined ? brokerUserOf(input.source) : (input.publishAs ?? undefined);
  const connection = process.env.AMQP_URL
    ? await amqp.connect(asBrokerUser(process.env.AMQP_URL, user ?? 'guest'))
    : inProcessBus(embeddedBusJournal(process.env.EMBEDDED_DATA_DIR!, process.env.AMQP_NAMESPACE ?? 'crm')).connect(user);
  try {
    const channel = await connection.createConfirmChannel();
    channel.publish(`${process.env.AMQP_NAMESPACE ?? 'crm'}.events`, event.type, Buffer.from(JSON.stringify(event)), {
      messageId: event.id,
      persistent: true,
      contentType: 'application/json',
      userId: user,
    });
    await channel.waitForConfirms();
  } finally {
    await connection.close();
  }
  return event.id;
}

/** The AMQP URL as a development broker user (`crm-<service>`, or guest). */
function asBrokerUser(amqpUrl: string, user: string): string {
  if (user === 'guest') return amqpUrl;
  return serviceAmqpUrl(amqpUrl, user.replace(/^crm-/, ''), 'test');
}

/** Waits until `service`'s consumer has handled the event (its inbox holds the id). */
export async function waitForHandled(system: TestSystem, service: string, eventId: string): Promise<void> {
  const dataSource = system.services[service]!.dataSource;
  await eventually(
    async () => ((await dataSource.query(`SELECT 1 FROM inbox WHERE message_id = $1`, [eventId])).length > 0 ? true : undefined),
    15_000,
    `event ${eventId} handled by ${service}`,
  );
}

/** The events `service` wrote to its outbox about a record, oldest first. */
export async function outboxEvents(system: TestSystem, service: string, recordId: string): Promise<{ type: string; data: any }[]> {
  const rows = await system.services[service]!.dataSource.query(`SELECT type, payload FROM outbox WHERE subject = $1 ORDER BY seq`, [recordId]);
  return rows.map((row: { type: string; payload: { data: unknown } }) => ({ type: row.type, data: row.payload.data }));
}

/**
 * The audit log entries of one record, oldest first, once there are `count` of them. Both the count and
 * the page must say so: the list reads them in two statements, so an entry landing between them can
 * make the count say 3 over a page of 2.
 */
export async function auditEntries(system: TestSystem, admin: TenantAdmin, recordId: string, count: number): Promise<any[]> {
  return eventually(
    async () => {
      const res = await system.api.get(`/api/audit-logs/?record_id=${recordId}&ordering=time&page_size=100`, { token: admin.access });
      return res.body.count === count && res.body.results.length === count ? res.body.results : undefined;
    },
    20_000,
    `${count} audit entries for ${recordId}`,
  );
}

/**
 * The dead letters of an event in the test's namespace, once there are `count` (one per consuming service that
 * refused or gave up on it): read, then given back (left unacked, they stay in the dead-letter queue).
 */
export async function deadLettersOf(eventId: string, count: number, timeoutMs = 20_000): Promise<ConsumeMessage[]> {
  const namespace = process.env.AMQP_NAMESPACE ?? 'crm';
  const connection = process.env.AMQP_URL ? await amqp.connect(process.env.AMQP_URL) : inProcessBus(embeddedBusJournal(process.env.EMBEDDED_DATA_DIR!, namespace)).connect();
  try {
    const channel = await connection.createChannel();
    const seen: ConsumeMessage[] = [];
    await channel.consume(topologyNames(namespace).deadLetterQueue, (message) => message && seen.push(message));
    return await eventually(async () => {
      const ours = seen.filter((message) => message.properties.messageId === eventId);
      return ours.length >= count ? ours : undefined;
    }, timeoutMs, `${count} dead letters of ${eventId}`);
  } finally {
    await connection.close();
  }
}
