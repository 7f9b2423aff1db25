import type { ConnectionOptions } from 'node:tls';
import { amqpTlsConfig, amqpTlsOptions, loadConfig } from '@crm/platform';
import amqp, { type ChannelModel } from 'amqplib';
import { SERVICE_SCHEMAS } from './backup-set';

/** Messages purged per queue; null when the queue does not exist (a service that consumes nothing). */
export type PurgedQueues = Record<string, number | null>;

/**
 * Empties each service's queue `<ns>.<service>`. After a restore their messages tell of writes the
 * restore undid (or of events the replay publishes again): handled, they would put into the replicas and
 * the audit log what the owners no longer hold. `<ns>.dead-letter` is left alone: what is there waits
 * for an operator's judgement, and the purge has nothing to say about it.
 */
export async function purgeServiceQueues(amqpUrl: string, namespace: string, tls: ConnectionOptions | undefined = amqpTlsFromEnvironment(amqpUrl)): Promise<PurgedQueues> {
  const connection = await amqp.connect(amqpUrl, tls);
  try {
    const purged: PurgedQueues = {};
    for (const { service } of SERVICE_SCHEMAS) {
      const queue = `${namespace}.${service}`;
      purged[queue] = await purgeIfDeclared(connection, queue);
    }
    return purged;
  } finally {
    await connection.close().catch(() => undefined);
  }
}

/** With an amqps:// URL, the TLS files the services use too (AMQP_CA_FILE …), from the tool's environment. */
function amqpTlsFromEnvironment(amqpUrl: string): ConnectionOptions | undefined {
  return amqpTlsOptions({ ...loadConfig(amqpTlsConfig), AMQP_URL: amqpUrl });
}

/** A channel per queue: asking for a queue that does not exist closes the channel it was asked on. */
async function purgeIfDeclared(connection: ChannelModel, queue: string): Promise<number | null> {
  const channel = await connection.createChannel();
  channel.on('error', () => undefined); // the 404 below closes the channel with an error event too
  try {
    await channel.checkQueue(queue);
  } catch (error) {
    if ((error as { code?: unknown }).code === 404) return null;
    throw error;
  }
  try {
    return (await channel.purgeQueue(queue)).messageCount;
  } finally {
    await channel.close().catch(() => undefined);
  }
}
