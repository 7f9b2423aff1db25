import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { NotificationListener } from '../../src/database';
import { createLogger } from '../../src/logging/logger';
import { delay, eventually } from '../messaging/helpers';

/**
 * The one LISTEN connection of the platform (the outbox relay's, the conversion waiter's) against the real
 * PostgreSQL: notifications on its channel arrive, and when the database ends its connection (a restart,
 * `pg_terminate_backend`) it connects and listens again by itself, saying so (`onListening`).
 */
const DATABASE_URL = process.env.DATABASE_URL!;
const logger = createLogger('notification-listener-test', 'silent');
let admin: Client;
const running: NotificationListener[] = [];

beforeAll(async () => {
  admin = new Client({ connectionString: DATABASE_URL });
  await admin.connect();
});
afterEach(async () => {
  for (const listener of running.splice(0)) await listener.stop();
});
afterAll(() => admin.end());

function listen(channel: string, applicationName: string) {
  const received: string[] = [];
  const listened = { times: 0 };
  const listener = new NotificationListener({
    databaseUrl: DATABASE_URL,
    channel,
    logger,
    onNotification: (payload) => received.push(payload),
    onListening: () => (listened.times += 1),
    reconnectDelayMs: 50,
    applicationName,
  });
  running.push(listener);
  return { listener, received, listened };
}

const notify = (channel: string, payload: string) => admin.query('SELECT pg_notify($1, $2)', [channel, payload]);
const connectionsNamed = async (applicationName: string) =>
  (await admin.query('SELECT pid FROM pg_stat_activity WHERE application_name = $1', [applicationName])).rows as { pid: number }[];

describe('the notification listener', () => {
  it('when a notification is sent on its channel, then it calls back with its payload, and with nothing sent on another channel', async () => {
    const channel = `crm_test_${randomUUID().slice(0, 8)}`;
    const { listener, received } = listen(channel, `listener-${randomUUID()}`);
    await listener.start();
    await notify(`${channel}_other`, 'not mine');
    await notify(channel, 'first');
    await eventually(() => received.includes('first'), 'the first notification');
    expect(received).toEqual(['first']);
  });

  it('when the database terminates its connection, then it reconnects, listens again, and notifications arrive again', async () => {
    const channel = `crm_test_${randomUUID().slice(0, 8)}`;
    const name = `listener-${randomUUID()}`;
    const { listener, received, listened } = listen(channel, name);
    await listener.start();
    await notify(channel, 'before');
    await eventually(() => received.includes('before'), 'the notification before the restart');

    const [connection] = await connectionsNamed(name);
    const { rows } = await admin.query('SELECT pg_terminate_backend($1) AS ended', [connection!.pid]);
    expect(rows).toEqual([{ ended: true }]);

    await eventually(async () => listened.times === 2 && (await connectionsNamed(name)).some(({ pid }) => pid !== connection!.pid), 'listening again on a new connection');
    await notify(channel, 'after');
    await eventually(() => received.includes('after'), 'the notification after the restart');
    expect(received).toEqual(['before', 'after']);
  });

  it('when stopped, then its connection closes and it does not connect again', async () => {
    const name = `listener-${randomUUID()}`;
    const { listener } = listen(`crm_test_${randomUUID().slice(0, 8)}`, name);
    await listener.start();
    expect(await connectionsNamed(name)).toHaveLength(1);
    await listener.stop();
    await eventually(async () => (await connectionsNamed(name)).length === 0, 'its connection closed');
    await delay(200);
    expect(await connectionsNamed(name)).toHaveLength(0);
  });

  it('when stopped while it is still connecting (a service stopped as soon as it started), then it stops all the same and leaves no connection', async () => {
    const name = `listener-${randomUUID()}`;
    const { listener } = listen(`crm_test_${randomUUID().slice(0, 8)}`, name);
    void listener.start();
    await listener.stop();
    await delay(200);
    expect(await connectionsNamed(name)).toHaveLength(0);
  });
});
