import amqp from 'amqplib';
import { SERVICE_SCHEMAS } from '../../system/src/backup/backup-set';

/** The queues a namespace's system declares: one per service, the dead letters, the change stream. */
const QUEUES = [...SERVICE_SCHEMAS.map(({ service }) => service), 'dead-letter', 'changes'];

/**
 * Deletes a broker namespace's queues and exchanges, so a system started on it begins with nothing
 * waiting: events an earlier suite left unconsumed would otherwise be worked through before its own.
 */
export async function resetBrokerNamespace(amqpUrl: string, namespace: string): Promise<void> {
  const connection = await amqp.connect(amqpUrl);
  try {
    const channel = await connection.createChannel();
    for (const queue of QUEUES) await channel.deleteQueue(`${namespace}.${queue}`);
    await channel.deleteExchange(`${namespace}.events`);
    await channel.deleteExchange(`${namespace}.dlx`);
    await channel.close();
  } finally {
    await connection.close();
  }
}
