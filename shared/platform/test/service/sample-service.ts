import { Client } from 'pg';
import { Router } from 'express';
import { defineService } from '../../src/service/service-definition';
import { leadsMigrationsNamed } from '../database/fresh-schema';

/**
 * A service as small as one can be and still publish: the outbox, inbox and idempotency tables (the leads
 * service's frozen SQL), one event type, and one route that reads its schema. It runs under the name
 * `leads`, whose broker user the test servers have (ensure-servers.sh), in a schema of the test's own.
 * `startService` wires it as it wires every publishing service: the relay, the outbox gauges, the pool's.
 */
export function samplePublishingService(schema: string) {
  return defineService({
    name: 'leads',
    schema,
    defaultPort: 0,
    config: {},
    migrations: leadsMigrationsNamed('Messaging1763800000000', 'InboxRetention1765100000000', 'IdempotencyKeys1766000000000', 'IdempotencyKeysResultStatus1766100000000'),
    publishes: [{ type: 'lead.created', producer: 'leads', summary: 'A lead was created.' }],
    routes: ({ dataSource }) =>
      Router().get('/api/outbox-size/', async (_req, res) => {
        const [row] = (await dataSource.query('SELECT count(*)::int AS events FROM outbox')) as Array<{ events: number }>;
        res.json(row);
      }),
    api: [],
  });
}

/** Drops `schema` (a run starts from nothing); the service's start migrates it afresh. */
export async function dropSchema(databaseUrl: string, schema: string): Promise<void> {
  const admin = new Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } finally {
    await admin.end();
  }
}
