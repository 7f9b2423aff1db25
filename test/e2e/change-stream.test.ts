import { Broker, createLogger, embeddedBusJournal, readChangeStream, type StreamedChange, type StreamPosition } from '@crm/platform';
import { startTestSystem, type TestSystem } from '../support/system';
import { eventually, registerTenant } from '../support/tenants';

let system: TestSystem;
let broker: Broker;
beforeAll(async () => {
  system = await startTestSystem();
  // The system's broker as a reader outside it sees it: RabbitMQ, or on the embedded default the process's
  // in-process bus (the same journal names the same bus).
  const namespace = process.env.AMQP_NAMESPACE ?? 'crm';
  const logger = createLogger('change-stream-test', 'silent');
  broker = process.env.AMQP_URL
    ? new Broker({ url: process.env.AMQP_URL, namespace, logger })
    : new Broker({ inProcessJournal: embeddedBusJournal(process.env.EMBEDDED_DATA_DIR!, namespace), namespace, logger });
  await broker.connect();
});
afterAll(async () => {
  await broker.close();
  await system.stop();
});

/** Reads the stream from `from` until `done` says the changes so far are enough. */
async function readUntil(from: StreamPosition, done: (changes: StreamedChange[]) => boolean, whileReading = async () => undefined): Promise<StreamedChange[]> {
  const changes: StreamedChange[] = [];
  const reading = await readChangeStream(broker, broker.names.changeStream, { from, onChange: (change) => void changes.push(change) });
  try {
    await whileReading();
    await eventually(async () => (done(changes) ? true : undefined), 60_000, 'the changes in the stream');
    return changes;
  } finally {
    await reading.stop();
  }
}

describe('the change stream of the running system', () => {
  it("retains every change of a record, in version order, for a reader attached now and one attached later", async () => {
    const admin = await registerTenant(system.api);
    let leadId = '';
    const ofLead = (changes: StreamedChange[]) => changes.filter((change) => change.event.subject === leadId);
    const live = await readUntil(
      'next',
      (changes) => ofLead(changes).length === 4,
      async () => {
        leadId = (await system.api.post('/api/leads/', { first_name: 'Ada' }, { token: admin.access })).body.id;
        for (const name of ['B', 'C']) await system.api.patch(`/api/leads/${leadId}/`, { last_name: name }, { token: admin.access });
        expect((await system.api.delete(`/api/leads/${leadId}/`, { token: admin.access })).status).toBe(204);
      },
    );
    expect(ofLead(live).map(({ event }) => event.type)).toEqual(['lead.created', 'lead.updated', 'lead.updated', 'lead.deleted']);
    // Published by leads' relay under its own broker user, which RabbitMQ checked (docs/security.md §10.2).
    expect(ofLead(live).map(({ publishedBy }) => publishedBy)).toEqual(['crm-leads', 'crm-leads', 'crm-leads', 'crm-leads']);
    const versions = ofLead(live).map(({ event }) => event.data.version as number);
    expect(versions.slice(0, 3)).toEqual([1, 2, 3]);
    expect(versions[3]).toBeGreaterThanOrEqual(3);
    // A system joining late: attached at the first change's offset, it reads the same, in the same order.
    const late = await readUntil(ofLead(live)[0]!.offset, (changes) => ofLead(changes).length === 4);
    expect(ofLead(late).map(({ offset, event }) => [offset, event.id])).toEqual(ofLead(live).map(({ offset, event }) => [offset, event.id]));
  });
});
